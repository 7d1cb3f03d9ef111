import { describe, expect, it } from 'vitest';
import { mapConcurrently } from '../../../src-main/catalog/map-concurrently';

describe('mapConcurrently', () => {
  it('keeps the order, with no more than the limit in flight', async () => {
    let inFlight = 0;
    let most = 0;
    const out = await mapConcurrently([5, 1, 4, 2, 3, 0], 2, async (n) => {
      inFlight += 1;
      most = Math.max(most, inFlight);
      await new Promise((resolve) => setTimeout(resolve, n * 2));
      inFlight -= 1;
      return n * 10;
    });
    expect(out).toEqual([50, 10, 40, 20, 30, 0]);
    expect(most).toBe(2);
    expect(await mapConcurrently([], 4, async () => 1)).toEqual([]);
  });

  it('fails with the first failure', async () => {
    await expect(
      mapConcurrently([1, 2, 3], 3, async (n) => {
        if (n === 2) throw new Error('two');
        return n;
      }),
    ).rejects.toThrow('two');
  });
});
