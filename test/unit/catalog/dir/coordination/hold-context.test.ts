/**
 * The hold context follows a change into everything it starts while a hold runs; once no hold
 * runs it is switched off (so reads pay nothing for it), unless a hold was lost, whose leftover
 * work must stay fenced. The order of the tests matters: a lost hold keeps the context for good in
 * this module, as it does in a process.
 */
import { describe, expect, it } from 'vitest';
import {
  currentHold,
  holdEnded,
  runInHold,
} from '../../../../../src-main/catalog/dir/coordination/hold-context';

const tick = () => new Promise((resolve) => setTimeout(resolve, 5));

describe('hold context', () => {
  it('is seen by the change and by what it starts, and by nothing once the hold has ended', async () => {
    const hold = { name: 'first' };
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    const seen: unknown[] = [];
    await runInHold(hold, async () => {
      seen.push(currentHold());
      await tick();
      seen.push(currentHold());
      // Left running past the change's end, as a change's background work can be.
      void released.then(() => seen.push(currentHold()));
    });
    expect(currentHold()).toBeUndefined();
    holdEnded(false);
    release();
    await tick();
    expect(seen).toEqual([hold, hold, undefined]);
  });

  it('comes back for the next hold', async () => {
    const hold = { name: 'second' };
    const seen = await runInHold(hold, async () => {
      await tick();
      return currentHold();
    });
    holdEnded(false);
    expect(seen).toBe(hold);
  });

  it('stays with the leftover work of a lost hold, so that work can still be fenced', async () => {
    const lost = { name: 'lost' };
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let leftoverSaw: unknown = 'not yet';
    await runInHold(lost, async () => {
      void released.then(() => (leftoverSaw = currentHold()));
    });
    holdEnded(true);
    release();
    await tick();
    expect(leftoverSaw).toBe(lost);
  });
});
