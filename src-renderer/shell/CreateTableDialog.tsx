/** A new table in a namespace: imported from a file, or empty from a schema built here. */
import { Tabs } from 'radix-ui';
import { useState } from 'react';
import type { NamespaceRef } from '../api/query-keys';
import { displayPath } from '../common/format-path';
import { Modal } from '../common/Modal';
import { useWorkspace } from '../state/workspace';
import { EmptyTableForm } from '../tables/create/EmptyTableForm';
import { ImportTableForm } from '../imports/ImportTableForm';
import '../common/forms.css';

export function CreateTableDialog({ connectionId, path }: NamespaceRef) {
  const ws = useWorkspace();
  const [how, setHow] = useState<'file' | 'empty'>('file');
  return (
    <Modal
      wide
      title="New table"
      description={path.length ? `In ${displayPath(path)}` : 'At the top level'}
      onClose={ws.closeDialog}
    >
      <Tabs.Root
        className="create-tabs"
        value={how}
        onValueChange={(value) => setHow(value as 'file' | 'empty')}
      >
        <Tabs.List className="tab-list" aria-label="How to create the table">
          <Tabs.Trigger value="file" className="tab-trigger">
            From a file
          </Tabs.Trigger>
          <Tabs.Trigger value="empty" className="tab-trigger">
            Empty, from a schema
          </Tabs.Trigger>
        </Tabs.List>
        <Tabs.Content value="file" className="create-pane">
          <ImportTableForm connectionId={connectionId} path={path} />
        </Tabs.Content>
        <Tabs.Content value="empty" className="create-pane">
          <EmptyTableForm connectionId={connectionId} path={path} />
        </Tabs.Content>
      </Tabs.Root>
    </Modal>
  );
}
