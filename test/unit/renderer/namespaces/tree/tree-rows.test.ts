import { describe, expect, it } from 'vitest';
import type { Connection } from '../../../../../src-shared/studio-procedures';
import {
  ancestorKeys,
  buildTreeRows,
  nodeKey,
  type Listing,
} from '../../../../../src-renderer/namespaces/tree/tree-rows';

const connection: Connection = {
  id: 'c1',
  kind: 'folder',
  name: 'cat',
  target: '/tmp/cat',
  color: '#000',
  readOnly: false,
  rights: { role: 'admin', source: 'files' },
};

const listings = new Map<string, Listing>([
  [nodeKey('c1', []), { namespaces: ['a', 'b'], tables: ['t0'] }],
  [nodeKey('c1', ['a']), { namespaces: [], tables: ['t1', 't2'] }],
  [nodeKey('c1', ['b']), { namespaces: [], tables: [] }],
]);
const listingOf = (id: string, path: readonly string[]) => listings.get(nodeKey(id, path));

const summary = (expanded: string[]) =>
  buildTreeRows([connection], new Set(expanded), listingOf).map((r) =>
    r.kind === 'status'
      ? `${'  '.repeat(r.depth)}(${r.text})`
      : `${'  '.repeat(r.depth)}${r.kind === 'table' ? r.table : r.kind === 'namespace' ? r.path.join('/') : r.connection.name}`,
  );

describe('buildTreeRows', () => {
  it('lists only what is expanded, namespaces before tables, with depth', () => {
    expect(summary([])).toEqual(['cat']);
    expect(summary([nodeKey('c1', [])])).toEqual(['cat', '  a', '  b', '  t0']);
    expect(summary([nodeKey('c1', []), nodeKey('c1', ['a']), nodeKey('c1', ['b'])])).toEqual([
      'cat',
      '  a',
      '    t1',
      '    t2',
      '  b',
      '    (Empty)',
      '  t0',
    ]);
  });

  it('shows a loading row for a listing not yet arrived, and an error row for a failed one', () => {
    const rows = buildTreeRows([connection], new Set([nodeKey('c1', [])]), () => undefined);
    expect(rows.map((r) => r.kind === 'status' && r.text)).toEqual([false, 'Loading…']);
    const failed = buildTreeRows([connection], new Set([nodeKey('c1', [])]), () => ({
      error: new Error('x'),
    }));
    expect(failed[1]).toMatchObject({ kind: 'status', text: 'Could not load' });
  });

  it('paints namespaces before the tables listing has arrived', () => {
    const rows = buildTreeRows([connection], new Set([nodeKey('c1', [])]), () => ({
      namespaces: ['a'],
      tables: undefined,
    }));
    expect(rows.map((r) => (r.kind === 'status' ? r.text : r.kind))).toEqual([
      'connection',
      'namespace',
      'Loading tables…',
    ]);
  });

  it('ignores expanded keys under collapsed parents', () => {
    expect(summary([nodeKey('c1', ['a'])])).toEqual(['cat']);
  });

  it('names every ancestor to reveal a namespace', () => {
    expect(ancestorKeys('c1', ['a', 'b'])).toEqual([
      nodeKey('c1', []),
      nodeKey('c1', ['a']),
      nodeKey('c1', ['a', 'b']),
    ]);
  });
});
