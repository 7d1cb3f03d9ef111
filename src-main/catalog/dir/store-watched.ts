/**
 * A catalog on an object store, with every LanceDB call it makes watched by the store's health
 * (storage/store-health.ts): a call still running after the bound on a store that does not
 * answer is given up on with 503. If the call was part of a change holding the catalog lock, the
 * hold is marked lost, so its epoch is left for the next holder to recover rather than released
 * while the abandoned write may still land.
 */
import type { CatalogClient } from '../client';
import type { StoreHealth } from '../storage/store-health';
import { storeScoped } from '../storage/store-scope';
import { TableFacade } from '../table-facade';
import { loseHeldLease } from './coordination/catalog-lock';

export function storeWatched(
  catalog: CatalogClient,
  health: StoreHealth | undefined,
): CatalogClient {
  if (!health) return catalog;
  return storeScoped(
    catalog,
    (call) => health.watch(call, loseHeldLease),
    (value) => value instanceof TableFacade,
  );
}
