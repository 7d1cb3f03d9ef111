/**
 * Transaction routes. A transaction here is a version's commit: its id is the table's id followed
 * by the version number. Alter is refused (a committed version is not changed after the fact).
 */
import { z } from 'zod';
import { ERROR_CODES as E } from '../vocabulary/errors';
import { Common, DescribeTransactionBody } from './bodies';
import { restRoute } from './route';

export const TRANSACTION_ROUTES = {
  describeTransaction: restRoute({
    method: 'POST',
    path: '/v1/transaction/:id/describe',
    target: 'transaction',
    access: 'read',
    body: DescribeTransactionBody,
    reply: 'json',
    replySchema: z
      .object({ status: z.string(), properties: z.record(z.string(), z.string()) })
      .passthrough(),
    errors: [E.TableBranchNotFound],
  }),
  alterTransaction: restRoute({
    method: 'POST',
    path: '/v1/transaction/:id/alter',
    target: 'transaction',
    access: 'write',
    body: Common,
    reply: 'json',
    errors: [E.Unsupported],
  }),
};
