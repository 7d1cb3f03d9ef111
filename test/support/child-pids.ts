/**
 * The processes a process started, read from /proc (Linux): the tests find `serve`'s workers
 * this way, to kill one as a crash would, without the service having to name them.
 */
import { readdirSync, readFileSync, readlinkSync } from 'node:fs';

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

/**
 * Which of `pids` holds the server's end of a TCP connection on 127.0.0.1 (IPv4), found from
 * the kernel's socket table: the socket whose local port is `serverPort` and whose peer's is
 * `clientPort`, then the processes with a descriptor on it. `serve`'s primary keeps a copy of
 * every connection it hands over, so pass the workers' pids to learn which worker has it.
 */
export function pidsHoldingConnection(
  pids: number[],
  serverPort: number,
  clientPort: number,
): number[] {
  const port = (address: string) => parseInt(address.split(':')[1]!, 16);
  const row = readFileSync('/proc/net/tcp', 'utf8')
    .split('\n')
    .slice(1)
    .map((line) => line.trim().split(/\s+/))
    .find(
      (fields) =>
        fields.length > 9 && port(fields[1]!) === serverPort && port(fields[2]!) === clientPort,
    );
  if (!row) return [];
  const target = `socket:[${row[9]}]`;
  return pids.filter((pid) => {
    try {
      return readdirSync(`/proc/${pid}/fd`).some((fd) => {
        try {
          return readlinkSync(`/proc/${pid}/fd/${fd}`) === target;
        } catch {
          return false; // closed since the listing
        }
      });
    } catch {
      return false; // the process is gone
    }
  });
}
