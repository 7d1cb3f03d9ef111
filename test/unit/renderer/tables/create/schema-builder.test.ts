import { describe, expect, it } from 'vitest';
import { fromJsonArrowSchema } from '../../../../../src-main/catalog/json-arrow-schema';
import {
  addChild,
  newFieldDraft,
  removeField,
  schemaProblem,
  schemaProblems,
  toJsonSchema,
  updateField,
} from '../../../../../src-renderer/tables/create/schema-builder';

describe('schema builder', () => {
  it('turns drafts into the JSON schema the host converts, nesting included', () => {
    const fields = [
      newFieldDraft({ name: 'id', type: 'int64', nullable: false }),
      newFieldDraft({ name: ' embedding ', type: 'vector', dimension: '16' }),
      newFieldDraft({ name: 'tags', type: 'list', itemType: 'utf8' }),
      newFieldDraft({
        name: 'meta',
        type: 'struct',
        children: [
          newFieldDraft({ name: 'score', type: 'float64' }),
          newFieldDraft({ name: 'seen', type: 'timestamp' }),
        ],
      }),
    ];
    const json = toJsonSchema(fields);
    expect(json.fields[1]).toEqual({
      name: 'embedding',
      nullable: true,
      type: {
        type: 'fixed_size_list',
        length: 16,
        fields: [{ name: 'item', nullable: true, type: { type: 'float32' } }],
      },
    });
    const arrowSchema = fromJsonArrowSchema(json);
    expect(arrowSchema.fields.map((f) => [f.name, String(f.type), f.nullable])).toEqual([
      ['id', 'Int64', false],
      ['embedding', 'FixedSizeList[16]<Float32>', true],
      ['tags', 'List<Utf8>', true],
      ['meta', 'Struct<{score:Float64, seen:Timestamp<MICROSECOND>}>', true],
    ]);
    expect(schemaProblem(fields)).toBeUndefined();
  });

  it('names every problem: empty, duplicate, bad dimension, empty struct, no fields', () => {
    expect(schemaProblem([])).toBe('Add at least one field');
    const a = newFieldDraft({ name: 'a' });
    const dup = newFieldDraft({ name: 'a' });
    const blank = newFieldDraft({ name: '  ' });
    const zero = newFieldDraft({ name: 'v0', type: 'vector', dimension: '0' });
    const frac = newFieldDraft({ name: 'v1', type: 'vector', dimension: '2.5' });
    const empty = newFieldDraft({ name: 's', type: 'struct' });
    const problems = schemaProblems([a, dup, blank, zero, frac, empty]);
    expect(problems.get(a.id)).toBeUndefined();
    expect(problems.get(dup.id)).toBe('The name a is used twice here');
    expect(problems.get(blank.id)).toBe('Every field needs a name');
    expect(problems.get(zero.id)).toBe('The dimension must be at least 1');
    expect(problems.get(frac.id)).toBe('The dimension must be a whole number, not 2.5');
    expect(problems.get(empty.id)).toBe('A struct needs at least one field');
    expect(schemaProblem([a, dup])).toBe('Field a: The name a is used twice here');
  });

  it('checks duplicates per level, and reports a nested problem with its path', () => {
    const child = newFieldDraft({ name: 'x' });
    const twin = newFieldDraft({ name: 'x' });
    const fields = [
      newFieldDraft({ name: 'x' }),
      newFieldDraft({ name: 'meta', type: 'struct', children: [child, twin] }),
    ];
    expect(schemaProblems(fields).get(child.id)).toBeUndefined();
    expect(schemaProblem(fields)).toBe('Field meta.x: The name x is used twice here');
  });

  it('edits nested fields by id', () => {
    const parent = newFieldDraft({ name: 'p', type: 'struct' });
    let fields = addChild([parent], parent.id);
    const child = fields[0]!.children[0]!;
    fields = updateField(fields, child.id, { name: 'c', type: 'bool' });
    expect(toJsonSchema(fields).fields[0]!.type.fields).toEqual([
      { name: 'c', nullable: true, type: { type: 'bool' } },
    ]);
    fields = removeField(fields, child.id);
    expect(fields[0]!.children).toEqual([]);
  });
});
