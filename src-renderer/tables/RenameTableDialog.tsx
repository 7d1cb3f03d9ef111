/**
 * Rename a table, optionally moving it to another namespace. The open tab follows it, and the
 * dialog names what else changes: clients that use the old identifier stop finding it.
 */
import { ShowCode } from '../common/code/ShowCode';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import type { TableRef } from '../api/query-keys';
import { useCall } from '../api/studio-context';
import { tableInput } from '../api/table-input';
import { DialogActions } from '../common/DialogActions';
import { DialogForm } from '../common/DialogForm';
import { displayPath } from '../common/format-path';
import { Modal } from '../common/Modal';
import { NameField, nameProblem } from '../common/NameField';
import { TextField } from '../common/TextField';
import { useToasts } from '../common/toasts';
import { useWorkspace } from '../state/workspace';

export function RenameTableDialog({ table }: { table: TableRef }) {
  const ws = useWorkspace();
  const call = useCall();
  const toasts = useToasts();
  const [name, setName] = useState(table.table);
  const [target, setTarget] = useState(table.path.join('/'));
  const newPath = target
    .split('/')
    .map((s) => s.trim())
    .filter(Boolean);
  const pathProblem = newPath.map(nameProblem).find(Boolean);
  const unchanged = name === table.table && displayPath(newPath) === displayPath(table.path);
  const problem = nameProblem(name) ?? (pathProblem ? `Namespace: ${pathProblem}` : undefined);
  const rename = useMutation({
    mutationFn: () => call('tables:rename', { ...tableInput(table), newName: name, newPath }),
    onSuccess: () => {
      const to = { connectionId: table.connectionId, path: newPath, table: name };
      ws.retarget(table, to);
      toasts.push('success', `Renamed ${table.table} to ${displayPath([...newPath, name])}`);
      ws.closeDialog();
    },
  });
  return (
    <Modal
      title={`Rename table ${table.table}`}
      description={`Scripts and clients that open ${displayPath([...table.path, table.table])} will no longer find it under that name.`}
      onClose={ws.closeDialog}
    >
      <DialogForm
        onSubmit={() => {
          if (!problem && !unchanged) rename.mutate();
        }}
      >
        <NameField label="New name" value={name} onChange={setName} autoFocus touched />
        <TextField
          label="Namespace"
          hint="Names separated by /; empty for the top level"
          value={target}
          onChange={setTarget}
        >
          {pathProblem && <span className="field-error">{pathProblem}</span>}
        </TextField>
        <div className="show-code">
          <ShowCode
            connectionId={table.connectionId}
            action={() =>
              problem || unchanged
                ? undefined
                : {
                    kind: 'rename-table',
                    target: { namespacePath: [...table.path], table: table.table },
                    newName: name,
                    ...(displayPath(newPath) === displayPath(table.path)
                      ? {}
                      : { newNamespacePath: newPath }),
                  }
            }
          />
        </div>
        <DialogActions
          label="Rename"
          pendingLabel="Renaming…"
          pending={rename.isPending}
          disabled={Boolean(problem) || unchanged}
          error={rename.error}
        />
      </DialogForm>
    </Modal>
  );
}
