/** A view's checked-out version or branch, as the engine opens a table at it. */
import type { OpenTableOptions } from '../../src-shared/catalog-api';
import type { TableAt } from '../../src-shared/studio-schemas';

export function openOptions(at: TableAt | undefined): OpenTableOptions {
  return {
    ...(at?.version !== undefined ? { version: at.version } : {}),
    ...(at?.branch !== undefined ? { branch: at.branch } : {}),
  };
}
