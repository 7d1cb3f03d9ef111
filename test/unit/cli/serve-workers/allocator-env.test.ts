import { describe, expect, it } from 'vitest';
import {
  allocatorEnv,
  MMAP_THRESHOLD_BYTES,
} from '../../../../src-main/cli/serve-workers/allocator-env';

const THRESHOLD = `glibc.malloc.mmap_threshold=${MMAP_THRESHOLD_BYTES}`;

describe('allocatorEnv', () => {
  it("fixes glibc's mmap threshold for a worker, its mappings on huge pages", () => {
    expect(allocatorEnv({ PATH: '/bin' })).toEqual({
      GLIBC_TUNABLES: `${THRESHOLD}:glibc.malloc.hugetlb=1`,
    });
  });

  it("leaves a user's own threshold, by variable or by tunable, as it is", () => {
    expect(allocatorEnv({ MALLOC_MMAP_THRESHOLD_: '65536' })).toEqual({});
    expect(allocatorEnv({ GLIBC_TUNABLES: 'glibc.malloc.mmap_threshold=65536' })).toEqual({});
  });

  it("keeps a user's other tunables, and their huge-page choice", () => {
    expect(allocatorEnv({ GLIBC_TUNABLES: 'glibc.malloc.arena_max=2' })).toEqual({
      GLIBC_TUNABLES: `glibc.malloc.arena_max=2:${THRESHOLD}:glibc.malloc.hugetlb=1`,
    });
    expect(allocatorEnv({ GLIBC_TUNABLES: 'glibc.malloc.hugetlb=0' })).toEqual({
      GLIBC_TUNABLES: `glibc.malloc.hugetlb=0:${THRESHOLD}`,
    });
  });
});
