/**
 * The validating layer in front of every back end: arguments are checked once, in order, with
 * the contract's messages; the back end receives the checked values; handles it hands out are
 * checked too; members it does not know pass through as they are.
 */
import { describe, expect, it } from 'vitest';
import type { CatalogClient, TableHandle } from '../../../src-main/catalog/client';
import { validatedCatalog, validatedTable } from '../../../src-main/catalog/validated-client';
import { ERROR_CODES as E } from '../../../src-shared/vocabulary/errors';
import { expectCode } from '../../support/expect-code';

type Calls = Array<[string, unknown[]]>;

/** A back end that records what it receives and answers with its arguments. */
function recording<T extends object>(calls: Calls, fields: object, makeHandle?: () => unknown): T {
  return new Proxy(fields, {
    get(target, prop) {
      if (prop in target) return (target as Record<PropertyKey, unknown>)[prop];
      // Not a thenable, or awaiting a handle would call its `then`.
      if (typeof prop !== 'string' || prop === 'then') return undefined;
      if (prop === 'onJobEvent') return () => () => {};
      return async (...args: unknown[]) => {
        calls.push([prop, args]);
        return makeHandle && ['openTable', 'checkoutVersion', 'onBranch'].includes(prop)
          ? makeHandle()
          : args;
      };
    },
  }) as T;
}

function fakeTable(calls: Calls, fields: object = {}): TableHandle {
  const handle: TableHandle = recording(
    calls,
    { name: 't', namespacePath: ['ns'], pinnedVersion: undefined, branch: undefined, ...fields },
    () => handle,
  );
  return handle;
}

function fakeCatalog(calls: Calls): CatalogClient {
  return recording(calls, { implName: 'dir' }, () => fakeTable(calls));
}

describe('validatedCatalog', () => {
  it('hands the back end the checked values, defaults included', async () => {
    const calls: Calls = [];
    const client = validatedCatalog(fakeCatalog(calls));
    await client.listNamespaces();
    await client.listTables(['a'], { limit: 2 });
    await client.dropNamespace(['a']);
    expect(calls).toEqual([
      ['listNamespaces', [[], {}]],
      ['listTables', [['a'], { limit: 2 }]],
      ['dropNamespace', [['a'], {}]],
    ]);
    expect(client.implName).toBe('dir');
  });

  it('refuses bad names, paths and options with the contract messages, before the back end', async () => {
    const calls: Calls = [];
    const client = validatedCatalog(fakeCatalog(calls));
    const refused = async (work: Promise<unknown>, message: string | RegExp) =>
      expect((await expectCode(work, E.InvalidInput)).message).toMatch(message);
    await refused(client.createTable('a b', {} as never), /Invalid table name "a b"/);
    await refused(client.openTable('t', ['ok', '']), /namespace component 2/);
    await refused(client.createNamespace(undefined as never), /must be an array of names/);
    await refused(client.listNamespaces([], { limit: 0 }), /^Invalid options: limit:/);
    await refused(client.listTables([], { nope: 1 } as never), /^Invalid options: /);
    await refused(client.renameTable('t', 'u', [], { newNamespacePath: ['..'] }), /"\.\."/);
    await refused(client.renameTable('t', '', []), /new table name/);
    // A name is checked before the options that follow it, as the back ends did.
    await refused(client.openTable('..', [], { version: 0 }), /Invalid table name/);
    expect(calls).toEqual([]);
  });

  it('checks the handles it opens, and the handles those hand out', async () => {
    const calls: Calls = [];
    const client = validatedCatalog(fakeCatalog(calls));
    const table = await client.openTable('t', ['ns']);
    expect(table.name).toBe('t');
    await expectCode(table.query({ limit: -1 }), E.InvalidInput);
    const pinned = await table.checkoutVersion(1);
    await expectCode(pinned.countRows({ version: 'x' } as never), E.InvalidInput);
    const onBranch = await pinned.onBranch('b');
    await expectCode(onBranch.delete(''), E.InvalidInput);
    expect(calls.map(([method]) => method)).toEqual(['openTable', 'checkoutVersion', 'onBranch']);
  });

  it('passes a back end own members through', async () => {
    const calls: Calls = [];
    let seen = 0;
    const client = validatedCatalog(fakeCatalog(calls), {
      view: () => 'view',
      get seen() {
        return ++seen;
      },
    });
    expect(client.view()).toBe('view');
    expect(client.seen).toBe(1);
    expect(client.seen).toBe(2);
    const unsubscribe = client.onJobEvent(() => {});
    expect(typeof unsubscribe).toBe('function');
  });
});

describe('validatedTable', () => {
  it('hands the back end parsed options and leaves data to it', async () => {
    const calls: Calls = [];
    const table = validatedTable(fakeTable(calls));
    await table.describe();
    await table.insert('rows' as never, { mode: 'overwrite' });
    await table.updateSchemaMetadata(undefined as never);
    await table.delete('id > 1', { branch: 'b' });
    await table.listTags();
    expect(calls).toEqual([
      ['describe', [{}]],
      ['insert', ['rows', { mode: 'overwrite' }]],
      ['updateSchemaMetadata', [{}, {}]],
      ['delete', ['id > 1', { branch: 'b' }]],
      ['listTags', []],
    ]);
  });

  it('keeps the messages of the checks it took over', async () => {
    const calls: Calls = [];
    const table = validatedTable(fakeTable(calls));
    expect((await expectCode(table.delete('  '), E.InvalidInput)).message).toBe(
      'A delete needs a filter; use "true" to delete every row',
    );
    expect(
      (await expectCode(table.createIndex({ column: '', index_type: 'BTREE' }), E.InvalidInput))
        .message,
    ).toMatch(/^Invalid index request: column:/);
    expect((await expectCode(table.addColumns({ columns: [] }), E.InvalidInput)).message).toMatch(
      /^Invalid options: columns:/,
    );
    await expectCode(table.update({ updates: { a: 1 } } as never), E.InvalidInput);
    await expectCode(table.describe({ branch: '' }), E.InvalidInput);
    expect(calls).toEqual([]);
  });
});
