/**
 * Runs a manifest write made under the catalog lock, again if LanceDB reports a commit conflict.
 * Holding the lock, the only other manifest writers are plain LanceDB clients and the second
 * handle on the manifest in this process (LanceDB's namespace keeps one, the engine another),
 * whose commits can race by a version, and Lance sometimes reports such a race instead of
 * re-running the write itself. A write that conflicted did not take effect, so running it again
 * is safe; `done` recognises one that did take effect before the conflict was reported. Each
 * attempt is fenced: it does not start once this process's hold on the lock is lost.
 */
import { ERROR_CODES, isCatalogError } from '../../../../src-shared/vocabulary/errors';
import { fenceHeldWrite } from './catalog-lock';
import { lance } from '../lance-errors';

export async function retryingConflicts<T>(
  call: () => Promise<T>,
  done?: () => Promise<T | false>,
): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      fenceHeldWrite();
      return await lance(call);
    } catch (error) {
      const conflict = isCatalogError(error) && error.code === ERROR_CODES.ConcurrentModification;
      if (!conflict || attempt >= 6) throw error;
      const finished = done ? await done() : false;
      if (finished) return finished;
      await new Promise((resolve) => setTimeout(resolve, 5 * 2 ** attempt * Math.random()));
    }
  }
}
