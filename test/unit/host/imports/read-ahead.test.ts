import { describe, expect, it } from 'vitest';
import { readAhead } from '../../../../src-main/host/imports/read-ahead';

describe('readAhead', () => {
  it('asks for the next item while the consumer holds the current one', async () => {
    const log: string[] = [];
    async function* source() {
      for (let i = 0; i < 3; i++) {
        log.push(`read ${i}`);
        yield i;
      }
    }
    const seen: number[] = [];
    for await (const item of readAhead(source())) {
      log.push(`use ${item}`);
      seen.push(item);
    }
    expect(seen).toEqual([0, 1, 2]);
    // Item 1 is read before item 0 is used.
    expect(log.indexOf('read 1')).toBeLessThan(log.indexOf('use 0'));
  });

  it('closes the source when the consumer stops early', async () => {
    let closed = false;
    async function* source() {
      try {
        for (let i = 0; ; i++) yield i;
      } finally {
        closed = true;
      }
    }
    for await (const item of readAhead(source())) if (item === 2) break;
    expect(closed).toBe(true);
  });

  it('reports a failed read to the consumer, after the items before it', async () => {
    async function* source() {
      yield 1;
      throw new Error('truncated');
    }
    const seen: number[] = [];
    await expect(
      (async () => {
        for await (const item of readAhead(source())) seen.push(item);
      })(),
    ).rejects.toThrow('truncated');
    expect(seen).toEqual([1]);
  });
});
