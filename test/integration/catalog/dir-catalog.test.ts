/**
 * The conformance suite on the `dir` back end (a temp folder, real LanceDB), plus what only a
 * local folder has: its on-disk layout.
 */
import { mkdtempSync, readdirSync, rmSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { connect, connectNamespace } from '../../../src-main/catalog';
import { ERROR_CODES as E } from '../../../src-shared/vocabulary/errors';
import { catalogClientConformance } from '../../conformance/catalog-client.suite';
import { expectCode } from '../../support/expect-code';
import { sampleTable } from '../../support/sample-data';

function tempRoot(): string {
  return mkdtempSync(join(tmpdir(), 'cs-dir-'));
}

catalogClientConformance('dir', async () => {
  const root = tempRoot();
  const client = await connect(root);
  return {
    client,
    cleanup: async () => {
      await client.close();
      rmSync(root, { recursive: true, force: true });
    },
  };
});

describe('dir catalog on disk', () => {
  it('creates the folder when missing and uses LanceDB layout', async () => {
    const root = join(tempRoot(), 'new', 'catalog');
    const client = await connectNamespace('dir', { root });
    await client.createNamespace(['a']);
    await client.createNamespace(['a', 'b']);
    await client.createTable('t', sampleTable(5, 8), ['a', 'b']);
    await client.createTable('top', sampleTable(5, 8));
    const entries = readdirSync(root).sort();
    expect(entries).toContain('__manifest');
    expect(entries).toContain('top.lance');
    expect(entries.some((e) => /^[0-9a-f]{8}_a\$b\$t$/.test(e))).toBe(true);
    await client.close();
  });

  it('answers a create with what it wrote, though a rename takes the table right after', async () => {
    // The server's create reply is built from `created` (routes/tables.ts): a lookup by name after
    // the catalog lock is let go may find the table renamed or dropped already, and a committed
    // create must not be answered as TableNotFound (found by the linearizability test on S3).
    const root = tempRoot();
    const client = await connect(root);
    await client.createNamespace(['ns']);
    const made = await client.createTable('t', sampleTable(5, 8), ['ns']);
    const empty = await client.createEmptyTable('e', sampleTable(1, 8).schema, ['ns']);
    await client.renameTable('t', 'moved', ['ns']);
    await client.dropTable('e', ['ns']);
    expect(made.created).toEqual({
      location: expect.stringMatching(/^.*_ns\$t$/) as unknown,
      version: 1,
    });
    expect(empty.created?.version).toBe(1);
    expect(empty.created?.location).toMatch(/_ns\$e$/);
    await expectCode(made.describe(), E.TableNotFound);
    // Handles opened, not created, carry nothing of the sort.
    expect((await client.openTable('moved', ['ns'])).created).toBeUndefined();
    await client.close();
    rmSync(root, { recursive: true, force: true });
  });

  it('keeps root tables in <name>.lance folders across renames and moves', async () => {
    const root = tempRoot();
    const client = await connect(root);
    await client.createTable('old', sampleTable(5, 8));
    await client.renameTable('old', 'fresh');
    expect(existsSync(join(root, 'old.lance'))).toBe(false);
    expect(existsSync(join(root, 'fresh.lance'))).toBe(true);
    await client.createNamespace(['ns']);
    await client.renameTable('fresh', 'inside', [], { newNamespacePath: ['ns'] });
    // Left at the root as fresh.lance, directory listing would still show it there.
    expect(existsSync(join(root, 'fresh.lance'))).toBe(false);
    expect(readdirSync(root).some((e) => /^[0-9a-f]{8}_ns\$inside$/.test(e))).toBe(true);
    await client.renameTable('inside', 'back', ['ns'], { newNamespacePath: [] });
    expect(existsSync(join(root, 'back.lance'))).toBe(true);
    const reopened = await connect(root);
    expect((await reopened.listTables([])).tables).toEqual(['back']);
    expect((await reopened.listTables(['ns'])).tables).toEqual([]);
    expect(await (await reopened.openTable('back')).countRows()).toBe(5);
    await reopened.close();
    await client.close();
  });

  it('refuses a root table named as the namespace the engine keeps for itself', async () => {
    const root = tempRoot();
    const client = await connect(root);
    const reserved = '__catalog_studio';
    const refusals = [
      () => client.createTable(reserved, sampleTable(3, 8)),
      () => client.declareTable(reserved),
      () => client.createNamespace([reserved]),
    ];
    for (const refused of refusals) {
      expect((await expectCode(refused, E.InvalidInput)).message).toMatch(/reserved/);
    }
    expect(await client.tableExists(reserved)).toBe(false);
    await client.close();
    rmSync(root, { recursive: true, force: true });
  });

  it('refuses unknown implementations and missing properties', async () => {
    await expectCode(connectNamespace('nope', {}), E.Unsupported);
    await expectCode(connectNamespace('rest', {}), E.InvalidInput);
    await expectCode(connectNamespace('dir', {}), E.InvalidInput);
  });
});
