/** Placeholder until the create-index form lands (this session): says so plainly. */
import type { TableRef } from '../api/query-keys';
import { Modal } from '../common/Modal';
import { useWorkspace } from '../state/workspace';

export function CreateIndexDialog(_: { table: TableRef; column?: string }) {
  const ws = useWorkspace();
  return (
    <Modal title="Create index" onClose={ws.closeDialog}>
      <p>Creating indexes from the app is not built yet.</p>
    </Modal>
  );
}
