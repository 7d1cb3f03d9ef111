/**
 * The web transport on loopback: the token guard (a header, or the page's `/s/<token>/` folder;
 * never a cookie), the Host, Origin and form checks, procedures as POST /rpc/<name> with errors
 * as values, Arrow pages as bytes, host events over SSE, and the built renderer as static files
 * (@fastify/static: content types, 404s, no listing, no way out of the folder).
 */
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { arrow } from '../../../src-main/catalog/arrow';
import { Host } from '../../../src-main/host/host';
import { FileSecretStore } from '../../../src-main/host/secret-store';
import { buildWebServer, type WebServer } from '../../../src-main/web-mode/web-mode-server';

let dir: string;
let host: Host;
let web: WebServer;
let base: string;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'cs-web-'));
  mkdirSync(join(dir, 'renderer'));
  writeFileSync(
    join(dir, 'renderer', 'index.html'),
    '<!doctype html><title>Catalog Studio</title>',
  );
  mkdirSync(join(dir, 'renderer', 'assets'));
  writeFileSync(join(dir, 'renderer', 'assets', 'app.js'), 'export const app = 1;');
  writeFileSync(join(dir, 'renderer', 'assets', 'app.css'), 'body { margin: 0 }');
  writeFileSync(join(dir, 'renderer', 'logo.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  writeFileSync(join(dir, 'renderer', '.env'), 'HIDDEN=dotfile');
  // Beside the renderer folder, where no request may reach.
  writeFileSync(join(dir, 'secret.txt'), 'TOP-SECRET outside the renderer');
  host = new Host({
    userDataDir: join(dir, 'data'),
    secrets: new FileSecretStore(join(dir, 'data', 'secrets.json')),
  });
  web = buildWebServer({ host, rendererDir: join(dir, 'renderer') });
  const url = await web.listen(0);
  expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/\?token=[0-9a-f]{48}$/);
  base = url.split('/?')[0]!;
});
afterAll(async () => {
  await web.app.close();
  await host.close();
  rmSync(dir, { recursive: true, force: true });
});

/**
 * A GET with the path sent exactly as written: fetch and undici resolve `..` and `%2e%2e` before
 * sending, which would hide what a hand-made request can ask for.
 */
function rawGet(
  path: string,
  headers: Record<string, string> = { 'x-studio-token': web.token },
  origin = base,
): Promise<{
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}> {
  const { hostname, port } = new URL(origin);
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: hostname, port, path, method: 'GET', headers }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

const rpc = (name: string, body: unknown, token: string | null = web.token) =>
  fetch(`${base}/rpc/${name}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { 'x-studio-token': token } : {}) },
    body: JSON.stringify(body),
  });

describe('web transport', () => {
  it('refuses requests without the run token, and with a foreign Host header', async () => {
    expect((await rpc('connections:list-open', {}, null)).status).toBe(401);
    expect((await rpc('connections:list-open', {}, 'x'.repeat(48))).status).toBe(401);
    expect((await fetch(`${base}/`)).status).toBe(401);
    const rebound = await request(`${base}/rpc/connections:list-open`, {
      method: 'POST',
      headers: {
        host: 'evil.example:80',
        'x-studio-token': web.token,
        'content-type': 'application/json',
      },
      body: '{}',
    });
    expect(rebound.statusCode).toBe(403);
    await rebound.body.dump();
  });

  it('sends the printed address to the page folder, and sets no cookie', async () => {
    const printed = await fetch(`${base}/?token=${web.token}`, { redirect: 'manual' });
    expect(printed.status).toBe(303);
    expect(printed.headers.get('location')).toBe(`/s/${web.token}/`);
    expect(printed.headers.get('set-cookie')).toBeNull();
    const page = await fetch(`${base}/s/${web.token}/`);
    expect(page.status).toBe(200);
    expect(page.headers.get('set-cookie')).toBeNull();
    expect(page.headers.get('referrer-policy')).toBe('no-referrer');
    expect(await page.text()).toContain('Catalog Studio');
    // Assets resolve relative to the folder, so they carry the token too.
    expect((await fetch(`${base}/s/${web.token}/index.html`)).status).toBe(200);
    expect((await fetch(`${base}/s/${'0'.repeat(48)}/index.html`)).status).toBe(401);
    const folder = await fetch(`${base}/s/${web.token}`, { redirect: 'manual' });
    expect(folder.status).toBe(303);
    // A cookie is never a credential, whatever it holds.
    const cookie = await fetch(`${base}/index.html`, {
      headers: { cookie: `studio_token=${web.token}` },
    });
    expect(cookie.status).toBe(401);
    // Nor is the query, outside the printed address.
    expect((await fetch(`${base}/events?token=${web.token}`)).status).toBe(401);
  });

  it('refuses a foreign Origin and form-like requests even with the token', async () => {
    const post = (headers: Record<string, string>, body = '{}') =>
      request(`${base}/rpc/connections:list-open`, { method: 'POST', headers, body });
    for (const origin of ['http://127.0.0.1:1', 'null', 'http://evil.example']) {
      const reply = await post({
        'content-type': 'application/json',
        'x-studio-token': web.token,
        origin,
      });
      expect(reply.statusCode, origin).toBe(403);
      expect(((await reply.body.json()) as any).error.code).toBe(15);
    }
    const own = await post({
      'content-type': 'application/json',
      'x-studio-token': web.token,
      origin: base,
    });
    expect(own.statusCode).toBe(200);
    await own.body.dump();
  });

  it('runs procedures, returns errors as values and pages as Arrow bytes', async () => {
    const opened = (await (
      await rpc('connections:open-folder', { path: join(dir, 'catalog'), create: true })
    ).json()) as any;
    expect(opened.ok).toBe(true);
    const id = opened.value.id;
    const bad = (await (
      await rpc('namespaces:create', { connectionId: id, path: ['..'] })
    ).json()) as any;
    expect(bad).toMatchObject({ ok: false, error: { code: 13, name: 'InvalidInput' } });
    expect(
      ((await (await rpc('tables:list', { connectionId: id, path: [] })).json()) as any).value
        .tables,
    ).toEqual([]);
    await rpc('tables:create-empty', {
      connectionId: id,
      path: [],
      table: 't',
      schema: { fields: [{ name: 'id', nullable: true, type: { type: 'int32' } }] },
    });
    const page = await rpc('tables:page', {
      connectionId: id,
      path: [],
      table: 't',
      offset: 0,
      limit: 10,
    });
    expect(page.headers.get('content-type')).toContain('application/vnd.apache.arrow.stream');
    const decoded = arrow.tableFromIPC(new Uint8Array(await page.arrayBuffer()));
    expect(decoded.numRows).toBe(0);
    expect(decoded.schema.fields.map((f) => f.name)).toEqual(['id']);
  });

  it('pushes host events over SSE', async () => {
    const opened = (await (
      await rpc('connections:open-folder', { path: join(dir, 'sse'), create: true })
    ).json()) as any;
    const controller = new AbortController();
    const stream = await fetch(`${base}/events`, {
      headers: { 'x-studio-token': web.token },
      signal: controller.signal,
    });
    expect(stream.headers.get('content-type')).toContain('text/event-stream');
    const reader = stream.body!.getReader();
    await rpc('namespaces:create', { connectionId: opened.value.id, path: ['fresh'] });
    let text = '';
    const deadline = Date.now() + 5000;
    while (!text.includes('event: catalog:changed') && Date.now() < deadline) {
      const { value, done } = await reader.read();
      if (done) break;
      text += Buffer.from(value).toString('utf8');
    }
    controller.abort();
    expect(text).toContain('event: catalog:changed');
    expect(text).toContain(opened.value.id);
  });
});

describe('the renderer as static files', () => {
  const page = () => `/s/${web.token}`;

  it('serves the page and its assets with their content types and the usual headers', async () => {
    const cases: Array<[string, string, string]> = [
      [`${page()}/`, 'text/html', 'Catalog Studio'],
      [`${page()}/index.html`, 'text/html', 'Catalog Studio'],
      [`${page()}/assets/app.js`, 'javascript', 'export const app'],
      [`${page()}/assets/app.js?v=1`, 'javascript', 'export const app'],
      [`${page()}/assets/app.css`, 'text/css', 'margin'],
      [`${page()}/logo.svg`, 'image/svg+xml', '<svg'],
      // A bare path with the token header gets the files too.
      ['/assets/app.js', 'javascript', 'export const app'],
    ];
    for (const [path, type, text] of cases) {
      const reply = await rawGet(path);
      expect(reply.status, path).toBe(200);
      expect(reply.headers['content-type'], path).toContain(type);
      expect(reply.body, path).toContain(text);
      expect(reply.headers['referrer-policy'], path).toBe('no-referrer');
      // No cookie, and no caching headers: the page's address changes with every run.
      expect(reply.headers['set-cookie'], path).toBeUndefined();
      expect(reply.headers['cache-control'], path).toBeUndefined();
      expect(reply.headers.etag, path).toBeUndefined();
      expect(reply.headers['last-modified'], path).toBeUndefined();
    }
  });

  it('answers a missing asset and a dotfile with 404, a page route with index.html', async () => {
    for (const path of [
      `${page()}/assets/missing.js`,
      `${page()}/missing.css`,
      `${page()}/ASSETS/APP.JS`,
      `${page()}/.env`,
      '/assets/missing.js',
    ]) {
      const reply = await rawGet(path);
      expect(reply.status, path).toBe(404);
      expect(reply.body, path).toBe('Not found');
    }
    // Paths the page could navigate to fall back to the page (the single-page app's fallback).
    for (const path of [`${page()}/tables/t`, `${page()}/assets`, `${page()}/assets/`]) {
      const reply = await rawGet(path);
      expect(reply.status, path).toBe(200);
      expect(reply.headers['content-type'], path).toContain('text/html');
      expect(reply.body, path).toContain('Catalog Studio');
      // A folder is never listed.
      expect(reply.body, path).not.toContain('app.js');
    }
  });

  it('never serves a file outside the renderer folder, however the path is spelt', async () => {
    const attempts = [
      '/..%2f..%2fetc/passwd',
      '/..%2f..%2fetc%2fpasswd',
      '/%2e%2e/',
      '/%2e%2e/secret.txt',
      '/%2e%2e%2fsecret.txt',
      '/..%2fsecret.txt',
      '/..%5csecret.txt',
      '/../secret.txt',
      '/./../secret.txt',
      '/assets/../../secret.txt',
      '/assets/%2e%2e/%2e%2e/secret.txt',
      '//secret.txt',
      '/%252e%252e/secret.txt',
    ];
    for (const attempt of attempts) {
      for (const path of [attempt, `${page()}${attempt}`]) {
        const reply = await rawGet(path);
        expect(reply.status, path).toBe(404);
        expect(reply.body, path).not.toContain('TOP-SECRET');
        expect(reply.body, path).not.toContain('root:');
      }
    }
  });

  it('still asks for the token before any file', async () => {
    for (const path of ['/assets/app.js', '/logo.svg', `/s/${'0'.repeat(48)}/assets/app.js`]) {
      const reply = await rawGet(path, {});
      expect(reply.status, path).toBe(401);
      expect(reply.body, path).not.toContain('export const app');
    }
  });

  it("answers the browser's icon request with no content and no token, behind the Host check", async () => {
    // Every page load asks for it without the token; a 401 there was noise in the page's console.
    const icon = await rawGet('/favicon.ico', {});
    expect(icon.status).toBe(204);
    expect(icon.body).toBe('');
    const foreign = await rawGet('/favicon.ico', { host: 'evil.example' });
    expect(foreign.status).toBe(403);
  });

  it('says the renderer is not built when its folder is missing', async () => {
    const own = buildWebServer({ host, rendererDir: join(dir, 'not-built') });
    const url = await own.listen(0);
    try {
      const reply = await rawGet(`/s/${own.token}/`, {}, url.split('/?')[0]);
      expect(reply.status).toBe(200);
      expect(reply.body).toContain('The renderer is not built yet');
      expect((await rawGet(`/s/${own.token}/assets/app.js`, {}, url.split('/?')[0])).status).toBe(
        404,
      );
    } finally {
      await own.app.close();
    }
  });
});

describe('stopping the web mode', () => {
  it('closes promptly while a browser holds the event stream open', async () => {
    const own = buildWebServer({ host, rendererDir: join(dir, 'renderer') });
    const url = await own.listen(0);
    const controller = new AbortController();
    const stream = await fetch(`${url.split('/?')[0]}/events`, {
      headers: { 'x-studio-token': own.token },
      signal: controller.signal,
    });
    expect(stream.status).toBe(200);
    const started = Date.now();
    await own.app.close();
    expect(Date.now() - started).toBeLessThan(2000);
    controller.abort();
  });
});
