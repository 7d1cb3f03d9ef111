/**
 * A folder table's versions read from their manifests (manifest-summary.ts) are LanceDB's own
 * `listVersions`, field for field: numbers, times and every total, through appends, deletes,
 * an index, a compaction and a branch; and the newest few are the tail of the whole list.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as lancedb from '@lancedb/lancedb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connect, type CatalogClient, type TableHandle } from '../../../../../src-main/catalog';
import { sampleTable } from '../../../../support/sample-data';

let root: string;
let catalog: CatalogClient;
let table: TableHandle;

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'cs-manifest-summary-'));
  catalog = await connect(root);
  table = await catalog.createTable('t', sampleTable(100, 4));
  for (let i = 1; i <= 3; i++) await table.insert(sampleTable(50, 4, { idOffset: i * 1000 }));
  await table.delete('id % 3 = 0');
  await catalog.waitForJob((await table.createIndex({ column: 'id', index_type: 'BTREE' })).id);
  await table.compact();
  await table.createBranch('dev');
  await table.insert(sampleTable(7, 4, { idOffset: 9000 }), { branch: 'dev' });
});
afterAll(async () => {
  await catalog.close();
  rmSync(root, { recursive: true, force: true });
});

async function lanceVersions(branch?: string) {
  const db = await lancedb.connect(root);
  const opened = await db.openTable('t', [], branch ? { branch } : {});
  return (await opened.listVersions()).map((v) => ({
    version: v.version,
    timestampMillis: new Date(v.timestamp as unknown as string).getTime(),
    metadata: v.metadata,
  }));
}

describe('versions read from the manifests', () => {
  it("are LanceDB's listVersions, on main and on a branch", async () => {
    const ours = await table.listVersions();
    expect(ours.length).toBeGreaterThan(6);
    expect(ours).toEqual(await lanceVersions());
    expect(await table.listVersions({ branch: 'dev' })).toEqual(await lanceVersions('dev'));
    // The totals a timeline shows: rows after the delete, and bytes.
    expect(ours.at(-1)!.metadata.total_rows).toBe(String(await table.countRows()));
    expect(Number(ours.at(-1)!.metadata.total_files_size)).toBeGreaterThan(0);
  });

  it('answers the newest few as the tail of the whole list', async () => {
    const all = await table.listVersions();
    expect(await table.listVersions({ newest: 3 })).toEqual(all.slice(-3));
    expect(await table.listVersions({ newest: 1000 })).toEqual(all);
  });
});
