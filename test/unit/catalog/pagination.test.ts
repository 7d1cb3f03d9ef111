import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { collectPages, pageOf } from '../../../src-shared/vocabulary/pagination';

const NAMES = ['a', 'b', 'c', 'd', 'e', 'f', 'g'];
const id = (s: string) => s;

describe('pageOf', () => {
  it('returns everything without a limit, and no token', () => {
    expect(pageOf(NAMES, id, {})).toEqual({ items: NAMES });
  });

  it('walks a sorted list in pages with start-after tokens', () => {
    const first = pageOf(NAMES, id, { limit: 3 });
    expect(first).toEqual({ items: ['a', 'b', 'c'], pageToken: 'c' });
    const second = pageOf(NAMES, id, { limit: 3, pageToken: first.pageToken });
    expect(second).toEqual({ items: ['d', 'e', 'f'], pageToken: 'f' });
    const last = pageOf(NAMES, id, { limit: 3, pageToken: second.pageToken });
    expect(last).toEqual({ items: ['g'] });
    expect('pageToken' in last).toBe(false);
  });

  it('gives no token when the last page is exactly full', () => {
    const first = pageOf(['a', 'b', 'c', 'd'], id, { limit: 2 });
    expect(first.pageToken).toBe('b');
    expect(pageOf(['a', 'b', 'c', 'd'], id, { limit: 2, pageToken: 'b' })).toEqual({
      items: ['c', 'd'],
    });
    expect(pageOf(['a', 'b'], id, { limit: 2 })).toEqual({ items: ['a', 'b'] });
  });

  it('starts after a token that is not itself in the list', () => {
    expect(pageOf(['apple', 'banana', 'cherry'], id, { pageToken: 'b', limit: 1 })).toEqual({
      items: ['banana'],
      pageToken: 'banana',
    });
    expect(pageOf(['apple', 'banana', 'cherry'], id, { pageToken: 'bz' })).toEqual({
      items: ['cherry'],
    });
  });

  it('returns an empty page after the last key', () => {
    expect(pageOf(NAMES, id, { pageToken: 'g' })).toEqual({ items: [] });
    expect(pageOf(NAMES, id, { pageToken: 'zzz', limit: 2 })).toEqual({ items: [] });
    expect(pageOf([], id, { limit: 2 })).toEqual({ items: [] });
  });

  it('returns an empty page without a token for limit 0', () => {
    expect(pageOf(NAMES, id, { limit: 0 })).toEqual({ items: [] });
  });

  it('pages by the key of objects', () => {
    const tables = [{ name: 'a' }, { name: 'b' }, { name: 'c' }];
    const page = pageOf(tables, (t) => t.name, { limit: 2 });
    expect(page.items).toEqual([{ name: 'a' }, { name: 'b' }]);
    expect(page.pageToken).toBe('b');
    expect(pageOf(tables, (t) => t.name, { pageToken: 'b' }).items).toEqual([{ name: 'c' }]);
  });

  it('walking with any limit visits every item exactly once, in order', () => {
    // Catalog names are never empty, so neither are keys here.
    // Catalog names are never empty, so neither are the keys here.
    const sortedUnique = fc
      .uniqueArray(fc.string({ minLength: 1, maxLength: 6 }), { maxLength: 40 })
      .map((xs) => [...xs].sort());
    fc.assert(
      fc.property(sortedUnique, fc.integer({ min: 1, max: 10 }), (list, limit) => {
        const seen: string[] = [];
        let token: string | undefined;
        for (let guard = 0; guard <= list.length + 1; guard++) {
          const page = pageOf(list, id, {
            limit,
            ...(token === undefined ? {} : { pageToken: token }),
          });
          expect(page.items.length).toBeLessThanOrEqual(limit);
          seen.push(...page.items);
          token = page.pageToken;
          if (token === undefined) break;
        }
        expect(token).toBeUndefined();
        expect(seen).toEqual(list);
      }),
      { numRuns: 300 },
    );
  });
});

describe('collectPages', () => {
  it('follows tokens to the end', async () => {
    const tokens: Array<string | undefined> = [];
    const all = await collectPages(async (token) => {
      tokens.push(token);
      return pageOf(NAMES, id, { limit: 3, ...(token === undefined ? {} : { pageToken: token }) });
    });
    expect(all).toEqual(NAMES);
    expect(tokens).toEqual([undefined, 'c', 'f']);
  });

  it('makes one call when the first page has no token', async () => {
    let calls = 0;
    const all = await collectPages(async () => {
      calls += 1;
      return { items: ['x', 'y'] };
    });
    expect(all).toEqual(['x', 'y']);
    expect(calls).toBe(1);
  });

  it('stops on an empty page even if a token comes back', async () => {
    let calls = 0;
    const all = await collectPages(async (token) => {
      calls += 1;
      if (token === undefined) return { items: ['a'], pageToken: 'a' };
      return { items: [], pageToken: 'a' };
    });
    expect(all).toEqual(['a']);
    expect(calls).toBe(2);
  });

  it('stops at once on an empty first page with a token', async () => {
    let calls = 0;
    const all = await collectPages(async () => {
      calls += 1;
      return { items: [], pageToken: 'next' };
    });
    expect(all).toEqual([]);
    expect(calls).toBe(1);
  });

  it('treats an empty-string token as the end', async () => {
    let calls = 0;
    const all = await collectPages(async () => {
      calls += 1;
      return { items: ['a'], pageToken: '' };
    });
    expect(all).toEqual(['a']);
    expect(calls).toBe(1);
  });

  it('propagates a failing fetch', async () => {
    await expect(
      collectPages(async (token) => {
        if (token) throw new Error('page 2 failed');
        return { items: ['a'], pageToken: 'a' };
      }),
    ).rejects.toThrow('page 2 failed');
  });
});
