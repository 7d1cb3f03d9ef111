/**
 * The contract's transaction routes. A transaction here is a version's commit: its id is the
 * version number, and the table is the body's `id` (as the reference adapter reads it). Describe
 * answers what the commit did, read from the transaction Lance keeps with each version; a
 * transaction UUID is not looked up (that would mean reading every version's transaction).
 * Alter is refused: a committed version is not changed after the fact.
 */
import type { FastifyInstance } from 'fastify';
import { errors } from '../../../src-shared/vocabulary/errors';
import { toTransactionProperties } from '../../../src-shared/transaction-properties';
import { transactionParts } from '../http/request-id';
import { REST } from '../../../src-shared/rest-contract';
import { defineRoute } from '../route';
import type { ServerState } from '../server-state';

export function registerTransactionRoutes(app: FastifyInstance, state: ServerState): void {
  defineRoute(
    app,
    state,
    REST.describeTransaction,
    async ({ request, body, delimiter, openTable }) => {
      const { id } = request.params as { id: string };
      const { transactionId } = transactionParts(id, delimiter, body);
      const handle = await openTable();
      // Transactions are named by version number here; a UUID is not searched for.
      if (!/^\d{1,15}$/.test(transactionId)) {
        throw errors.TransactionNotFound(
          `No transaction ${JSON.stringify(transactionId)} on ${handle.name}: this server names a transaction by its version number`,
        );
      }
      const version = Number(transactionId);
      const branch = body.branch ?? undefined;
      const [info] = await handle.describeTransactions([version], branch ? { branch } : {});
      if (!info || info.missing) {
        throw errors.TransactionNotFound(`Version ${version} of ${handle.name} does not exist`);
      }
      return { status: 'SUCCEEDED', properties: toTransactionProperties(info) };
    },
  );

  defineRoute(app, state, REST.alterTransaction, async () => {
    throw errors.Unsupported(
      'Transactions cannot be altered: a committed version is not changed after the fact',
    );
  });
}
