/**
 * The contract's transaction routes. LanceDB's Node API exposes no transaction history (a table's
 * versions carry a number, a time and metadata, nothing more), so a transaction cannot be
 * described or altered here. The routes exist to say so with the specification's Unsupported
 * error rather than as an unknown route.
 */
import type { FastifyInstance } from 'fastify';
import { errors } from '../../../src-shared/vocabulary/errors';
import { defineRoute } from '../route';
import type { ServerState } from '../server-state';
import { Common } from './schemas';

const WHY =
  "this server keeps no transaction history: LanceDB's Node API, which it writes through, does not expose one";

export function registerTransactionRoutes(app: FastifyInstance, state: ServerState): void {
  for (const action of ['describe', 'alter'] as const) {
    defineRoute(app, state, {
      method: 'POST',
      url: `/v1/transaction/:txid/${action}`,
      access: action === 'describe' ? 'read' : 'write',
      target: 'catalog',
      body: Common,
      handler: async () => {
        throw errors.Unsupported(`Transactions cannot be ${action}d: ${WHY}`);
      },
    });
  }
}
