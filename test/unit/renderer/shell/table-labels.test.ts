import { describe, expect, it } from 'vitest';
import { connectionLabels, tableContexts } from '../../../../src-renderer/shell/table-labels';
import { firstQuery } from '../../../../src-renderer/shell/console-start';

const connections = [
  { id: 'a', name: 'shop', target: '/data/shop' },
  { id: 'b', name: 'archive', target: '/data/archive' },
  { id: 'c', name: 'archive', target: '/backup/archive' },
];

describe('names told apart', () => {
  it('adds the target to a connection name only when another open connection shares it', () => {
    expect([...connectionLabels(connections).values()]).toEqual([
      'shop',
      'archive (/data/archive)',
      'archive (/backup/archive)',
    ]);
  });

  it('says nothing for a table name of its own, the connection for one in two catalogs', () => {
    const labels = connectionLabels(connections);
    const contexts = tableContexts(
      [
        { connectionId: 'a', path: [], table: 'reviews' },
        { connectionId: 'b', path: [], table: 'reviews' },
        { connectionId: 'a', path: [], table: 'orders' },
      ],
      labels,
    );
    expect(contexts).toEqual(['shop', 'archive (/data/archive)', '']);
  });

  it('names connection and namespace when the same name is in two namespaces', () => {
    const contexts = tableContexts(
      [
        { connectionId: 'a', path: ['eu'], table: 'reviews' },
        { connectionId: 'a', path: ['us'], table: 'reviews' },
      ],
      connectionLabels(connections),
    );
    expect(contexts).toEqual(['shop / eu', 'shop / us']);
    expect(new Set(contexts).size).toBe(2);
  });
});

describe("the console's first query", () => {
  it('names the table as the console reads it, quoted where it must be', () => {
    expect(firstQuery(['lib'], 'docs')).toBe('SELECT * FROM lib.docs LIMIT 100');
    expect(firstQuery(['a', 'b'], 'T')).toBe('SELECT * FROM "a$b"."T" LIMIT 100');
    expect(firstQuery([], 'my "t"')).toBe('SELECT * FROM "my ""t""" LIMIT 100');
    expect(firstQuery(['lib'], undefined)).toBe('');
  });
});
