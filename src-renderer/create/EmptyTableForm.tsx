/** An empty table from a schema built field by field. */
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import type { NamespacePath } from '../api/query-keys';
import { useCall } from '../api/studio-context';
import { ErrorMessage } from '../common/ErrorMessage';
import { NameField, nameProblem } from '../common/NameField';
import { useWorkspace } from '../state/workspace';
import { newFieldDraft, schemaProblem, toJsonSchema, type FieldDraft } from './schema-builder';
import { SchemaBuilder } from './SchemaBuilder';

export function EmptyTableForm({
  connectionId,
  path,
}: {
  connectionId: string;
  path: NamespacePath;
}) {
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
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        setTouched(true);
        if (!problem) create.mutate();
      }}
    >
      <NameField label="Table name" value={name} onChange={setName} touched={touched} />
      <SchemaBuilder fields={fields} onChange={setFields} showProblems={touched} />
      <ErrorMessage error={create.error} />
      {touched && problem && (
        <p className="form-problem" role="alert">
          {problem}
        </p>
      )}
      <div className="modal-actions">
        <button type="button" onClick={ws.closeDialog}>
          Cancel
        </button>
        <button
          type="submit"
          className="primary"
          disabled={create.isPending || (touched && Boolean(problem))}
        >
          {create.isPending ? 'Creating…' : 'Create table'}
        </button>
      </div>
    </form>
  );
}
