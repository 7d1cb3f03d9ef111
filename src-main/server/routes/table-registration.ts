/**
 * Declaring a table's location before its data, adopting a dataset already in the catalog
 * (register) and forgetting one while keeping its files (deregister).
 */

import type { FastifyInstance } from 'fastify';
import { errors } from '../../../src-shared/vocabulary/errors';
import { normalizeEnum } from '../http/enums';
import { REST } from '../../../src-shared/rest-contract';
import { defineRoute } from '../route';
import type { ServerState } from '../server-state';

export function registerTableRegistrationRoutes(app: FastifyInstance, state: ServerState): void {
  defineRoute(app, state, REST.declareTable, async ({ catalog, table, body }) => {
    const result = await catalog.declareTable(
      table.name,
      table.namespacePath,
      body.location ? { location: body.location } : {},
    );
    return {
      location: result.location,
      storage_options: {},
      properties: body.properties ?? {},
      managed_versioning: false,
    };
  });

  defineRoute(app, state, REST.registerTable, async ({ catalog, table, body, principal }) => {
    // A location can name any folder of the catalog, so adopting one is for unscoped admins.
    if (principal?.namespaces) {
      throw errors.PermissionDenied(
        `${principal.name} is limited to some namespaces and may not register tables`,
      );
    }
    const mode = normalizeEnum(body.mode, ['create', 'overwrite'] as const, 'mode');
    const result = await catalog.registerTable(
      table.name,
      table.namespacePath,
      body.location,
      mode ? { mode } : {},
    );
    return { location: result.location, properties: body.properties ?? {} };
  });

  defineRoute(app, state, REST.deregisterTable, async ({ catalog, table, parts }) => {
    const result = await catalog.deregisterTable(table.name, table.namespacePath);
    return { id: parts, location: result.location };
  });
}
