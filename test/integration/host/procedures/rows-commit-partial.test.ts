/**
 * A commit whose later step fails after an earlier one was written: each step is its own version,
 * so what was written stays, and the answer says what was not, so that the grid keeps only that
 * pending and a retry writes nothing twice. The failure is a real one: a remote catalog whose
 * body limit takes the update's JSON but refuses the new rows' Arrow body with 413.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { arrow } from '../../../../src-main/catalog/arrow';
import { Host } from '../../../../src-main/host/host';
import { FileSecretStore } from '../../../../src-main/host/secret-store';
import type { RowsCommitResult } from '../../../../src-shared/procedures/rows';
import { startCatalogServer, type RunningServer } from '../../../support/catalog-server';
import { callOk } from '../../../support/host-calls';
import { sampleTable } from '../../../support/sample-data';

describe('rows:commit: a step that fails after one was written', () => {
  let dir: string;
  let host: Host;
  let server: RunningServer;
  let connectionId: string;
  const t = () => ({ connectionId, path: [], table: 't' });
  const head = async () => (await callOk<{ version: number }>(host, 'tables:head', t())).version;
  const ids = async (filter: string) => {
    const read = arrow.tableFromIPC(
      await callOk<Uint8Array>(host, 'tables:query', {
        ...t(),
        request: { filter, columns: ['id', 'text'] },
      }),
    );
    // By id: LanceDB writes an updated row anew, at the end of the table.
    return read
      .toArray()
      .map((row) => {
        const { id, text } = row.toJSON() as { id: bigint | number; text: string };
        return [Number(id), text] as const;
      })
      .sort((a, b) => a[0] - b[0]);
  };

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'cs-rows-partial-'));
    host = new Host({
      userDataDir: join(dir, 'data'),
      secrets: new FileSecretStore(join(dir, 'data', 's.json')),
    });
    // 64 KiB: the update's JSON fits, a new row with 100 KB of text does not.
    server = await startCatalogServer({ bodyLimit: 64 * 1024 });
    await server.catalog.createTable('t', sampleTable(10, 4));
    connectionId = (
      await callOk<{ id: string }>(host, 'connections:connect-url', { url: server.url })
    ).id;
  });
  afterAll(async () => {
    await host?.close();
    await server?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('says the new rows and deletions were not written, and keeps the edit it wrote', async () => {
    const since = await head();
    const result = await callOk<RowsCommitResult>(host, 'rows:commit', {
      ...t(),
      edits: [{ predicate: 'id = 3', values: { text: 'edited' } }],
      inserts: [{ id: '900', text: 'x'.repeat(100_000) }],
      deletes: ['id = 4'],
    });
    expect(result).toMatchObject({ version: since + 1, versions: [since + 1], updated: 1 });
    expect(result.inserted).toBe(0);
    expect(result.deleted).toBe(0);
    expect(result.notWritten?.kinds).toEqual(['inserts', 'deletes']);
    expect(result.notWritten?.message).toMatch(/\S/);
    expect(await head()).toBe(since + 1);
    expect(await ids('id IN (3, 4, 900)')).toEqual([
      [3, 'edited'],
      [4, expect.any(String)],
    ]);

    // The rest, sent again (as the grid keeps it pending), is written once.
    const rest = await callOk<RowsCommitResult>(host, 'rows:commit', {
      ...t(),
      edits: [],
      inserts: [{ id: '900', text: 'short now' }],
      deletes: ['id = 4'],
    });
    expect(rest.notWritten).toBeUndefined();
    expect(rest.versions).toEqual([since + 2, since + 3]);
    expect(await ids('id IN (3, 4, 900)')).toEqual([
      [3, 'edited'],
      [900, 'short now'],
    ]);
  });
});
