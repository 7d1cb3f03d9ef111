/** Create a namespace under a parent, with a live-checked name and optional properties. */
import { ShowCode } from '../common/code/ShowCode';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import type { NamespacePath } from '../api/query-keys';
import { useCall } from '../api/studio-context';
import { DialogActions } from '../common/DialogActions';
import { DialogForm } from '../common/DialogForm';
import { displayPath } from '../common/format-path';
import { Modal } from '../common/Modal';
import { NameField, nameProblem } from '../common/NameField';
import { PropertiesEditor, propertiesProblem, type PropertyRow } from '../common/PropertiesEditor';
import { useToasts } from '../common/toasts';
import { useWorkspace } from '../state/workspace';

export function CreateNamespaceDialog({
  connectionId,
  parent,
}: {
  connectionId: string;
  parent: NamespacePath;
}) {
  const ws = useWorkspace();
  const call = useCall();
  const toasts = useToasts();
  const [name, setName] = useState('');
  const [touched, setTouched] = useState(false);
  const [properties, setProperties] = useState<PropertyRow[]>([]);
  const problem = nameProblem(name) ?? propertiesProblem(properties);
  const create = useMutation({
    mutationFn: () =>
      call('namespaces:create', {
        connectionId,
        path: [...parent, name],
        ...(properties.length
          ? { properties: Object.fromEntries(properties.map((p) => [p.key.trim(), p.value])) }
          : {}),
      }),
    onSuccess: () => {
      toasts.push('success', `Created namespace ${displayPath([...parent, name])}`);
      ws.reveal(connectionId, [...parent, name]);
      ws.closeDialog();
    },
  });
  return (
    <Modal
      title="New namespace"
      description={parent.length ? `Inside ${displayPath(parent)}` : 'At the top level'}
      onClose={ws.closeDialog}
    >
      <DialogForm
        onSubmit={() => {
          setTouched(true);
          if (!problem) create.mutate();
        }}
      >
        <NameField
          label="Namespace name"
          value={name}
          onChange={setName}
          touched={touched || name.length > 0}
          autoFocus
        />
        <PropertiesEditor rows={properties} onChange={setProperties} submitted={touched} />
        <div className="show-code">
          <ShowCode
            connectionId={connectionId}
            action={() =>
              problem
                ? undefined
                : {
                    kind: 'create-namespace',
                    namespacePath: [...parent, name],
                    ...(properties.length
                      ? {
                          properties: Object.fromEntries(
                            properties.map((p) => [p.key.trim(), p.value]),
                          ),
                        }
                      : {}),
                  }
            }
          />
        </div>
        <DialogActions
          label="Create namespace"
          pendingLabel="Creating…"
          pending={create.isPending}
          disabled={touched && Boolean(problem)}
          error={create.error}
        />
      </DialogForm>
    </Modal>
  );
}
