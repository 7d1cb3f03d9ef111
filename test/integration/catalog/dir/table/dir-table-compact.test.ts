/**
 * A folder table's compaction with progress and cancel: progress reports its phase and the bytes
 * of new files against the bytes planned; a cancel before it starts leaves the table untouched; a
 * cancel during a pass lets that pass commit (Lance cannot stop one) and stops before the next,
 * saying so.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connect, type CatalogClient } from '../../../../../src-main/catalog';
import type { MaintenanceProgress } from '../../../../../src-main/catalog/client';
import { sampleTable } from '../../../../support/sample-data';

let root: string;
let catalog: CatalogClient;

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'cs-compact-'));
  catalog = await connect(root);
});
afterAll(async () => {
  await catalog.close();
  rmSync(root, { recursive: true, force: true });
});

async function fragmented(name: string, fragments: number) {
  const table = await catalog.createTable(name, sampleTable(500, 8));
  for (let i = 1; i < fragments; i++) {
    await table.insert(sampleTable(500, 8, { idOffset: i * 500 }));
  }
  return table;
}

describe('compact, on a folder', () => {
  it('refuses at once when cancelled before it starts', async () => {
    const table = await fragmented('untouched', 3);
    const version = await table.latestVersion();
    const controller = new AbortController();
    controller.abort();
    await expect(table.compact({ signal: controller.signal })).rejects.toThrow(/abort/i);
    expect(await table.latestVersion()).toBe(version);
    expect((await table.fragmentStats()).fragments).toBe(3);
  });

  it('reports the bytes it writes against those it plans', async () => {
    const table = await fragmented('watched', 6);
    const reports: MaintenanceProgress[] = [];
    const result = await table.compact({ onProgress: (p) => reports.push(p) });
    expect(result).toMatchObject({ fragmentsRemoved: 6, fragmentsAdded: 1 });
    expect(reports[0]!.phase).toBe('merging 6 fragments');
    const last = reports.at(-1)!;
    expect(last.phase).toBe('committed');
    expect(last.bytesWritten).toBeGreaterThan(0);
    // Six fragments of live rows merge into one of about the same bytes.
    expect(last.bytesWritten! / last.bytesExpected!).toBeGreaterThan(0.5);
    expect(last.bytesWritten! / last.bytesExpected!).toBeLessThan(2);
  });

  it('lets a pass under way commit when cancelled, and stops before the next', async () => {
    const table = await fragmented('stopped', 4);
    const before = await table.latestVersion();
    const controller = new AbortController();
    const result = await table.compact({
      signal: controller.signal,
      onProgress: (p) => {
        if (p.phase.startsWith('merging')) controller.abort();
      },
    });
    expect(result).toMatchObject({ stoppedEarly: true, fragmentsRemoved: 4, fragmentsAdded: 1 });
    expect(await table.latestVersion()).toBeGreaterThan(before);
    expect(await table.countRows()).toBe(2000);
  });
});
