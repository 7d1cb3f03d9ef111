import { describe, expect, it } from 'vitest';
import {
  allocatorEnv,
  MMAP_THRESHOLD_BYTES,
} from '../../../../src-main/cli/serve-workers/allocator-env';

describe('allocatorEnv', () => {
  it("fixes glibc's mmap threshold for a worker", () => {
    expect(allocatorEnv({ PATH: '/bin' })).toEqual({
      MALLOC_MMAP_THRESHOLD_: String(MMAP_THRESHOLD_BYTES),
    });
  });

  it("leaves a user's own setting, by variable or by tunable, as it is", () => {
    expect(allocatorEnv({ MALLOC_MMAP_THRESHOLD_: '65536' })).toEqual({});
    expect(allocatorEnv({ GLIBC_TUNABLES: 'glibc.malloc.mmap_threshold=65536' })).toEqual({});
    // Other tunables are no setting of the threshold.
    expect(allocatorEnv({ GLIBC_TUNABLES: 'glibc.malloc.arena_max=2' })).toEqual({
      MALLOC_MMAP_THRESHOLD_: String(MMAP_THRESHOLD_BYTES),
    });
  });
});
