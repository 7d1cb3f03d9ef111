/**
 * Recent searches and console queries, kept in the user data folder so they outlive the app:
 * per table for the Search tab, per connection for the console. Each list is newest first and
 * bounded; a run identical to the newest is not added twice. The file is rewritten atomically,
 * and one that cannot be read counts as empty (history is a convenience, never a reason to fail).
 */
import { existsSync, readFileSync } from 'node:fs';
import { z } from 'zod';
import { HistoryEntrySchema, type HistoryEntry } from '../../../src-shared/studio-procedures';
import { writeFileAtomic } from '../../catalog/atomic-file';

const MAX_PER_LIST = 50;
const MAX_LISTS = 500;
const MAX_ENTRY_CHARS = 64 * 1024;

const FileSchema = z.record(z.string(), z.array(HistoryEntrySchema));

export class QueryHistory {
  private lists: Record<string, HistoryEntry[]> | undefined;

  constructor(private readonly file: string) {}

  list(key: string): HistoryEntry[] {
    return this.load()[key] ?? [];
  }

  add(key: string, entry: HistoryEntry): void {
    // A huge query (a pasted 1 MB statement) is run but not kept.
    if (JSON.stringify(entry.query).length > MAX_ENTRY_CHARS) return;
    const lists = this.load();
    const sameAsNewest = (e: HistoryEntry | undefined) =>
      e !== undefined && JSON.stringify(e.query) === JSON.stringify(entry.query);
    const current = lists[key] ?? [];
    const rest = sameAsNewest(current[0]) ? current.slice(1) : current;
    delete lists[key];
    // Re-inserted last, so the oldest-used lists are the first to go past MAX_LISTS.
    lists[key] = [entry, ...rest].slice(0, MAX_PER_LIST);
    const keys = Object.keys(lists);
    for (const old of keys.slice(0, Math.max(0, keys.length - MAX_LISTS))) delete lists[old];
    this.save(lists);
  }

  clear(key: string): void {
    const lists = this.load();
    delete lists[key];
    this.save(lists);
  }

  /** A history that cannot be written (a full disk) is kept in memory; the search stands. */
  private save(lists: Record<string, HistoryEntry[]>): void {
    try {
      writeFileAtomic(this.file, JSON.stringify(lists));
    } catch {
      // Kept in memory until a later write succeeds.
    }
  }

  private load(): Record<string, HistoryEntry[]> {
    if (this.lists) return this.lists;
    let read: Record<string, HistoryEntry[]> = {};
    if (existsSync(this.file)) {
      try {
        const parsed = FileSchema.safeParse(JSON.parse(readFileSync(this.file, 'utf8')));
        if (parsed.success) read = parsed.data;
      } catch {
        // An unreadable file is an empty history.
      }
    }
    this.lists = read;
    return read;
  }
}

/** The key of a table's search history: the same table on the same target, across sessions. */
export function tableHistoryKey(target: string, path: readonly string[], table: string): string {
  return JSON.stringify(['table', target, ...path, table]);
}

export function consoleHistoryKey(target: string): string {
  return JSON.stringify(['console', target]);
}
