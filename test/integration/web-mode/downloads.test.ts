/**
 * Downloads in the web mode: an export made with `download` runs as a job, and its file is then
 * streamed from GET /download/<token>/<job> as an attachment, once; without the run's token, from
 * another site or origin, it is refused, and a cancelled export leaves no file on the host.
 */
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse as parseCsv } from 'csv-parse/sync';
import { request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connect } from '../../../src-main/catalog';
import { Host } from '../../../src-main/host/host';
import { FileSecretStore } from '../../../src-main/host/secret-store';
import { contentDisposition } from '../../../src-main/web-mode/download-route';
import { buildWebServer, type WebServer } from '../../../src-main/web-mode/web-mode-server';
import { finishedJob } from '../../support/host-calls';
import { sampleTable } from '../../support/sample-data';

let dir: string;
let host: Host;
let web: WebServer;
let base: string;
let connectionId: string;
const downloads = () => join(dir, 'data', 'downloads');
const filesUnder = (root: string) =>
  existsSync(root)
    ? readdirSync(root, { recursive: true, withFileTypes: true }).filter((e) => e.isFile())
    : [];

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'cs-web-downloads-'));
  const catalog = await connect(join(dir, 'cat'));
  await catalog.createTable('t', sampleTable(250, 4));
  // Big enough (about 20 MB, five of an export's batches) that its export can be cancelled
  // while it runs.
  await catalog.createTable('big', sampleTable(20_000, 256));
  await catalog.close();
  host = new Host({
    userDataDir: join(dir, 'data'),
    secrets: new FileSecretStore(join(dir, 'data', 'secrets.json')),
  });
  web = buildWebServer({ host, rendererDir: join(dir, 'renderer') });
  base = (await web.listen(0)).split('/?')[0]!;
  ({ id: connectionId } = (await rpc('connections:open-folder', { path: join(dir, 'cat') }))
    .value as { id: string });
});
afterAll(async () => {
  await web.app.close();
  await host.close();
  rmSync(dir, { recursive: true, force: true });
});

async function rpc(name: string, input: unknown) {
  const response = await request(`${base}/rpc/${name}`, {
    method: 'POST',
    headers: { 'x-studio-token': web.token, 'content-type': 'application/json' },
    body: JSON.stringify(input),
  });
  return (await response.body.json()) as any;
}

async function exported(name: string, input: object): Promise<string> {
  const started = await rpc(name, { connectionId, ...input, download: true });
  expect(started.ok).toBe(true);
  const job = await finishedJob(host, started.value.id);
  expect(job.state).toBe('succeeded');
  return job.id;
}

const fetchDownload = (path: string, headers: Record<string, string> = {}) =>
  request(`${base}${path}`, { headers });

describe('downloads in the web mode', () => {
  it('streams a table export as an attachment once, then removes it', async () => {
    const jobId = await exported('tables:export', {
      path: [],
      table: 't',
      format: 'csv',
      filter: "category = 'c1'",
    });
    const response = await fetchDownload(`/download/${web.token}/${jobId}`, {
      'sec-fetch-site': 'same-origin',
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toBe(contentDisposition('t.csv'));
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    const text = await response.body.text();
    expect(Number(response.headers['content-length'])).toBe(Buffer.byteLength(text));
    const rows = parseCsv(text, { columns: true }) as Array<{ category: string }>;
    expect(rows).toHaveLength(50);
    expect(new Set(rows.map((r) => r.category))).toEqual(new Set(['c1']));

    await expect.poll(() => filesUnder(downloads())).toEqual([]);
    const again = await fetchDownload(`/download/${web.token}/${jobId}`);
    expect(again.statusCode).toBe(404);
    await again.body.text();
  });

  it('streams a console result, named after its table', async () => {
    const jobId = await exported('console:export', {
      sql: 'SELECT id, category FROM t WHERE id < 7',
      format: 'ndjson',
    });
    const response = await fetchDownload(`/download/${web.token}/${jobId}`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toContain('filename="t-result.ndjson"');
    const lines = (await response.body.text()).trim().split('\n');
    expect(lines.map((l) => (JSON.parse(l) as { id: number }).id)).toEqual([0, 1, 2, 3, 4, 5, 6]);
  });

  it('refuses a download without the token, from another site, or from another origin', async () => {
    const jobId = await exported('tables:export', { path: [], table: 't', format: 'json' });
    const refusals = [
      await fetchDownload(`/download/not-the-token/${jobId}`),
      await fetchDownload(`/download/${jobId}`),
      await fetchDownload(`/download/${web.token}/${jobId}`, { 'sec-fetch-site': 'cross-site' }),
      await fetchDownload(`/download/${web.token}/${jobId}`, { origin: 'http://evil.example' }),
    ];
    const statuses = [];
    for (const r of refusals) {
      statuses.push(r.statusCode);
      await r.body.text();
    }
    expect(statuses).toEqual([401, 401, 403, 403]);
    // None of them took the file: the page's own request still gets it.
    const own = await fetchDownload(`/download/${web.token}/${jobId}`);
    expect(own.statusCode).toBe(200);
    expect((JSON.parse(await own.body.text()) as unknown[]).length).toBe(250);
  });

  it('leaves no file on the host when an export is cancelled, queued or running', async () => {
    const ahead = await rpc('tables:export', {
      connectionId,
      path: [],
      table: 'big',
      format: 'json',
      download: true,
    });
    const queued = await rpc('tables:export', {
      connectionId,
      path: [],
      table: 'big',
      format: 'csv',
      download: true,
    });
    expect(queued.value.state).toBe('queued');
    await rpc('jobs:cancel', { connectionId, jobId: queued.value.id });
    // The one ahead is cancelled as soon as it runs, with its file part written.
    await expect
      .poll(
        async () => (await rpc('jobs:list', {})).value.find((j: any) => j.id === ahead.value.id),
        { interval: 5 },
      )
      .toMatchObject({ state: 'running' });
    await rpc('jobs:cancel', { connectionId, jobId: ahead.value.id });
    expect((await finishedJob(host, ahead.value.id)).state).toBe('cancelled');
    expect((await finishedJob(host, queued.value.id)).state).toBe('cancelled');
    await expect.poll(() => filesUnder(downloads())).toEqual([]);
    const response = await fetchDownload(`/download/${web.token}/${ahead.value.id}`);
    expect(response.statusCode).toBe(404);
    await response.body.text();
  });

  it('names the file in plain ASCII and, exactly, in UTF-8', () => {
    expect(contentDisposition('données "v2".csv')).toBe(
      `attachment; filename="donn_es _v2_.csv"; filename*=UTF-8''donn%C3%A9es%20%22v2%22.csv`,
    );
  });

  it('refuses an export with both a file and a download, or neither, and leaves nothing', async () => {
    const both = await rpc('tables:export', {
      connectionId,
      path: [],
      table: 't',
      format: 'csv',
      file: join(dir, 'x.csv'),
      download: true,
    });
    expect(both.error.message).toMatch(/either downloaded or written to a file/);
    const neither = await rpc('tables:export', {
      connectionId,
      path: [],
      table: 't',
      format: 'csv',
    });
    expect(neither.error.message).toMatch(/Name the file to export to, or download/);
    const badColumn = await rpc('tables:export', {
      connectionId,
      path: [],
      table: 't',
      format: 'csv',
      columns: ['no_such_column'],
      download: true,
    });
    expect(badColumn.ok).toBe(false);
    expect(filesUnder(downloads())).toEqual([]);
  });
});
