/**
 * Upstream CTS family `transaction`. The transaction route's `{id}` is the table id followed by
 * the transaction id (wire contract §1.10).
 */
import { C } from '../codes';
import { code, post } from '../requests';
import type { CtsCase } from '../types';

const TBL_A = { tables: [['tbl_a']] };

/** Upstream sends `actions: []`; the contract asks for at least one, so one that changes nothing. */
const ONE_ACTION = { actions: [{ setPropertyAction: { key: 'cts', value: 'x', mode: 'Skip' } }] };
const ACTIONS_NOTE =
  'Upstream sends an empty action list; the wire contract says "`*actions` (minItems 1)", so the body carries one action.';

export const transactionCases: CtsCase[] = [
  {
    id: 'describe_transaction_unknown_id_must_404',
    operation: 'DescribeTransaction',
    given: TBL_A,
    // The contract's request names the whole id, table then transaction, in the body too.
    request: post('/v1/transaction/tbl_a$no_such_transaction_uuid/describe', {
      id: ['tbl_a', 'no_such_transaction_uuid'],
    }),
    expect: code(C.TransactionNotFound),
    requires: ['supports_transactions'],
  },
  {
    id: 'alter_transaction_unknown_id_must_404',
    operation: 'AlterTransaction',
    given: TBL_A,
    request: post('/v1/transaction/tbl_a$no_such_transaction_uuid/alter', ONE_ACTION),
    expect: code(C.TransactionNotFound),
    requires: ['supports_alter_transaction'],
    note: ACTIONS_NOTE,
  },
  {
    id: 'alter_transaction_concurrent_modification_must_409',
    operation: 'AlterTransaction',
    given: TBL_A,
    request: post('/v1/transaction/tbl_a$race_uuid/alter', ONE_ACTION),
    expect: code(C.ConcurrentModification),
    requires: ['supports_alter_transaction', 'enforces_optimistic_concurrency'],
    note: ACTIONS_NOTE,
  },
];
