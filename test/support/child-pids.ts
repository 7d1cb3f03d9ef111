/**
 * The processes a process started, read from /proc (Linux): the tests find `serve`'s workers
 * this way, to kill one as a crash would, without the service having to name them.
 */
import { readdirSync, readFileSync } from 'node:fs';

/** The children of `parent` whose command line contains `word` (all of them without one). */
export function childPids(parent: number, word?: string): number[] {
  const found: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    let stat: string;
    let command: string;
    try {
      stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      command = readFileSync(`/proc/${entry}/cmdline`, 'utf8').split('\0').join(' ');
    } catch {
      continue; // gone since the listing
    }
    // pid (comm) state ppid …: comm may hold spaces and parentheses, so read after the last ')'.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    if (Number(fields[1]) === parent && (word === undefined || command.includes(word)))
      found.push(Number(entry));
  }
  return found.sort((a, b) => a - b);
}

/**
 * `serve`'s workers: the children of the primary that run `serve` (not, say, a helper process
 * some package starts).
 */
export function workerPids(primary: number): number[] {
  return childPids(primary, ' serve ');
}
