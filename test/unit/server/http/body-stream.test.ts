import { Readable } from 'node:stream';
import { brotliCompressSync, deflateSync, gzipSync } from 'node:zlib';
import { compressFrameSync } from 'lz4-napi';
import { describe, expect, it } from 'vitest';
import { bodyStream } from '../../../../src-main/server/http/body-stream';
import { HttpRefusal } from '../../../../src-main/server/http/refusal';
import { zstdBomb, zstdRaw } from '../../../support/compressed-arrow';

const text = JSON.stringify({ properties: { note: 'x'.repeat(5000) } });

/** Reads the stream as Fastify's parser does: to its end, or to its error. */
async function read(
  chunks: Uint8Array[],
  encoding: string | undefined,
  limit = 1 << 20,
  idleMs = 0,
): Promise<{ text?: string; status?: number; encoded?: number }> {
  const source = Readable.from(chunks.map((c) => Buffer.from(c)));
  const stream = bodyStream(source, encoding, { limit, idleMs });
  try {
    const parts: Buffer[] = [];
    for await (const part of stream) parts.push(part as Buffer);
    return { text: Buffer.concat(parts).toString(), encoded: stream.receivedEncodedLength };
  } catch (error) {
    if (error instanceof HttpRefusal) return { status: error.status };
    throw error;
  }
}

describe('bodyStream', () => {
  it('passes a plain body through and counts it', async () => {
    expect(await read([Buffer.from(text)], undefined)).toEqual({ text, encoded: text.length });
    expect((await read([Buffer.from(text)], 'identity')).text).toBe(text);
  });

  it('decodes gzip, deflate, br, zstd and lz4', async () => {
    const raw = Buffer.from(text);
    const encodings: Array<[string, Uint8Array]> = [
      ['gzip', gzipSync(raw)],
      ['x-gzip', gzipSync(raw)],
      ['deflate', deflateSync(raw)],
      ['br', brotliCompressSync(raw)],
      ['zstd', zstdRaw(raw)],
      ['lz4', compressFrameSync(raw)],
    ];
    for (const [encoding, body] of encodings) {
      const half = Math.floor(body.byteLength / 2);
      const result = await read([body.subarray(0, half), body.subarray(half)], encoding);
      expect(result.text, encoding).toBe(text);
      expect(result.encoded, encoding).toBe(body.byteLength);
    }
  });

  it('stops at the limit on the decoded size: 413', async () => {
    const zeros = Buffer.alloc(8 << 20);
    expect(await read([Buffer.from(text)], undefined, 1000)).toEqual({ status: 413 });
    expect(await read([gzipSync(zeros)], 'gzip', 1 << 20)).toEqual({ status: 413 });
    expect(await read([compressFrameSync(zeros)], 'lz4', 1 << 20)).toEqual({ status: 413 });
    expect(await read([zstdBomb(1 << 30)], 'zstd', 1 << 20)).toEqual({ status: 413 });
  });

  it('refuses an encoding it cannot read (415) and a corrupt one (400)', async () => {
    await expect(read([Buffer.from(text)], 'compress')).rejects.toMatchObject({ status: 415 });
    await expect(read([Buffer.from(text)], 'gzip, br')).rejects.toMatchObject({ status: 415 });
    expect(await read([Buffer.from('not gzip at all')], 'gzip')).toEqual({ status: 400 });
    expect(await read([Buffer.from('not zstd at all')], 'zstd')).toEqual({ status: 400 });
  });

  it('cuts a body that stalls longer than the idle timeout: 408', async () => {
    const source = new Readable({ read() {} });
    source.push(Buffer.from('{"a":'));
    const stream = bodyStream(source, undefined, { limit: 1 << 20, idleMs: 100 });
    const started = Date.now();
    const error = await new Promise((resolve) => stream.once('error', resolve)).then(
      (e) => e as HttpRefusal,
    );
    stream.resume();
    expect(error.status).toBe(408);
    expect(Date.now() - started).toBeLessThan(1000);
  });
});
