/**
 * The `dir` back end's job journal (jobs/job-journal.ts): the job records live in the root's
 * state tables, judged alive by the process leases, with LanceDB's errors mapped as everywhere in
 * this back end.
 */
import type { JobJournal } from '../../jobs/job-journal';
import { lance } from '../lance-errors';
import type { ProcessLease } from './process-lease';
import { retryRivalCreate } from './rival-create';
import type { StateTables } from './state-tables';

export function dirJobJournal(state: StateTables, lease: ProcessLease): JobJournal {
  return {
    lease,
    open: (name, schema) => state.open(name, schema),
    call: (run) => lance(run),
    retryRivalCreate,
  };
}
