/** Placeholder until the create-table form lands (this session): says so plainly. */
import type { NamespacePath } from '../api/query-keys';
import { Modal } from '../common/Modal';
import { useWorkspace } from '../state/workspace';

export function CreateTableDialog(_: { connectionId: string; path: NamespacePath }) {
  const ws = useWorkspace();
  return (
    <Modal title="New table" onClose={ws.closeDialog}>
      <p>Creating tables from the app is not built yet.</p>
    </Modal>
  );
}
