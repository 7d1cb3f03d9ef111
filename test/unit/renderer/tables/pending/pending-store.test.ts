import { describe, expect, it } from 'vitest';
import { withCellEdit } from '../../../../../src-renderer/tables/pending/pending-changes';
import { announceNamespaceDropped } from '../../../../../src-renderer/state/dropped-namespaces';
import {
  anyPending,
  forgetTable,
  pendingInTable,
  pendingKey,
  updatePendingAt,
} from '../../../../../src-renderer/tables/pending/pending-store';
import { tableKey } from '../../../../../src-renderer/state/deep-link';

const ref = (path: string[], table: string, branch?: string) => ({
  connectionId: 'c1',
  path,
  table,
  ...(branch ? { at: { branch } } : {}),
});

const editIn = (r: ReturnType<typeof ref>) =>
  updatePendingAt(pendingKey(r), (c) =>
    withCellEdit(c, { predicate: 'id = 1', row: 0, column: 'name', value: 'x', original: 'a' }),
  );

describe('the pending changes store', () => {
  it('forgets a dropped namespace’s tables at every depth, and nothing beside it', () => {
    const inside = ref(['ns'], 't');
    const deeper = ref(['ns', 'sub'], 't', 'dev');
    const sibling = ref(['ns2'], 't');
    const sameNameElsewhere = { ...ref(['ns'], 't'), connectionId: 'c2' };
    for (const r of [inside, deeper, sibling, sameNameElsewhere]) editIn(r);
    expect(pendingInTable(tableKey(deeper))).toBe(1);

    // As the namespace's drop dialog says it.
    announceNamespaceDropped('c1', ['ns']);
    expect(pendingInTable(tableKey(inside))).toBe(0);
    expect(pendingInTable(tableKey(deeper))).toBe(0);
    // `ns2` starts with `ns` as text, but is another namespace; another connection is untouched.
    expect(pendingInTable(tableKey(sibling))).toBe(1);
    expect(pendingInTable(tableKey(sameNameElsewhere))).toBe(1);

    forgetTable(tableKey(sibling));
    forgetTable(tableKey(sameNameElsewhere));
    expect(anyPending()).toBe(false);
  });
});
