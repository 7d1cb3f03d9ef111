/**
 * A table's rows to a file: all of them or those the Data tab's filter matches, as CSV, JSON,
 * NDJSON or Parquet. It runs as a job (here and in the jobs panel, with cancel); the rows are
 * counted first and a file holding another count is never kept.
 */
import { useState } from 'react';
import type { TableRef } from '../api/query-keys';
import { useCall } from '../api/studio-context';
import { tableInput } from '../api/table-input';
import { DialogForm } from '../common/DialogForm';
import { Modal } from '../common/Modal';
import { RadioGroup } from '../common/RadioGroup';
import { ExportJobState, ExportTargetFields, useExportJobForm } from '../jobs/export-job-form';
import { useWorkspace } from '../state/workspace';

export function ExportTableDialog({ table, filter }: { table: TableRef; filter: string }) {
  const ws = useWorkspace();
  const call = useCall();
  const [scope, setScope] = useState<'all' | 'filter'>(filter ? 'filter' : 'all');
  const form = useExportJobForm();
  const { format, file, overwrite, running } = form;
  return (
    <Modal title={`Export ${table.table}`} onClose={ws.closeDialog}>
      <DialogForm
        aria-label="Export rows"
        onSubmit={() =>
          form.start(() =>
            call('tables:export', {
              ...tableInput(table),
              ...(scope === 'filter' ? { filter } : {}),
              format,
              file: file.trim(),
              overwrite,
            }),
          )
        }
      >
        {filter && (
          <RadioGroup
            label="Rows"
            asField
            value={scope}
            options={[
              ['filter', `The rows matching ${filter}`],
              ['all', 'Every row'],
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
          <button type="submit" className="primary" disabled={running || file.trim() === ''}>
            {running ? 'Exporting…' : 'Export'}
          </button>
        </div>
      </DialogForm>
    </Modal>
  );
}
