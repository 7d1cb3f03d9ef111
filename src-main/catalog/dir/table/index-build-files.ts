/**
 * What an index build has written so far, seen from outside: LanceDB reports nothing of a build
 * until it commits, but on a folder Lance writes the index's files under `_indices/<uuid>/` as it
 * goes (temporary names until each is done), so the bytes of files that were not there when the
 * build began say that it has reached writing, and how much. No percentage comes of it: what the
 * build will write in all is not known. On an object store a file appears only once uploaded
 * whole, so there the count may stay at 0 until the end.
 */
import type { ObjectStore } from '../../storage/object-store';

export interface IndexBuildFiles {
  /** Bytes in index files written since the build began. */
  bytes(): Promise<number>;
}

export async function watchIndexBuildFiles(
  store: ObjectStore,
  folder: string,
): Promise<IndexBuildFiles> {
  const prefix = `${folder}/_indices`;
  const before = new Set((await store.listSizes(prefix)).map((o) => o.key));
  return {
    async bytes() {
      const now = await store.listSizes(prefix);
      return now.filter((o) => !before.has(o.key)).reduce((sum, o) => sum + o.size, 0);
    },
  };
}
