/**
 * Memory of a `serve` process and its workers (with `--workers N` the primary forks them): the
 * resident size and its peak since a reset, summed over the tree, since an answer passes through
 * a worker and the primary alike.
 */
import { readFileSync } from 'node:fs';
import { peakRssBytes, resetPeak, rssBytes } from '../support/process-memory';

/** The process and its children (the workers), read from /proc. */
export function processTree(pid: number): number[] {
  let children: number[] = [];
  try {
    children = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8')
      .trim()
      .split(/\s+/)
      .filter(Boolean)
      .map(Number);
  } catch {
    // No children file (a kernel without it): the process alone.
  }
  return [pid, ...children];
}

export function treeRss(pids: number[]): number {
  return pids.reduce((sum, pid) => sum + rssBytes(pid), 0);
}

/** Resets every peak; returns a function that tells how far the tree's peaks rose since. */
export function watchPeaks(pids: number[]): () => number {
  const before = pids.map((pid) => resetPeak(pid));
  return () => pids.reduce((sum, pid, i) => sum + peakRssBytes(pid) - before[i]!, 0);
}
