/**
 * The C allocator's settings a worker starts with. glibc serves an allocation of 128 KiB or more
 * with its own mapping, returned to the system when freed, but after freeing one it raises that
 * threshold to the freed size (up to 32 MiB): LanceDB's batch buffers then come from its arenas
 * and stay there. A worker's resident size grew by the largest answers it had sent and did not
 * come back: 160 -> 230 MB over ten reads of 1M narrow rows, 240 -> 580 MB over ten of 1M rows
 * with 128-d vectors (its first read's size, then flat, with the threshold fixed at 1 MiB).
 *
 * A fixed threshold makes every buffer past it a fresh mapping, paid in page faults: at 128 KiB
 * narrow reads ran at half speed, at 1 MiB wide reads (4 MiB batches) lost about a quarter. The
 * mappings are made transparent huge pages (`hugetlb=1`, 2 MiB pages, one fault for 512 of the
 * small kind), which brings that back to about a sixth; narrow reads are unchanged.
 *
 * glibc reads its tunables once, when a process starts, so only a forked worker can be given
 * them. A user's own threshold (by variable or tunable) is left alone, and their other tunables
 * are kept; other C libraries ignore these.
 */
export const MMAP_THRESHOLD_BYTES = 1024 * 1024;

const OURS = [`glibc.malloc.mmap_threshold=${MMAP_THRESHOLD_BYTES}`, 'glibc.malloc.hugetlb=1'];

export function allocatorEnv(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const given = env.GLIBC_TUNABLES ?? '';
  if (env.MALLOC_MMAP_THRESHOLD_ !== undefined || given.includes('mmap_threshold')) return {};
  const added = given.includes('hugetlb') ? OURS.slice(0, 1) : OURS;
  return { GLIBC_TUNABLES: [given, ...added].filter(Boolean).join(':') };
}
