import { describe, expect, it } from 'vitest';
import { retryRivalCreate } from '../../../../../src-main/catalog/dir/coordination/rival-create';

const rival = () =>
  new Error(
    'Failed to execute merge insert: Incompatible transaction: This Update transaction is incompatible with concurrent transaction Overwrite at version 2.',
  );

describe('retryRivalCreate', () => {
  it('runs a write again after a rival create overwrote the table, up to three times', async () => {
    let calls = 0;
    await expect(
      retryRivalCreate(async () => {
        calls += 1;
        if (calls < 3) throw rival();
        return 'done';
      }),
    ).resolves.toBe('done');
    expect(calls).toBe(3);

    calls = 0;
    await expect(
      retryRivalCreate(async () => {
        calls += 1;
        throw rival();
      }),
    ).rejects.toThrow(/Overwrite/);
    expect(calls).toBe(3);
  });

  it('does not retry any other failure', async () => {
    let calls = 0;
    await expect(
      retryRivalCreate(async () => {
        calls += 1;
        throw new Error('disk full');
      }),
    ).rejects.toThrow('disk full');
    expect(calls).toBe(1);
  });
});
