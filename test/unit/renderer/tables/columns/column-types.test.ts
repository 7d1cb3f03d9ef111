import { describe, expect, it } from 'vitest';
import { arrow } from '../../../../../src-main/catalog/arrow';
import { arrowTypeOf, toJsonArrowField } from '../../../../../src-main/catalog/json-arrow-schema';
import {
  CAST_TARGETS,
  NULL_COLUMN_TYPES,
  castTargets,
} from '../../../../../src-renderer/tables/columns/column-types';

/** The contract's name of a type after the engine parsed it: unknown names come back as binary. */
const roundTrip = (type: string) =>
  toJsonArrowField(new arrow.Field('x', arrowTypeOf({ type }), true)).type.type;

describe('cast targets', () => {
  it('offers widenings, float widths and the large forms, never the type itself', () => {
    expect(castTargets({ type: 'int32' })).toEqual(['int64']);
    expect(castTargets({ type: 'float64' })).toEqual(['float32']);
    expect(castTargets({ type: 'utf8' })).toEqual(['large_utf8']);
    for (const [source, targets] of Object.entries(CAST_TARGETS)) {
      expect(targets).not.toContain(source);
    }
  });

  it('offers nothing LanceDB refuses or that fails on some values', () => {
    // LanceDB refuses integer → float and bool → integer; int64 has nothing wider.
    expect(castTargets({ type: 'int64' })).toEqual([]);
    expect(castTargets({ type: 'int32' })).not.toContain('float64');
    expect(castTargets({ type: 'bool' })).toEqual([]);
    expect(castTargets({ type: 'uint32' })).not.toContain('int32');
  });

  it('offers nothing for nested and vector columns', () => {
    expect(castTargets({ type: 'struct', fields: [] })).toEqual([]);
    expect(castTargets({ type: 'fixed_size_list', length: 8 })).toEqual([]);
    expect(castTargets({ type: 'list' })).toEqual([]);
  });

  it('names every type as the engine does, so a request means what the menu says', () => {
    const names = new Set([
      ...Object.keys(CAST_TARGETS),
      ...Object.values(CAST_TARGETS).flat(),
      ...NULL_COLUMN_TYPES,
    ]);
    for (const name of names) expect(roundTrip(name)).toBe(name);
  });
});
