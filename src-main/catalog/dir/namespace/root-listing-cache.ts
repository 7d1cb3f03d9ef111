/**
 * The root's table names on a local folder, kept between listings. A listing merges the root's
 * `<name>.lance` folders with the manifest's root rows, which costs LanceDB's directory walk (it
 * opens every folder) and a manifest query: 75 ms for 1,000 tables, against 0.7 ms to read the
 * folder. Both inputs change only with the root folder's entries or a new manifest version, so the
 * merged, sorted names are kept under the modification times of the root and of
 * `__manifest/_versions`, read (two stats) before every listing.
 *
 * - The stamps are read before the names are computed: a change made meanwhile gives the next
 *   listing other stamps, and it computes again.
 * - A folder's hiding marker (`.lance-deregistered`) changes neither stamp, but this catalog and
 *   LanceDB write it just before a manifest commit that decides the change, and until that commit
 *   the manifest row still names the table, so the merged names are the same either way.
 * - A directory's time has a coarse granularity: two changes in one tick leave one time. A
 *   stamp less than RACY_MS old when read is therefore not trusted (git's "racy" rule), and
 *   that listing is computed afresh.
 */
import { stat } from 'node:fs/promises';
import { join } from 'node:path';

const RACY_MS = 2_000;

export class RootListingCache {
  private kept: { stamp: string; names: string[] } | undefined;

  constructor(private readonly root: string) {}

  async names(compute: () => Promise<string[]>): Promise<string[]> {
    const stamp = await this.stamp();
    if (stamp !== undefined && this.kept?.stamp === stamp) return this.kept.names;
    const names = await compute();
    this.kept = stamp === undefined ? undefined : { stamp, names };
    return names;
  }

  /** The two modification times, or undefined where one is missing or too recent to trust. */
  private async stamp(): Promise<string | undefined> {
    const now = BigInt(Date.now()) * 1_000_000n;
    try {
      const [root, versions] = await Promise.all([
        stat(this.root, { bigint: true }),
        stat(join(this.root, '__manifest', '_versions'), { bigint: true }),
      ]);
      const racy = BigInt(RACY_MS) * 1_000_000n;
      if (now - root.mtimeNs < racy || now - versions.mtimeNs < racy) return undefined;
      return `${root.ino}:${root.mtimeNs}:${versions.ino}:${versions.mtimeNs}`;
    } catch {
      return undefined;
    }
  }
}
