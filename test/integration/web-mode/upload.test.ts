/**
 * Uploads in the web mode: a browser sends a file's bytes to POST /upload, the host streams them
 * to disk under its data folder, and the answer's path previews and imports like any other. Bad
 * names, a missing token and a cut-off upload leave nothing behind.
 */
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Host } from '../../../src-main/host/host';
import { FileSecretStore } from '../../../src-main/host/secret-store';
import { safeFileName } from '../../../src-main/host/upload-store';
import { buildWebServer, type WebServer } from '../../../src-main/web-mode/web-mode-server';

let dir: string;
let host: Host;
let web: WebServer;
let base: string;
const uploads = () => join(dir, 'data', 'uploads');

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'cs-upload-'));
  host = new Host({
    userDataDir: join(dir, 'data'),
    secrets: new FileSecretStore(join(dir, 'data', 'secrets.json')),
  });
  web = buildWebServer({ host, rendererDir: join(dir, 'renderer') });
  base = (await web.listen(0)).split('/?')[0]!;
});
afterAll(async () => {
  await web.app.close();
  await host.close();
  rmSync(dir, { recursive: true, force: true });
});

async function upload(name: string, body: Buffer | string, headers: Record<string, string> = {}) {
  const response = await request(`${base}/upload`, {
    method: 'POST',
    headers: {
      'x-studio-token': web.token,
      'content-type': 'application/octet-stream',
      'x-file-name': encodeURIComponent(name),
      ...headers,
    },
    body,
  });
  return { status: response.statusCode, body: (await response.body.json()) as any };
}

async function rpc(name: string, input: unknown) {
  const response = await request(`${base}/rpc/${name}`, {
    method: 'POST',
    headers: { 'x-studio-token': web.token, 'content-type': 'application/json' },
    body: JSON.stringify(input),
  });
  return (await response.body.json()) as any;
}

describe('uploads in the web mode', () => {
  it('streams a file to the host, whose path then previews and imports', async () => {
    const rows = Array.from({ length: 5_000 }, (_, i) => `${i},name ${i}`).join('\n');
    const sent = await upload('My items.csv', `id,name\n${rows}\n`);
    expect(sent.body.ok).toBe(true);
    const path: string = sent.body.value.path;
    expect(path.startsWith(uploads())).toBe(true);
    expect(path.endsWith('My items.csv')).toBe(true);
    expect(readFileSync(path, 'utf8').split('\n')).toHaveLength(5_002);

    const preview = await rpc('imports:preview', { path });
    expect(preview.ok).toBe(true);
    expect(preview.value.schema.fields.map((f: any) => f.name)).toEqual(['id', 'name']);
  });

  it('keeps two uploads of the same name apart', async () => {
    const a = await upload('same.csv', 'x\n1\n');
    const b = await upload('same.csv', 'x\n2\n');
    expect(a.body.value.path).not.toBe(b.body.value.path);
    expect(readFileSync(a.body.value.path, 'utf8')).toBe('x\n1\n');
  });

  it('refuses names it cannot import, and any folder in the name', async () => {
    const refused = await upload('notes.txt', 'hello');
    expect(refused.body.ok).toBe(false);
    expect(refused.body.error.name).toBe('InvalidInput');
    expect(refused.body.error.message).toMatch(/Cannot import "notes\.txt"/);

    // A path in the name keeps only its last part: nothing is written outside the store.
    const climbing = await upload('../../../escape.csv', 'a\n1\n');
    expect(climbing.body.ok).toBe(true);
    expect(climbing.body.value.path.startsWith(uploads())).toBe(true);
    expect(existsSync(join(dir, 'escape.csv'))).toBe(false);
    expect(safeFileName('..\\..\\x.csv')).toBe('x.csv');
    expect(safeFileName('.hidden.csv')).toBe('hidden.csv');
    expect(safeFileName('a\u0000b\u001f.csv')).toBe('ab.csv');
  });

  it('refuses an upload without the token, and writes nothing', async () => {
    const before = existsSync(uploads()) ? readdirSync(uploads(), { recursive: true }).length : 0;
    const response = await request(`${base}/upload`, {
      method: 'POST',
      headers: { 'content-type': 'application/octet-stream', 'x-file-name': 'a.csv' },
      body: 'a\n1\n',
    });
    expect(response.statusCode).toBe(401);
    await response.body.dump();
    const after = existsSync(uploads()) ? readdirSync(uploads(), { recursive: true }).length : 0;
    expect(after).toBe(before);
  });

  it('removes what a cut-off upload wrote', async () => {
    const { hostname, port } = new URL(base);
    const countFiles = () =>
      readdirSync(uploads(), { recursive: true, withFileTypes: true }).filter((e) => e.isFile())
        .length;
    const before = countFiles();
    const req = httpRequest({
      host: hostname,
      port,
      path: '/upload',
      method: 'POST',
      headers: {
        'x-studio-token': web.token,
        'content-type': 'application/octet-stream',
        'x-file-name': 'cut.csv',
        'content-length': '1000000',
      },
    });
    req.on('error', () => undefined);
    req.write('a\n'.repeat(1_000));
    // The file is being written; then the client goes away with most of its bytes unsent.
    await expect.poll(countFiles, { timeout: 5_000 }).toBe(before + 1);
    req.destroy();
    await expect.poll(countFiles, { timeout: 5_000 }).toBe(before);
  });

  it('removes the run\u2019s uploads when the host closes', async () => {
    const other = new Host({
      userDataDir: join(dir, 'other'),
      secrets: new FileSecretStore(join(dir, 'other', 'secrets.json')),
    });
    const { Readable } = await import('node:stream');
    const answer = await other.receiveUpload('x.csv', Readable.from(['a\n1\n']));
    expect(answer.ok).toBe(true);
    const path = answer.ok ? answer.value.path : '';
    expect(existsSync(path)).toBe(true);
    await other.close();
    expect(existsSync(path)).toBe(false);
  });
});
