/**
 * Progress of a folder table's compaction, which LanceDB runs as one call that reports nothing
 * until it returns. Lance writes each merged fragment as new files in `data/` (and remapped
 * indexes in `_indices/`) before it commits, so the bytes of files that were not there when the
 * compaction began measure how far it got. What it will write is about the live rows' share of
 * the fragments it merges, planned here as Lance plans them, and the indexes of the version: an
 * index over rewritten fragments is written again with their new row addresses (left out, a
 * table's 60 MiB vector index made "116 MiB of about 53 MiB"). It stays an estimate: a second
 * pass writes again, and the job says so when the bytes pass it (host/maintenance).
 */
import type { ObjectStore } from '../../storage/object-store';
import type { FragmentRows } from '../lance-format/manifest-fragments';

/** Lance's compaction defaults (`CompactionOptions`): the size it merges up to, and the share of
 * deleted rows from which a fragment is rewritten without them. */
const TARGET_ROWS_PER_FRAGMENT = 1024 * 1024;
const DELETIONS_THRESHOLD = 0.1;

export interface CompactionPlan {
  /** Fragments the compaction would rewrite. */
  fragments: number;
  /** About the bytes it would write for them, and for the indexes it remaps. */
  bytes: number;
}

/**
 * Lance merges runs of adjacent candidates (small, or with many deletions); a run of one is
 * rewritten only to drop its deleted rows. Index coverage can split a run further, which only
 * makes this an overestimate of the first pass, never of the whole compaction.
 */
export function planCompaction(
  fragments: readonly FragmentRows[],
  sizes: ReadonlyMap<string, number>,
  /** The version's index folders (`_indices/<uuid>`), rewritten when fragments are. */
  indexFolders: readonly string[] = [],
): CompactionPlan {
  const plan: CompactionPlan = { fragments: 0, bytes: 0 };
  let run: FragmentRows[] = [];
  const close = () => {
    if (run.length > 1 || run.some(hasManyDeletions)) {
      for (const fragment of run) {
        const stored = fragment.dataFiles.reduce((sum, file) => sum + (sizes.get(file) ?? 0), 0);
        const live =
          fragment.physicalRows > 0 ? 1 - fragment.deletedRows / fragment.physicalRows : 0;
        plan.fragments += 1;
        plan.bytes += Math.round(stored * live);
      }
    }
    run = [];
  };
  for (const fragment of fragments) {
    if (fragment.physicalRows < TARGET_ROWS_PER_FRAGMENT || hasManyDeletions(fragment)) {
      run.push(fragment);
    } else {
      close();
    }
  }
  close();
  if (plan.fragments > 0) {
    for (const [path, size] of sizes) {
      if (indexFolders.some((folder) => path.startsWith(`${folder}/`))) plan.bytes += size;
    }
  }
  return plan;
}

function hasManyDeletions(fragment: FragmentRows): boolean {
  return (
    fragment.physicalRows > 0 && fragment.deletedRows / fragment.physicalRows > DELETIONS_THRESHOLD
  );
}

/** The bytes of files that appeared under a table's data and index folders since `start`. */
export class NewFiles {
  private constructor(
    private readonly store: ObjectStore,
    private readonly folder: string,
    private readonly before: ReadonlySet<string>,
    /** Sizes of the files that were there, by path relative to the table's folder. */
    readonly sizes: ReadonlyMap<string, number>,
  ) {}

  static async start(store: ObjectStore, folder: string): Promise<NewFiles> {
    const listed = await listWritten(store, folder);
    const sizes = new Map(listed.map((o) => [o.key.slice(folder.length + 1), o.size]));
    return new NewFiles(store, folder, new Set(listed.map((o) => o.key)), sizes);
  }

  async bytes(): Promise<number> {
    const now = await listWritten(this.store, this.folder);
    return now.filter((o) => !this.before.has(o.key)).reduce((sum, o) => sum + o.size, 0);
  }
}

async function listWritten(store: ObjectStore, folder: string) {
  const [data, indexes] = await Promise.all([
    store.listSizes(`${folder}/data`),
    store.listSizes(`${folder}/_indices`),
  ]);
  return [...data, ...indexes];
}
