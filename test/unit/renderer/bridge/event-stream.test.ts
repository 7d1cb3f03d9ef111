import { describe, expect, it } from 'vitest';
import { EventStreamParser } from '../../../../src-renderer/bridge/event-stream';
import { tokenOf } from '../../../../src-renderer/bridge/web-bridge';

describe('EventStreamParser', () => {
  it('splits named events across chunk boundaries and skips comments', () => {
    const parser = new EventStreamParser();
    expect(parser.push(': connected\n\nevent: jobs:progress\nda')).toEqual([]);
    expect(
      parser.push('ta: {"a":1}\n\n: keep-alive\n\nevent: x\r\ndata: 1\r\ndata: 2\r\n\r\n'),
    ).toEqual([
      { event: 'jobs:progress', data: '{"a":1}' },
      { event: 'x', data: '1\n2' },
    ]);
    expect(parser.push('data: unnamed\n\n')).toEqual([]);
  });
});

describe('tokenOf', () => {
  it('reads the token from the page folder, then from an old ?token= link', () => {
    expect(tokenOf({ pathname: '/s/abc123/', search: '' })).toBe('abc123');
    expect(tokenOf({ pathname: '/s/abc123/index.html', search: '?token=zzz' })).toBe('abc123');
    expect(tokenOf({ pathname: '/', search: '?token=zzz' })).toBe('zzz');
    expect(tokenOf({ pathname: '/', search: '' })).toBe('');
  });
});
