import { describe, expect, it } from 'vitest';
import {
  applyPrefs,
  arrangeColumns,
  clampWidth,
  MAX_COLUMN_WIDTH,
  MIN_COLUMN_WIDTH,
  moveColumn,
  prefsKey,
  prefsOf,
  readPrefs,
  writePrefs,
  type PrefsStorage,
} from '../../../../../src-renderer/common/grid/column-prefs';

/** Storage as a browser's behaves for these calls: strings in, strings (or null) out. */
function memoryStorage(): PrefsStorage & { items: Map<string, string> } {
  const items = new Map<string, string>();
  return {
    items,
    getItem: (k) => items.get(k) ?? null,
    setItem: (k, v) => void items.set(k, String(v)),
    removeItem: (k) => void items.delete(k),
  };
}

const folder = { kind: 'folder', target: '/data/catalog' };

describe('column prefs', () => {
  it('names a table by its catalog, namespace and name, apart whatever the names hold', () => {
    const key = prefsKey(folder, ['a', 'b'], 't');
    expect(key).not.toBe(prefsKey(folder, ['a'], 'b/t'));
    expect(key).not.toBe(prefsKey(folder, ['a.b'], 't'));
    expect(key).not.toBe(prefsKey({ kind: 'remote', target: '/data/catalog' }, ['a', 'b'], 't'));
    expect(key).toBe(prefsKey({ ...folder }, ['a', 'b'], 't'));
  });

  it('reads back what it wrote, and nothing after a reset', () => {
    const storage = memoryStorage();
    const key = prefsKey(folder, [], 'items');
    const prefs = { order: ['b', 'a'], widths: { a: 300 }, hidden: ['b'] };
    writePrefs(storage, key, prefs);
    expect(readPrefs(storage, key)).toEqual(prefs);
    expect(readPrefs(storage, prefsKey(folder, [], 'other'))).toBeUndefined();
    writePrefs(storage, key, undefined);
    expect(storage.items.size).toBe(0);
    expect(readPrefs(storage, key)).toBeUndefined();
  });

  it('ignores what does not parse, and keeps the parts of a damaged entry that do', () => {
    const storage = memoryStorage();
    storage.setItem('k1', '{not json');
    storage.setItem(
      'k2',
      JSON.stringify({ order: 'a', widths: { a: 'wide', b: 90 }, hidden: [1] }),
    );
    storage.setItem('k3', 'null');
    expect(readPrefs(storage, 'k1')).toBeUndefined();
    expect(readPrefs(storage, 'k2')).toEqual({ order: [], widths: { b: 90 }, hidden: [] });
    expect(readPrefs(storage, 'k3')).toBeUndefined();
  });

  it('goes on without storage when it refuses', () => {
    const refusing: PrefsStorage = {
      getItem: () => {
        throw new Error('SecurityError');
      },
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
      removeItem: () => undefined,
    };
    expect(readPrefs(refusing, 'k')).toBeUndefined();
    expect(() => writePrefs(refusing, 'k', { order: [], widths: {}, hidden: [] })).not.toThrow();
    expect(readPrefs(undefined, 'k')).toBeUndefined();
  });

  it('lays saved prefs over the columns there are now: gone ones dropped, new ones at the end', () => {
    const applied = applyPrefs(['id', 'name', 'added', 'vector'], {
      order: ['vector', 'gone', 'name', 'id'],
      widths: { name: 5000, gone: 100, id: 10 },
      hidden: ['gone', 'id'],
    });
    expect(applied.order).toEqual(['vector', 'name', 'id', 'added']);
    expect([...applied.hidden]).toEqual(['id']);
    expect(Object.fromEntries(applied.widths)).toEqual({
      name: MAX_COLUMN_WIDTH,
      id: MIN_COLUMN_WIDTH,
    });
  });

  it('shows every column when all that are left would be hidden', () => {
    const applied = applyPrefs(['a', 'b'], {
      order: ['a', 'b', 'c'],
      widths: {},
      hidden: ['a', 'b'],
    });
    expect(applied.hidden.size).toBe(0);
  });

  it('is the schema as it is without prefs', () => {
    const applied = applyPrefs(['a', 'b'], undefined);
    expect(applied.order).toEqual(['a', 'b']);
    expect(applied.hidden.size).toBe(0);
    expect(applied.widths.size).toBe(0);
  });

  it('keeps a layout through prefs and back', () => {
    const layout = {
      order: ['c', 'a', 'b'],
      hidden: new Set(['a']),
      widths: new Map([['b', 250]]),
    };
    const again = applyPrefs(['a', 'b', 'c'], prefsOf(layout));
    expect(again.order).toEqual(layout.order);
    expect([...again.hidden]).toEqual(['a']);
    expect(Object.fromEntries(again.widths)).toEqual({ b: 250 });
  });

  it('moves a column onto another: after it going right, before it going left', () => {
    const order = ['a', 'b', 'c', 'd'];
    expect(moveColumn(order, 'a', 'c')).toEqual(['b', 'c', 'a', 'd']);
    expect(moveColumn(order, 'd', 'b')).toEqual(['a', 'd', 'b', 'c']);
    expect(moveColumn(order, 'b', 'b')).toEqual(order);
    expect(moveColumn(order, 'x', 'b')).toEqual(order);
  });

  it('clamps widths to whole pixels between the bounds', () => {
    expect(clampWidth(0)).toBe(MIN_COLUMN_WIDTH);
    expect(clampWidth(1e6)).toBe(MAX_COLUMN_WIDTH);
    expect(clampWidth(150.6)).toBe(151);
  });

  it('arranges the shown columns in the saved order at their saved widths', () => {
    const col = (name: string, width = 100) => ({ name, typeLabel: 'utf8', width });
    const arranged = arrangeColumns([col('a'), col('b'), col('c')], {
      order: ['c', 'hidden', 'a', 'b'],
      widths: new Map([['a', 321]]),
    });
    expect(arranged.map((c) => [c.name, c.width])).toEqual([
      ['c', 100],
      ['a', 321],
      ['b', 100],
    ]);
  });
});
