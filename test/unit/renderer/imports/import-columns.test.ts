import { describe, expect, it } from 'vitest';
import {
  draftsFromSchema,
  importColumnsProblems,
  toImportColumns,
} from '../../../../src-renderer/imports/import-columns';

const INFERRED = {
  fields: [
    { name: 'id', nullable: true, type: { type: 'int32' } },
    { name: 'name', nullable: true, type: { type: 'utf8' } },
    {
      name: 'embedding',
      nullable: true,
      type: {
        type: 'fixed_size_list',
        length: 4,
        fields: [{ name: 'item', nullable: true, type: { type: 'float32' } }],
      },
    },
    {
      name: 'tags',
      nullable: true,
      type: {
        type: 'list',
        fields: [{ name: 'item', nullable: true, type: { type: 'utf8' } }],
      },
    },
  ],
};

describe('import column drafts', () => {
  it('start from the inferred schema, with types the list does not offer kept as-is', () => {
    const drafts = draftsFromSchema(INFERRED);
    expect(drafts.map((d) => [d.name, d.type, d.dimension, d.inferred])).toEqual([
      ['id', 'int32', '', 'int32'],
      ['name', 'utf8', '', 'utf8'],
      ['embedding', 'vector', '4', 'fixed_size_list<float32>[4]'],
      ['tags', 'as-is', '', 'list<utf8>'],
    ]);
    // Untouched: import as inferred, with no edited schema at all.
    expect(toImportColumns(drafts)).toBeUndefined();
  });

  it('send renames, drops and type changes, a type only where it changed', () => {
    const drafts = draftsFromSchema(INFERRED);
    drafts[0]!.type = 'int64';
    drafts[1]!.name = 'title';
    drafts[2]!.dimension = '4';
    drafts[3]!.include = false;
    expect(toImportColumns(drafts)).toEqual([
      { source: 'id', name: 'id', type: 'int64' },
      { source: 'name', name: 'title' },
      { source: 'embedding', name: 'embedding' },
    ]);
    drafts[1]!.type = 'vector';
    drafts[1]!.dimension = ' 16 ';
    expect(toImportColumns(drafts)?.[1]).toEqual({
      source: 'name',
      name: 'title',
      type: 'vector',
      dimension: 16,
    });
  });

  it('name each problem: empty or duplicate names, bad dimensions, nothing kept', () => {
    const drafts = draftsFromSchema(INFERRED);
    drafts[1]!.name = 'id';
    drafts[2]!.dimension = '0';
    drafts[3]!.name = '';
    const { byColumn, overall } = importColumnsProblems(drafts);
    expect(byColumn.get(1)).toBe('The name id is used twice');
    expect(byColumn.get(2)).toBe('The dimension must be at least 1');
    expect(byColumn.get(3)).toBe('Every column needs a name');
    expect(overall).toBe('Column name: The name id is used twice');
    drafts[3]!.include = false;
    drafts[2]!.dimension = 'x';
    expect(importColumnsProblems(drafts).byColumn.get(2)).toBe(
      'The dimension must be a whole number, not x',
    );
    expect(importColumnsProblems(drafts.map((d) => ({ ...d, include: false }))).overall).toBe(
      'Keep at least one column',
    );
  });
});
