import {
  tableToIPC,
  tableFromArrays,
  vectorFromArray,
  Table,
  FixedSizeList,
  Field,
  Float32,
} from 'apache-arrow';
import { describe, expect, it } from 'vitest';
import { readMapRows } from '../../../../src-renderer/vector-map/map-rows';
import { queryPosition, resultRows } from '../../../../src-renderer/vector-map/search-marks';
import {
  lassoPredicate,
  searchResultsFilter,
} from '../../../../src-renderer/vector-map/vector-map-data';

function answer() {
  const type = new FixedSizeList(2, new Field('item', new Float32(), true));
  const vector = vectorFromArray([[0, 0], [1, 0], null, [10, 10]], type);
  const base = tableFromArrays({
    id: Int32Array.from([1, 2, 3, 4]),
    name: ["o'brien", 'b', 'c', 'd'],
    score: Float64Array.from([0.5, 1.5, 2, Number.NaN]),
  });
  const table = new Table({
    id: base.getChild('id')!,
    name: base.getChild('name')!,
    score: base.getChild('score')!,
    vector,
  });
  return tableToIPC(table, 'stream');
}

describe('map rows from an Arrow answer', () => {
  it('keeps rows with a vector, their keys as text and SQL literals, and the colour values', () => {
    const rows = readMapRows(answer(), {
      vectorColumn: 'vector',
      keyColumn: 'id',
      colourColumn: 'score',
    });
    expect(rows.n).toBe(3);
    expect(rows.dim).toBe(2);
    expect(rows.skipped).toBe(1);
    expect(Array.from(rows.vectors)).toEqual([0, 0, 1, 0, 10, 10]);
    expect(rows.keys).toEqual(['1', '2', '4']);
    expect(rows.literals).toEqual(['1', '2', '4']);
    expect(rows.colour).toMatchObject({ kind: 'number', min: 0.5, max: 1.5 });
    const byName = readMapRows(answer(), {
      vectorColumn: 'vector',
      keyColumn: 'name',
      colourColumn: 'name',
    });
    expect(byName.literals[0]).toBe("'o''brien'");
    expect(byName.colour.kind).toBe('category');
  });

  it('marks a search: its results by key, its query near its nearest rows', () => {
    const rows = readMapRows(answer(), { vectorColumn: 'vector', keyColumn: 'id' });
    const coords = Float32Array.from([0, 0, 1, 0, 10, 10]);
    const search = {
      vectorColumn: 'vector',
      query: [0.2, 0],
      results: [{ id: '4' }, { id: '2' }, { id: '9' }],
    };
    expect(resultRows(rows, 'id', search)).toEqual([1, 2]);
    expect(queryPosition(rows, coords, 'vector', search, 2)).toEqual([0.5, 0]);
    expect(queryPosition(rows, coords, 'other', search)).toBeUndefined();
    expect(queryPosition(rows, coords, 'vector', { ...search, query: [1, 2, 3] })).toBeUndefined();
  });
});

describe('the lasso as a predicate', () => {
  it('is key IN (…) through the expression gate, one row as =, duplicates once', () => {
    expect(lassoPredicate('id', ['3', '1', '3'])).toEqual({ predicate: 'id IN (3, 1)' });
    expect(lassoPredicate('id', ['7'])).toEqual({ predicate: 'id = 7' });
    expect(lassoPredicate('my key', ["'a'", "'b'"]).predicate).toBe("`my key` IN ('a', 'b')");
  });

  it('refuses a key that does not name rows exactly, and an empty lasso', () => {
    expect(lassoPredicate('score', ['1', null]).why).toMatch(/does not name rows exactly/);
    expect(lassoPredicate('id', []).why).toMatch(/no points/);
  });
});

describe("a search's results as the map's rows", () => {
  it('names them by key, quoted for text keys', () => {
    const results = [
      { id: '4', name: "o'k" },
      { id: '2', name: 'b' },
    ];
    expect(searchResultsFilter('id', 'int32', results)).toEqual({ predicate: 'id IN (4, 2)' });
    expect(searchResultsFilter('name', 'utf8', results)).toEqual({
      predicate: "name IN ('o''k', 'b')",
    });
  });

  it('refuses a float key and results without the key', () => {
    expect(searchResultsFilter('score', 'float64', [{ score: '1.5' }]).why).toMatch(/exactly/);
    expect(searchResultsFilter('id', 'int64', [{ id: null }]).why).toMatch(/do not all have/);
  });
});
