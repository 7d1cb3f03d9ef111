/**
 * The C allocator's settings a worker starts with. glibc serves an allocation of 128 KiB or more
 * with its own mapping, returned to the system when freed, but after freeing one it raises that
 * threshold to the freed size (up to 32 MiB): LanceDB's batch buffers then come from its arenas
 * and stay there. A worker's resident size grew by the largest answers it had sent, and did not
 * come back: 160 -> 230 MB after ten reads of 1M narrow rows, 240 -> 580 MB after ten of 1M rows
 * with 128-d vectors. With the threshold fixed at 1 MiB it stays within 10% of its size after the
 * first read, at the same read speed (a fixed 128 KiB halved it: every buffer a fresh mapping).
 *
 * glibc reads these variables once, when a process starts, so only a forked worker can be given
 * them; a user's own setting (or its tunables) is left as it is. Other C libraries ignore them.
 */
export const MMAP_THRESHOLD_BYTES = 1024 * 1024;

export function allocatorEnv(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  if (env.MALLOC_MMAP_THRESHOLD_ !== undefined || env.GLIBC_TUNABLES?.includes('mmap_threshold')) {
    return {};
  }
  return { MALLOC_MMAP_THRESHOLD_: String(MMAP_THRESHOLD_BYTES) };
}
