/**
 * A column's menu in the Schema tab. Only the changes that can apply are offered: a type change
 * when some type is compatible, "Make nullable" only for a non-nullable column.
 */
import { DropdownMenu } from 'radix-ui';
import type { TableRef } from '../../api/query-keys';
import { useWorkspace, type ColumnAction } from '../../state/workspace';
import type { JsonArrowField } from '../../../src-shared/vocabulary/json-arrow-types';
import { castTargets } from './column-types';

export function ColumnActions({
  table,
  path,
  segments,
  field,
}: {
  table: TableRef;
  path: string;
  segments: string[];
  field: JsonArrowField;
}) {
  const ws = useWorkspace();
  const open = (action: ColumnAction) =>
    ws.openDialog({ kind: 'column-change', table, action, segments });
  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger asChild>
        <button type="button" className="column-actions" aria-label={`Change column ${path}`}>
          Change ▾
        </button>
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content className="menu" align="end" aria-label={`Column ${path}`}>
          <DropdownMenu.Item className="menu-item" onSelect={() => open('rename')}>
            Rename…
          </DropdownMenu.Item>
          {castTargets(field.type).length > 0 && (
            <DropdownMenu.Item className="menu-item" onSelect={() => open('cast')}>
              Change type…
            </DropdownMenu.Item>
          )}
          {!field.nullable && (
            <DropdownMenu.Item className="menu-item" onSelect={() => open('nullable')}>
              Make nullable…
            </DropdownMenu.Item>
          )}
          <DropdownMenu.Separator className="menu-separator" />
          <DropdownMenu.Item className="menu-item danger" onSelect={() => open('drop')}>
            Drop…
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
