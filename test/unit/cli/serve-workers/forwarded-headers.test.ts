import { describe, expect, it } from 'vitest';
import {
  forwardedRequestHeaders,
  forwardedResponseHeaders,
} from '../../../../src-main/cli/serve-workers/forwarded-headers';

describe('forwarded headers', () => {
  it('passes end-to-end request headers as sent, repeated ones and Host included', () => {
    const raw = [
      'Host',
      '127.0.0.1:2333',
      'X-Api-Key',
      'k',
      'x-lancedb-database',
      'main',
      'Accept',
      'a',
      'Accept',
      'b',
      'Content-Length',
      '2',
    ];
    expect(forwardedRequestHeaders(raw)).toEqual(raw);
  });

  it('drops hop-by-hop headers and those Connection names, keeps chunked request framing', () => {
    const raw = [
      'Connection',
      'keep-alive, X-Hop',
      'Keep-Alive',
      'timeout=5',
      'X-Hop',
      'only for this hop',
      'Expect',
      '100-continue',
      'Upgrade',
      'websocket',
      'TE',
      'trailers',
      'Proxy-Connection',
      'keep-alive',
      'Transfer-Encoding',
      'chunked',
      'Content-Type',
      'application/json',
    ];
    expect(forwardedRequestHeaders(raw)).toEqual([
      'Transfer-Encoding',
      'chunked',
      'Content-Type',
      'application/json',
    ]);
  });

  it('drops the response framing, which the primary writes itself', () => {
    const raw = [
      'content-type',
      'application/vnd.apache.arrow.stream',
      'transfer-encoding',
      'chunked',
      'connection',
      'close',
      'retry-after',
      '1',
      'phalanx-version',
      '0.3.0',
    ];
    expect(forwardedResponseHeaders(raw)).toEqual([
      'content-type',
      'application/vnd.apache.arrow.stream',
      'retry-after',
      '1',
      'phalanx-version',
      '0.3.0',
    ]);
  });
});
