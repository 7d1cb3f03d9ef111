/**
 * A table's rows to a file: all of them, those the Data tab's filter matches, or the rows selected
 * in the grid, as CSV, JSON, NDJSON, Parquet or an Arrow IPC stream, at a path or (the web mode)
 * downloaded by the browser. It runs as a job (here and in the jobs panel, with cancel); the rows
 * are counted first and a file holding another count is never kept.
 */
import { useState } from 'react';
import type { TableRef } from '../api/query-keys';
import { useCall } from '../api/studio-context';
import { tableInput } from '../api/table-input';
import { DialogForm } from '../common/DialogForm';
import { Modal } from '../common/Modal';
import { RadioGroup } from '../common/RadioGroup';
import {
  ExportJobState,
  ExportTargetFields,
  useExportJobForm,
} from '../common/jobs/export-job-form';
import { useWorkspace } from '../state/workspace';
import { formatNumber } from '../../src-shared/format';

export function ExportTableDialog({
  table,
  filter,
  selection,
}: {
  table: TableRef;
  filter: string;
  selection?: { predicate: string; rows: number } | undefined;
}) {
  const ws = useWorkspace();
  const call = useCall();
  const [scope, setScope] = useState<'all' | 'filter' | 'selection'>(
    selection ? 'selection' : filter ? 'filter' : 'all',
  );
  const where =
    scope === 'selection' && selection
      ? // The selection was made among the filter's rows; both must hold.
        filter
        ? `(${filter}) AND (${selection.predicate})`
        : selection.predicate
      : scope === 'filter'
        ? filter
        : '';
  const form = useExportJobForm();
  const { format, running } = form;
  return (
    <Modal title={`Export ${table.table}`} onClose={ws.closeDialog}>
      <DialogForm
        aria-label="Export rows"
        onSubmit={() =>
          form.start(() =>
            call('tables:export', {
              ...tableInput(table),
              ...(where ? { filter: where } : {}),
              format,
              ...form.target,
            }),
          )
        }
      >
        {(filter || selection) && (
          <RadioGroup
            label="Rows"
            asField
            value={scope}
            options={[
              ...(selection
                ? [
                    [
                      'selection',
                      `The ${formatNumber(selection.rows)} selected row${selection.rows === 1 ? '' : 's'}`,
                    ] as const,
                  ]
                : []),
              ...(filter ? [['filter', `The rows matching ${filter}`] as const] : []),
              ['all', 'Every row'] as const,
            ]}
            onChange={setScope}
          />
        )}
        <ExportTargetFields form={form} name={table.table} />
        <ExportJobState form={form} />
        <div className="modal-actions">
          <button type="button" onClick={ws.closeDialog}>
            {running ? 'Close (keeps running)' : 'Close'}
          </button>
          <button type="submit" className="primary" disabled={!form.ready}>
            {form.actionLabel}
          </button>
        </div>
      </DialogForm>
    </Modal>
  );
}
