/**
 * The REST contract: every route the server answers and the `rest` client calls, by domain, as
 * PROCEDURES (../studio-procedures.ts) is for the app. The server registers exactly these rows
 * and the client builds its URLs from them; test/unit/server/rest-contract.test.ts proves both.
 */
import { ACCESS_ROUTES } from './access';
import { COLUMN_ROUTES } from './columns';
import { INDEX_ROUTES } from './indexes';
import { JOB_ROUTES } from './jobs';
import { NAMESPACE_ROUTES } from './namespaces';
import type { RestRoute } from './route';
import { SERVICE_ROUTES } from './service';
import { TABLE_DATA_ROUTES } from './table-data';
import { TABLE_ROUTES } from './tables';
import { TRANSACTION_ROUTES } from './transactions';
import { VERSION_ROUTES } from './versions';

export const REST = {
  ...NAMESPACE_ROUTES,
  ...TABLE_ROUTES,
  ...TABLE_DATA_ROUTES,
  ...COLUMN_ROUTES,
  ...INDEX_ROUTES,
  ...VERSION_ROUTES,
  ...TRANSACTION_ROUTES,
  ...JOB_ROUTES,
  ...SERVICE_ROUTES,
  ...ACCESS_ROUTES,
} satisfies Record<string, RestRoute>;

export type RestRouteName = keyof typeof REST;

export { methodsOf, routePath, routeRequest, ROUTE_ERRORS } from './route';
export type { RestRoute, Target } from './route';
