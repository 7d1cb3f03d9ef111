/**
 * The Search tab's procedures on a real folder: a search answers its rows as Arrow with its time
 * and row count, and lands in the table's history, which a new host (the app restarted) still has.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connect } from '../../../../src-main/catalog';
import { decodeIpc } from '../../../../src-main/catalog/arrow-data';
import { Host } from '../../../../src-main/host/host';
import { FileSecretStore } from '../../../../src-main/host/secret-store';
import type { HistoryEntry } from '../../../../src-shared/studio-procedures';
import { callFails, callOk } from '../../../support/host-calls';
import { sampleTable } from '../../../support/sample-data';

let dir: string;
const hostIn = (data: string) =>
  new Host({ userDataDir: data, secrets: new FileSecretStore(join(data, 's.json')) });

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'cs-search-'));
  const catalog = await connect(join(dir, 'cat'));
  await catalog.createNamespace(['ns']);
  await catalog.createTable('t', sampleTable(50, 4), ['ns']);
  await catalog.close();
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('search procedures', () => {
  it('answers rows, time and count, and keeps the history across restarts', async () => {
    const data = join(dir, 'data');
    let host = hostIn(data);
    let { id } = await callOk<{ id: string }>(host, 'connections:open-folder', {
      path: join(dir, 'cat'),
    });
    const table = { connectionId: id, path: ['ns'], table: 't' };
    const vector = [0.5, 0.5, 0.5, 0.5];
    const answer = await callOk<{ arrow: Uint8Array; elapsedMs: number; rows: number }>(
      host,
      'search:run',
      { ...table, request: { vector, limit: 7, columns: ['id'] } },
    );
    expect(answer.rows).toBe(7);
    expect(decodeIpc(answer.arrow).numRows).toBe(7);
    expect(answer.elapsedMs).toBeGreaterThan(0);
    await callOk(host, 'search:run', { ...table, request: { filter: 'id < 5' } });
    // The same search again moves to the top instead of being listed twice.
    await callOk(host, 'search:run', { ...table, request: { filter: 'id < 5' } });
    const error = await callFails(host, 'search:run', {
      ...table,
      request: { vector: [1, 2], vectorColumn: 'vector' },
    });
    expect(error.message).toMatch(/2 values.*vectors of 4/);
    await host.close();

    host = hostIn(data);
    ({ id } = await callOk<{ id: string }>(host, 'connections:open-folder', {
      path: join(dir, 'cat'),
    }));
    const history = await callOk<HistoryEntry[]>(host, 'search:history', {
      ...table,
      connectionId: id,
    });
    expect(history.map((e) => e.query)).toEqual([
      { kind: 'search', request: { filter: 'id < 5' } },
      { kind: 'search', request: { vector, limit: 7, columns: ['id'] } },
    ]);
    expect(history[0]!.rows).toBe(5);
    await callOk(host, 'search:clear-history', { ...table, connectionId: id });
    expect(await callOk(host, 'search:history', { ...table, connectionId: id })).toEqual([]);
    await host.close();
  });
});
