/** Asking before a table's tab closes with changes not yet committed. */
import { forgetTable, pendingInTable } from './pending-store';

/**
 * Whether the table's tab may close: yes when nothing waits, else when the person agrees to lose
 * what does (which then goes).
 */
export function confirmLeavingTable(key: string, name: string): boolean {
  const n = pendingInTable(key);
  if (n === 0) return true;
  const leave = window.confirm(
    `${name} has ${n} pending change${n === 1 ? '' : 's'} that were not committed. Close it and discard them?`,
  );
  if (leave) forgetTable(key);
  return leave;
}
