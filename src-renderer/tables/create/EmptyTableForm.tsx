/** An empty table from a schema built field by field. */
import { ShowCode } from '../../common/code/ShowCode';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import type { NamespaceRef } from '../../api/query-keys';
import { useCall } from '../../api/studio-context';
import { DialogActions } from '../../common/DialogActions';
import { DialogForm } from '../../common/DialogForm';
import { NameField, nameProblem } from '../../common/NameField';
import { useWorkspace } from '../../state/workspace';
import { newFieldDraft, schemaProblem, toJsonSchema, type FieldDraft } from './schema-builder';
import { SchemaBuilder } from './SchemaBuilder';

export function EmptyTableForm({ connectionId, path }: NamespaceRef) {
  const ws = useWorkspace();
  const call = useCall();
  const [name, setName] = useState('');
  const [fields, setFields] = useState<FieldDraft[]>(() => [
    newFieldDraft({ name: 'id', type: 'int64', nullable: false }),
  ]);
  const [touched, setTouched] = useState(false);
  const problem = nameProblem(name) ?? schemaProblem(fields);
  const create = useMutation({
    mutationFn: () =>
      call('tables:create-empty', {
        connectionId,
        path: [...path],
        table: name,
        schema: toJsonSchema(fields),
      }),
    onSuccess: () => {
      ws.closeDialog();
      ws.openTable({ connectionId, path, table: name });
    },
  });
  return (
    <DialogForm
      noValidate
      onSubmit={() => {
        setTouched(true);
        if (!problem) create.mutate();
      }}
    >
      <NameField label="Table name" value={name} onChange={setName} touched={touched} />
      <SchemaBuilder fields={fields} onChange={setFields} showProblems={touched} />
      <div className="show-code">
        <ShowCode
          connectionId={connectionId}
          action={() =>
            problem
              ? undefined
              : {
                  kind: 'create-table',
                  target: { namespacePath: [...path], table: name },
                  schema: toJsonSchema(fields),
                }
          }
        />
      </div>
      <DialogActions
        label="Create table"
        pendingLabel="Creating…"
        pending={create.isPending}
        disabled={touched && Boolean(problem)}
        error={create.error}
        problem={touched && problem}
      />
    </DialogForm>
  );
}
