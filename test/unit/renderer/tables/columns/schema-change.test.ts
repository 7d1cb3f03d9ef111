import { describe, expect, it } from 'vitest';
import type { JsonArrowField } from '../../../../../src-shared/vocabulary/json-arrow-types';
import {
  changeSummary,
  fieldAt,
  indexesCovering,
  previewSchema,
  requestFor,
  siblingNames,
  type PreviewRow,
} from '../../../../../src-renderer/tables/columns/schema-change';

const f = (name: string, type: string, nullable = true, fields?: JsonArrowField[]) => ({
  name,
  nullable,
  type: { type, ...(fields ? { fields } : {}) },
});

const FIELDS: JsonArrowField[] = [
  f('id', 'int32', false),
  f('name', 'utf8'),
  f('meta', 'struct', true, [f('score', 'float64'), f('a.b', 'utf8')]),
  f('metadata', 'utf8'),
];

const marked = (rows: PreviewRow[]) =>
  rows.filter((r) => r.change).map((r) => [r.name, r.change, r.note ?? null]);

describe('requestFor', () => {
  it('turns each change into its procedure, with canonical paths', () => {
    expect(requestFor({ kind: 'add', name: 'twice', expression: 'id * 2' })).toEqual({
      name: 'columns:add',
      input: { columns: [{ name: 'twice', expression: 'id * 2' }] },
    });
    expect(requestFor({ kind: 'add', name: 'note', dataType: 'utf8' })).toEqual({
      name: 'columns:add',
      input: { columns: [{ name: 'note', dataType: { type: 'utf8' } }] },
    });
    expect(requestFor({ kind: 'rename', segments: ['meta', 'a.b'], newName: 'ab' })).toEqual({
      name: 'columns:alter',
      input: { alterations: [{ path: 'meta.`a.b`', rename: 'ab' }] },
    });
    expect(requestFor({ kind: 'cast', segments: ['id'], dataType: 'int64' })).toEqual({
      name: 'columns:alter',
      input: { alterations: [{ path: 'id', dataType: { type: 'int64' } }] },
    });
    expect(requestFor({ kind: 'nullable', segments: ['id'] })).toEqual({
      name: 'columns:alter',
      input: { alterations: [{ path: 'id', nullable: true }] },
    });
    expect(requestFor({ kind: 'drop', segments: ['meta', 'score'] })).toEqual({
      name: 'columns:drop',
      input: { columns: ['meta.score'] },
    });
  });
});

describe('previewSchema', () => {
  it('shows the schema unmarked while there is no change yet', () => {
    const rows = previewSchema(FIELDS, undefined);
    expect(rows.map((r) => r.name)).toEqual(['id', 'name', 'meta', 'score', 'a.b', 'metadata']);
    expect(marked(rows)).toEqual([]);
  });

  it('appends an added column; a computed one leaves type and nullability to the engine', () => {
    const computed = previewSchema(FIELDS, { kind: 'add', name: 'twice', expression: 'id * 2' });
    expect(computed.at(-1)).toMatchObject({
      name: 'twice',
      depth: 0,
      change: 'added',
      note: '= id * 2',
      nullable: undefined,
    });
    const nulls = previewSchema(FIELDS, { kind: 'add', name: 'n', dataType: 'int64' });
    expect(nulls.at(-1)).toMatchObject({ typeLabel: 'int64', nullable: true, note: 'all null' });
    expect(marked(nulls)).toHaveLength(1);
  });

  it('renames in place, nested members included, saying the old name', () => {
    const rows = previewSchema(FIELDS, {
      kind: 'rename',
      segments: ['meta', 'score'],
      newName: 'pts',
    });
    expect(rows.map((r) => r.name)).toEqual(['id', 'name', 'meta', 'pts', 'a.b', 'metadata']);
    expect(marked(rows)).toEqual([['pts', 'renamed', 'was score']]);
    expect(rows.find((r) => r.name === 'pts')?.depth).toBe(1);
  });

  it('shows a new type and new nullability with what they were', () => {
    const cast = previewSchema(FIELDS, { kind: 'cast', segments: ['id'], dataType: 'int64' });
    expect(cast[0]).toMatchObject({ typeLabel: 'int64', change: 'retyped', note: 'was int32' });
    const loosened = previewSchema(FIELDS, { kind: 'nullable', segments: ['id'] });
    expect(loosened[0]).toMatchObject({ nullable: true, change: 'nullable' });
    expect(marked(loosened)).toHaveLength(1);
  });

  it('keeps a dropped struct listed, marked with all its members and nothing else', () => {
    const rows = previewSchema(FIELDS, { kind: 'drop', segments: ['meta'] });
    expect(marked(rows)).toEqual([
      ['meta', 'dropped', null],
      ['score', 'dropped', null],
      ['a.b', 'dropped', null],
    ]);
    expect(rows.find((r) => r.name === 'metadata')?.change).toBeUndefined();
  });
});

describe('schema lookups', () => {
  it('finds nested fields and the names beside them', () => {
    expect(fieldAt(FIELDS, ['meta', 'a.b'])?.type.type).toBe('utf8');
    expect(fieldAt(FIELDS, ['meta', 'nope'])).toBeUndefined();
    expect(siblingNames(FIELDS, ['meta', 'score'])).toEqual(['a.b']);
    expect(siblingNames(FIELDS, ['id'])).toEqual(['name', 'meta', 'metadata']);
  });
});

describe('indexesCovering', () => {
  const indexes = [
    { name: 'meta_score_idx', columns: ['meta.score'] },
    { name: 'metadata_idx', columns: ['metadata'] },
    { name: 'id_idx', columns: ['id'] },
  ];
  it('names indexes on the column and on members of a struct, not on lookalike names', () => {
    expect(indexesCovering(indexes, 'id')).toEqual(['id_idx']);
    expect(indexesCovering(indexes, 'meta')).toEqual(['meta_score_idx']);
    expect(indexesCovering(indexes, 'name')).toEqual([]);
  });
});

describe('changeSummary', () => {
  it('says what changed and the new version, naming the indexes a drop took', () => {
    expect(
      changeSummary({ kind: 'drop', segments: ['id'] }, { version: 7, droppedIndexes: ['id_idx'] }),
    ).toBe('Dropped column id and index id_idx (version 7)');
    expect(
      changeSummary({ kind: 'rename', segments: ['meta', 'a.b'], newName: 'ab' }, { version: 3 }),
    ).toBe('Renamed column meta.`a.b` to ab (version 3)');
  });
});
