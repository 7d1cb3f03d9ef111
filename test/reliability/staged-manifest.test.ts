/**
 * `version/create` publishes a staged manifest only when it is a manifest of the table, at the
 * next version, that LanceDB reads (docs/service.md, "Publishing a staged manifest"). Once a file
 * is the latest version every open of the table reads it, so one LanceDB cannot read (an index
 * file of the table, say: it ends in `LANC` as every Lance file does) left describe, count_rows,
 * query, restore and version/delete answering 500 with no route to undo it.
 *
 * A real server on a real folder. Candidates are made the way an outside writer makes them: a copy
 * of the table's folder takes a LanceDB commit, its new files go into the table, and its new
 * manifest is staged there. Every refusal is 400 (InvalidInput, code 13, the error body the
 * specification gives) naming what is wrong, and leaves the table answering as before, with
 * nothing added to `_versions/` and no probe left behind.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import {
  type Dirent,
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import * as lancedb from '@lancedb/lancedb';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { arrow } from '../../src-main/catalog/arrow';
import { call, startCatalogServer, type RunningServer } from '../support/catalog-server';

let root: string;
let scratch: string;
let server: RunningServer;
/** Each test's own table, so that one refusal that fails cannot break the next test's table. */
let TABLE: string;
let tables = 0;
const folder = () => join(root, `${TABLE}.lance`);

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'cs-staged-'));
  scratch = mkdtempSync(join(tmpdir(), 'cs-staged-twin-'));
  server = await startCatalogServer({ root });
});
beforeEach(async () => {
  TABLE = `t${(tables += 1)}`;
  // Written by LanceDB itself: appends, a delete and a scalar index (whose files end in LANC).
  const db = await lancedb.connect(root);
  const table = await db.createTable(TABLE, rows(0, 20));
  await table.add(rows(20, 10));
  await table.delete('id = 3');
  await table.createIndex('id');
  table.close();
  db.close();
});
afterAll(async () => {
  await server?.close();
  rmSync(root, { recursive: true, force: true });
  rmSync(scratch, { recursive: true, force: true });
});

function rows(from: number, count: number) {
  return Array.from({ length: count }, (_, i) => ({ id: from + i, name: `row ${from + i}` }));
}

/** Everything a client can see of the table, and the files of its `_versions/`. */
async function snapshot() {
  const [describe, count, versions] = await Promise.all([
    call(server, 'POST', `/v1/table/${TABLE}/describe`, {}),
    call(server, 'POST', `/v1/table/${TABLE}/count_rows`, {}),
    call(server, 'POST', `/v1/table/${TABLE}/version/list`, {}),
  ]);
  for (const reply of [describe, count, versions]) expect(reply.status).toBe(200);
  return {
    describe: describe.body as unknown,
    count: count.body as unknown,
    versions: versions.body as unknown,
    ids: await ids(),
    files: readdirSync(join(folder(), '_versions')).sort(),
  };
}

async function ids(): Promise<number[]> {
  const reply = await call(server, 'POST', `/v1/table/${TABLE}/query`, {
    columns: ['id'],
    k: 1_000_000,
  });
  expect(reply.status).toBe(200);
  return [...arrow.tableFromIPC(reply.raw).getChild('id')!.toArray()]
    .map(Number)
    .sort((a, b) => a - b);
}

async function latestVersion(): Promise<number> {
  const reply = await call(server, 'POST', `/v1/table/${TABLE}/describe`, {});
  return (reply.body as { version: number }).version;
}

/** Files below a folder, relative to it. */
function filesUnder(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return (readdirSync(dir, { recursive: true, withFileTypes: true }) as Dirent[])
    .filter((e) => e.isFile())
    .map((e) => join(e.parentPath, e.name).slice(dir.length + 1));
}

interface Candidate {
  /** Relative to the table's folder, as the request names it. */
  path: string;
  bytes: Uint8Array;
  version: number;
  /** The files the commit wrote besides its manifest, relative to the table's folder. */
  written: string[];
}

/**
 * A commit made on a copy of `source` (the table's folder unless given), staged in the table as
 * an outside writer would: its new files copied in (unless `copyFiles` is false) and its manifest
 * written to `staged/`.
 */
async function stageCommit(
  change: (table: lancedb.Table) => Promise<unknown>,
  { copyFiles = true, source = folder() }: { copyFiles?: boolean; source?: string } = {},
): Promise<Candidate> {
  const work = mkdtempSync(join(scratch, 'twin-'));
  const twin = join(work, 'twin.lance');
  cpSync(source, twin, { recursive: true });
  const before = new Set(filesUnder(twin));
  const db = await lancedb.connect(work);
  const table = await db.openTable('twin');
  await change(table);
  const version = await table.version();
  table.close();
  db.close();
  const added = filesUnder(twin).filter((f) => !before.has(f));
  const manifests = added.filter((f) => f.startsWith('_versions/') && f.endsWith('.manifest'));
  expect(manifests).toHaveLength(1);
  const written = added.filter((f) => !f.startsWith('_versions/'));
  if (copyFiles) {
    for (const file of written) {
      mkdirSync(dirname(join(folder(), file)), { recursive: true });
      cpSync(join(twin, file), join(folder(), file));
    }
  }
  return stage(readFileSync(join(twin, manifests[0]!)), version, written);
}

function stage(bytes: Uint8Array, version: number, written: string[] = []): Candidate {
  const path = `staged/${randomUUID()}.manifest`;
  mkdirSync(join(folder(), 'staged'), { recursive: true });
  writeFileSync(join(folder(), path), bytes);
  return { path, bytes, version, written };
}

function createVersion(version: number, manifestPath: string) {
  return call(server, 'POST', `/v1/table/${TABLE}/version/create`, {
    version,
    manifest_path: manifestPath,
  });
}

/** A refusal as the specification's error body gives it, naming what is wrong. */
function expectRefused(reply: Awaited<ReturnType<typeof call>>, why: RegExp) {
  expect(reply.status, JSON.stringify(reply.body)).toBe(400);
  expect(reply.body).toMatchObject({
    type: '/errors/bad-request',
    title: 'Malformed request',
    status: 400,
    code: 13,
    instance: `/v1/table/${TABLE}/version/create`,
  });
  expect((reply.body as { detail: string }).detail).toMatch(why);
}

/** Nothing of the table changed, and the read-back left no probe folder. */
async function expectUnchanged(before: Awaited<ReturnType<typeof snapshot>>) {
  expect(await snapshot()).toEqual(before);
  expect(filesUnder(join(root, '.catalog-studio', 'read-back'))).toEqual([]);
}

describe('version/create refuses a staged manifest LanceDB cannot read as the next version', () => {
  it('refuses an index file of the table, and describe, count, query, restore and version delete still answer', async () => {
    const before = await snapshot();
    const next = (await latestVersion()) + 1;
    const indexFiles = filesUnder(join(folder(), '_indices'));
    expect(indexFiles.length).toBeGreaterThan(0);
    for (const file of indexFiles) {
      // The attack: a Lance file of the table, ending in LANC like every manifest.
      expect(
        Buffer.from(readFileSync(join(folder(), '_indices', file)))
          .subarray(-4)
          .toString(),
      ).toBe('LANC');
      const reply = await createVersion(next, `_indices/${file}`);
      expectRefused(reply, /_indices\/.* is not a Lance manifest/);
      await expectUnchanged(before);
    }

    const restored = await call(server, 'POST', `/v1/table/${TABLE}/restore`, { version: 1 });
    expect(restored.status).toBe(200);
    expect(await ids()).toEqual(rows(0, 20).map((r) => r.id));
    const deleted = await call(server, 'POST', `/v1/table/${TABLE}/version/delete`, {
      ranges: [{ start_version: 2, end_version: 3 }],
    });
    expect(deleted.status).toBe(200);
    expect(deleted.body).toMatchObject({ deleted_count: 1 });
    const versions = await call(server, 'POST', `/v1/table/${TABLE}/version/list`, {});
    expect(versions.status).toBe(200);
    expect(
      await call(server, 'POST', `/v1/table/${TABLE}/version/describe`, { version: 1 }),
    ).toMatchObject({ status: 200 });
  });

  it('refuses a manifest cut short, with or without its footer', async () => {
    const candidate = await stageCommit((t) => t.add(rows(100, 5)));
    const before = await snapshot();
    const half = Math.floor(candidate.bytes.byteLength / 2);
    const cut = stage(candidate.bytes.subarray(0, half), candidate.version);
    expectRefused(await createVersion(candidate.version, cut.path), /is not a Lance manifest/);
    // Its middle taken out: the footer (and its LANC) is still the file's last 16 bytes.
    const holed = stage(
      Buffer.concat([candidate.bytes.subarray(0, half), candidate.bytes.subarray(-16)]),
      candidate.version,
    );
    expectRefused(await createVersion(candidate.version, holed.path), /is not a Lance manifest/);
    await expectUnchanged(before);
  });

  it('refuses bytes that end in LANC and are nothing else', async () => {
    const before = await snapshot();
    const garbage = stage(
      Buffer.concat([randomBytes(4096), Buffer.from('LANC')]),
      (await latestVersion()) + 1,
    );
    expectRefused(
      await createVersion(garbage.version, garbage.path),
      /staged manifest .* is not a Lance manifest/,
    );
    await expectUnchanged(before);
  });

  it("refuses another table's manifest at the right version number", async () => {
    const next = (await latestVersion()) + 1;
    const other = join(scratch, `other-${randomUUID()}`);
    const db = await lancedb.connect(other);
    const table = await db.createTable('o', [{ id: 1, name: 'other', extra: 1.5 }]);
    while ((await table.version()) < next) await table.add([{ id: 2, name: 'more', extra: 2.5 }]);
    table.close();
    db.close();
    const versions = join(other, 'o.lance', '_versions');
    const latest = readdirSync(versions)
      .filter((n) => n.endsWith('.manifest'))
      .sort()[0]!;
    const before = await snapshot();
    const foreign = stage(readFileSync(join(versions, latest)), next);
    expectRefused(
      await createVersion(next, foreign.path),
      new RegExp(`names fragment \\d+'s data file data/.*, which is not in ${TABLE}`),
    );
    await expectUnchanged(before);
  });

  it('refuses a manifest that reads files from a folder outside the table', async () => {
    const next = (await latestVersion()) + 1;
    // Lance's shallow clone of an outside table: its manifest names that table as a base path.
    const outside = join(scratch, `outside-${randomUUID()}`);
    const db = await lancedb.connect(outside);
    const table = await db.createTable('secret', [{ id: 1, name: 'outside row' }]);
    while ((await table.version()) < next) await table.add([{ id: 2, name: 'outside row' }]);
    const clone = await db.cloneTable('clone', join(outside, 'secret.lance'), { isShallow: true });
    expect(await clone.version()).toBe(next);
    clone.close();
    table.close();
    db.close();
    const versions = join(outside, 'clone.lance', '_versions');
    const manifest = readdirSync(versions).find((n) => n.endsWith('.manifest'))!;
    const before = await snapshot();
    const cloned = stage(readFileSync(join(versions, manifest)), next);
    expectRefused(
      await createVersion(next, cloned.path),
      /names base path .*secret\.lance, which the table does not have/,
    );
    await expectUnchanged(before);
  });

  it('refuses a manifest whose version is not the next one', async () => {
    const next = (await latestVersion()) + 1;
    const versions = join(folder(), '_versions');
    // The table's own latest manifest: a manifest of this table, but of the version it has.
    const current = readdirSync(versions)
      .filter((n) => n.endsWith('.manifest'))
      .sort()[0]!;
    const before = await snapshot();
    const again = stage(readFileSync(join(versions, current)), next);
    expectRefused(
      await createVersion(next, again.path),
      new RegExp(`holds version ${next - 1}; the next version of ${TABLE} is ${next}`),
    );
    await expectUnchanged(before);
  });

  it('refuses a manifest whose fragment names a data file the table does not have', async () => {
    const candidate = await stageCommit((t) => t.add(rows(200, 5)), { copyFiles: false });
    const missing = candidate.written.find((f) => f.startsWith('data/'))!;
    expect(existsSync(join(folder(), missing))).toBe(false);
    const before = await snapshot();
    expectRefused(
      await createVersion(candidate.version, candidate.path),
      new RegExp(`names fragment \\d+'s data file ${missing}, which is not in ${TABLE}`),
    );
    await expectUnchanged(before);
  });

  it('refuses a manifest whose data file is there but shorter than it records', async () => {
    const candidate = await stageCommit((t) => t.add(rows(300, 5)));
    const file = candidate.written.find((f) => f.startsWith('data/'))!;
    const whole = readFileSync(join(folder(), file));
    writeFileSync(join(folder(), file), whole.subarray(0, whole.byteLength - 100));
    const before = await snapshot();
    expectRefused(
      await createVersion(candidate.version, candidate.path),
      new RegExp(`names fragment \\d+'s data file ${file} of ${whole.byteLength} bytes`),
    );
    await expectUnchanged(before);
  });
  it('refuses a manifest whose new data file LanceDB cannot read, though it is there whole', async () => {
    const candidate = await stageCommit((t) => t.add(rows(400, 5)));
    const file = candidate.written.find((f) => f.startsWith('data/'))!;
    const size = readFileSync(join(folder(), file)).byteLength;
    writeFileSync(join(folder(), file), Buffer.alloc(size, 7));
    const before = await snapshot();
    expectRefused(
      await createVersion(candidate.version, candidate.path),
      /cannot become the latest version: LanceDB cannot read it/,
    );
    await expectUnchanged(before);
  });
});

describe('version/create publishes a staged manifest of the next version', () => {
  it('publishes an append, then a delete, each as the next version LanceDB reads', async () => {
    const start = await snapshot();
    const appended = await stageCommit((t) => t.add(rows(1000, 7)));
    expect(appended.version).toBe((await latestVersion()) + 1);
    const reply = await createVersion(appended.version, appended.path);
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    expect(reply.body).toMatchObject({ version: { version: appended.version } });
    expect(await ids()).toEqual([...start.ids, ...rows(1000, 7).map((r) => r.id)]);
    expect(readdirSync(join(folder(), '_versions')).length).toBe(start.files.length + 1);

    const deleted = await stageCommit((t) => t.delete('id >= 1000 AND id < 1003'));
    expect(deleted.written.some((f) => f.startsWith('_deletions/'))).toBe(true);
    expect((await createVersion(deleted.version, deleted.path)).status).toBe(200);
    const count = await call(server, 'POST', `/v1/table/${TABLE}/count_rows`, {});
    expect(count.body).toBe(start.ids.length + 4);
    const described = await call(server, 'POST', `/v1/table/${TABLE}/version/describe`, {});
    expect(described.body).toMatchObject({ version: { version: deleted.version } });
    // And plain LanceDB, another process's reader, opens the table at that version.
    const db = await lancedb.connect(root);
    const plain = await db.openTable(TABLE);
    expect(await plain.version()).toBe(deleted.version);
    expect(await plain.countRows()).toBe(start.ids.length + 4);
    plain.close();
    db.close();
  });

  it('still answers 409 for a version already written, before reading the staged file', async () => {
    const latest = await latestVersion();
    const staged = stage(Buffer.from('not even a manifest'), latest);
    const reply = await createVersion(latest, staged.path);
    expect(reply.status).toBe(409);
    expect(reply.body).toMatchObject({ code: 14 });
  });
});
