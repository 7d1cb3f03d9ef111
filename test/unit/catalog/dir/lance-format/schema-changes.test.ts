import { describe, expect, it } from 'vitest';
import { columnChanges } from '../../../../../src-main/catalog/dir/lance-format/schema-changes';
import type { ManifestField } from '../../../../../src-main/catalog/dir/lance-format/manifest-types';

const field = (id: number, name: string, logicalType = 'int64', parentId = -1): ManifestField => ({
  id,
  parentId,
  name,
  logicalType,
  nullable: true,
});
const base = [
  field(0, 'id'),
  field(1, 'price', 'int32'),
  field(2, 'meta', 'struct'),
  field(3, 'score', 'double', 2),
];

describe('columnChanges', () => {
  it('tells a new column from a type change, which Lance records as the same Merge', () => {
    expect(columnChanges(base, [...base, field(4, 'twice')])).toMatchObject({
      added: ['twice'],
      retyped: [],
    });
    const inPlace = [base[0]!, field(1, 'price', 'double'), base[2]!, base[3]!];
    expect(columnChanges(base, inPlace).retyped).toEqual([
      { path: 'price', from: 'int32', to: 'double' },
    ]);
    const cast = [base[0]!, field(5, 'price', 'double'), base[2]!, base[3]!];
    expect(columnChanges(base, cast)).toEqual({
      added: [],
      dropped: [],
      renamed: [],
      retyped: [{ path: 'price', from: 'int32', to: 'double' }],
    });
  });

  it('tells a rename from a drop, which Lance records as the same Project', () => {
    const renamed = [base[0]!, field(1, 'cost', 'int32'), base[2]!, base[3]!];
    expect(columnChanges(base, renamed)).toEqual({
      added: [],
      dropped: [],
      renamed: [{ from: 'price', to: 'cost' }],
      retyped: [],
    });
    // A struct dropped is one column dropped, not one per field inside it.
    expect(columnChanges(base, [base[0]!, base[1]!])).toMatchObject({ dropped: ['meta'] });
    expect(
      columnChanges(base, [base[0]!, base[1]!, field(2, 'info', 'struct'), base[3]!]).renamed,
    ).toEqual([{ from: 'meta', to: 'info' }]);
  });
});
