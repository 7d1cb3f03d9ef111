/** Column paths resolved against an Arrow schema. */
import { describe, expect, it } from 'vitest';
import { arrow } from '../../../src-main/catalog/arrow';
import { listFieldPaths, resolveFieldPath } from '../../../src-main/catalog/schema-fields';
import { ERROR_CODES } from '../../../src-shared/vocabulary/errors';
import { expectCode } from '../../support/expect-code';

const INVALID = ERROR_CODES.InvalidInput;
const NOT_FOUND = ERROR_CODES.TableColumnNotFound;

const schema = new arrow.Schema([
  new arrow.Field('id', new arrow.Int32()),
  new arrow.Field(
    's',
    new arrow.Struct([
      new arrow.Field('x', new arrow.Float32()),
      new arrow.Field('a.b', new arrow.Utf8()),
    ]),
  ),
  new arrow.Field(
    'vector',
    new arrow.FixedSizeList(4, new arrow.Field('item', new arrow.Float32())),
  ),
]);

describe('resolveFieldPath', () => {
  it('resolves a top-level column', () => {
    const resolved = resolveFieldPath(schema, 'id');
    expect(resolved.segments).toEqual(['id']);
    expect(resolved.canonicalPath).toBe('id');
    expect(resolved.field.name).toBe('id');
    expect(String(resolved.field.type)).toBe('Int32');
  });

  it('resolves a nested struct field', () => {
    const resolved = resolveFieldPath(schema, 's.x');
    expect(resolved.segments).toEqual(['s', 'x']);
    expect(resolved.canonicalPath).toBe('s.x');
    expect(resolved.field.name).toBe('x');
    expect(String(resolved.field.type)).toBe('Float32');
  });

  it('canonicalises needless quoting', () => {
    expect(resolveFieldPath(schema, '`s`.`x`').canonicalPath).toBe('s.x');
  });

  it('resolves a nested field whose name holds a dot', () => {
    const resolved = resolveFieldPath(schema, 's.`a.b`');
    expect(resolved.canonicalPath).toBe('s.`a.b`');
    expect(resolved.field.name).toBe('a.b');
  });

  it('resolves the struct itself', () => {
    expect(resolveFieldPath(schema, 's').field.name).toBe('s');
  });

  it('does not let a bare leaf name reach a nested field, and suggests the full path', async () => {
    const error = await expectCode(() => resolveFieldPath(schema, 'x'), NOT_FOUND);
    expect(error.message).toContain('s.x');
    expect(error.message).toMatch(/did you mean/);
  });

  it('suggests the quoted path for a bare quoted leaf', async () => {
    const error = await expectCode(() => resolveFieldPath(schema, '`a.b`'), NOT_FOUND);
    expect(error.message).toContain('s.`a.b`');
  });

  it('reports a column that does not exist anywhere without a suggestion', async () => {
    const error = await expectCode(() => resolveFieldPath(schema, 'nope'), NOT_FOUND);
    expect(error.message).toContain('nope');
    expect(error.message).not.toMatch(/did you mean/);
  });

  it('reports walking into a non-struct column', async () => {
    const error = await expectCode(() => resolveFieldPath(schema, 'id.x'), NOT_FOUND);
    expect(error.message).toContain('id is not a struct');
    await expectCode(() => resolveFieldPath(schema, 'vector.item'), NOT_FOUND);
  });

  it('reports a missing nested field', async () => {
    const error = await expectCode(() => resolveFieldPath(schema, 's.y'), NOT_FOUND);
    expect(error.message).toContain('s.y');
    await expectCode(() => resolveFieldPath(schema, 's.a.b'), NOT_FOUND);
    await expectCode(() => resolveFieldPath(schema, 's.x.z'), NOT_FOUND);
  });

  it('is case-sensitive', async () => {
    await expectCode(() => resolveFieldPath(schema, 'ID'), NOT_FOUND);
  });

  it.each(['', 's.', '`s', 's..x', 's`x'])(
    'rejects the malformed path %j as InvalidInput',
    async (p) => {
      await expectCode(() => resolveFieldPath(schema, p), INVALID);
    },
  );
});

describe('listFieldPaths', () => {
  it('lists every field depth first, nested ones included', () => {
    const listed = listFieldPaths(schema);
    expect(listed.map((e) => e.canonicalPath)).toEqual(['id', 's', 's.x', 's.`a.b`', 'vector']);
    expect(listed.map((e) => e.segments)).toEqual([
      ['id'],
      ['s'],
      ['s', 'x'],
      ['s', 'a.b'],
      ['vector'],
    ]);
    expect(listed.map((e) => e.field.name)).toEqual(['id', 's', 'x', 'a.b', 'vector']);
  });

  it('lists deeper nesting and an empty schema', () => {
    const deep = new arrow.Schema([
      new arrow.Field(
        'o',
        new arrow.Struct([
          new arrow.Field('m', new arrow.Struct([new arrow.Field('leaf', new arrow.Int32())])),
        ]),
      ),
    ]);
    expect(listFieldPaths(deep).map((e) => e.canonicalPath)).toEqual(['o', 'o.m', 'o.m.leaf']);
    expect(resolveFieldPath(deep, 'o.m.leaf').field.name).toBe('leaf');
    expect(listFieldPaths(new arrow.Schema([]))).toEqual([]);
  });

  it('every listed path resolves back to the same field', () => {
    for (const entry of listFieldPaths(schema)) {
      const resolved = resolveFieldPath(schema, entry.canonicalPath);
      expect(resolved.field).toBe(entry.field);
      expect(resolved.segments).toEqual(entry.segments);
    }
  });
});
