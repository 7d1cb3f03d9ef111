/**
 * A dialog about one table: wide, for the schema or index form it holds, with the table's full
 * identifier under the title, since the same table name can stand in several namespaces.
 */
import type { ReactNode } from 'react';
import type { TableRef } from '../api/query-keys';
import { useWorkspace } from '../state/workspace';
import { displayPath } from './format-path';
import { Modal } from './Modal';

export function TableModal({
  title,
  table,
  children,
}: {
  title: string;
  table: TableRef;
  children: ReactNode;
}) {
  const ws = useWorkspace();
  return (
    <Modal
      wide
      title={title}
      description={`On ${displayPath([...table.path, table.table])}`}
      onClose={ws.closeDialog}
    >
      {children}
    </Modal>
  );
}
