import { describe, expect, it } from 'vitest';
import { describeOperation, timelineOf } from '../../../../src-renderer/versions/version-timeline';

const v = (version: number, rows: string | undefined, bytes = '100') => ({
  version,
  timestampMillis: version * 1000,
  metadata: (rows === undefined ? {} : { total_rows: rows, total_files_size: bytes }) as Record<
    string,
    string
  >,
});

describe('timelineOf', () => {
  it('orders newest first with row changes from the version before', () => {
    const entries = timelineOf(
      [v(2, '30'), v(1, '20'), v(3, '25', '90')],
      new Map([
        [1, { version: 1, operation: 'overwrite' as const }],
        [3, { version: 3, operation: 'delete' as const, predicate: 'id > 24' }],
      ]),
    );
    expect(entries.map((e) => e.version)).toEqual([3, 2, 1]);
    expect(entries.map((e) => e.rowsDelta)).toEqual([-5, 10, undefined]);
    expect(entries[0]).toMatchObject({ operation: 'Delete', detail: 'where id > 24', bytes: 90 });
    expect(entries[1]!.operation).toBeUndefined();
    expect(entries[2]!.operation).toBe('Create');
  });

  it('leaves totals unknown when a server did not send them', () => {
    const [entry] = timelineOf([v(1, undefined)], new Map());
    expect(entry).toMatchObject({ rows: undefined, rowsDelta: undefined, bytes: undefined });
  });
});

describe('describeOperation', () => {
  it('tells an index built, rebuilt and dropped apart', () => {
    expect(
      describeOperation({ version: 4, operation: 'create_index', indexesAdded: ['a'] }, false),
    ).toMatchObject({ operation: 'Index', detail: 'a' });
    expect(
      describeOperation(
        { version: 4, operation: 'create_index', indexesAdded: ['a'], indexesRemoved: ['a'] },
        false,
      ).operation,
    ).toBe('Index update');
    expect(
      describeOperation({ version: 4, operation: 'create_index', indexesRemoved: ['a'] }, false),
    ).toMatchObject({ operation: 'Drop index', detail: 'a' });
  });

  it('marks column changes and names a restore', () => {
    expect(describeOperation({ version: 2, operation: 'merge' }, false).schemaChange).toBe(true);
    expect(describeOperation({ version: 2, operation: 'project' }, false).schemaChange).toBe(true);
    expect(describeOperation({ version: 1, operation: 'overwrite' }, true).schemaChange).toBe(
      false,
    );
    expect(
      describeOperation({ version: 9, operation: 'restore', restoredVersion: 3 }, false).detail,
    ).toBe('of version 3');
    // A branch's first version is Lance's clone of its parent.
    expect(describeOperation({ version: 3, operation: 'clone' }, false).operation).toBe(
      'Branch created',
    );
  });
});
