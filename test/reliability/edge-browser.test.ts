/**
 * Web pages against loopback servers. The no-auth `serve` binds to 127.0.0.1, which every page
 * the user opens can reach. Before, it accepted `Content-Type: text/plain` POSTs from any Origin,
 * so a page on another port or a file:// page deleted rows and dropped tables, and any Host
 * header (DNS rebinding); the web mode put its token in a cookie, which the browser then sent to
 * every other server on 127.0.0.1. Each attack runs here as it would: raw requests with the
 * headers a browser sends, and in Chromium itself (skipped without /usr/bin/chromium).
 */
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromium } from 'playwright-core';
import { connect } from '../../src-main/catalog';
import { reportFigures } from '../support/reliability-scale';
import { sampleTable } from '../support/sample-data';
import { startServerProcess, type ServerProcess } from '../support/server-process';
import { CHROMIUM, hasChromium, startWebApp, type WebApp } from '../support/web-app';

let dir: string;
let root: string;
let serve: ServerProcess;
let port: number;
let attacker: Server;
let attackerPort: number;
const seenByAttacker: IncomingHttpHeaders[] = [];
const refusals = { requests: 0, refused: 0 };

/** A page on another port of 127.0.0.1, as any local dev server or malicious tool could be. */
function attackerPage(target: string): string {
  return `<!doctype html><title>other port</title>
<form id="f" method="POST" enctype="text/plain" action="${target}/v1/table/form_victim/drop">
  <input name='{"x":"' value='"}'>
</form>
<script>
  window.attack = async () => {
    await fetch('${target}/v1/table/ns$t/delete', { method: 'POST', mode: 'no-cors',
      headers: { 'content-type': 'text/plain' }, body: JSON.stringify({ predicate: 'id >= 0' }) });
    await fetch('${target}/v1/table/fetch_victim/drop', { method: 'POST', mode: 'no-cors' });
    await fetch('${target}/v1/table/blob_victim/drop', { method: 'POST', mode: 'no-cors',
      body: new Blob(['{}']) });
    return 'sent';
  };
</script>`;
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'cs-edge-browser-'));
  root = join(dir, 'catalog');
  const seed = await connect(root);
  await seed.createNamespace(['ns']);
  await seed.createTable('t', sampleTable(10, 4), ['ns']);
  for (const name of ['victim', 'form_victim', 'fetch_victim', 'blob_victim', 'null_victim'])
    await seed.createTable(name, sampleTable(3, 4));
  await seed.close();
  serve = await startServerProcess(['--root', root]);
  port = Number(new URL(serve.url).port);
  attacker = createServer((req, res) => {
    seenByAttacker.push(req.headers);
    res.setHeader('content-type', 'text/html');
    res.end(attackerPage(serve.url));
  });
  await new Promise<void>((resolve) => attacker.listen(0, '127.0.0.1', resolve));
  attackerPort = (attacker.address() as { port: number }).port;
});

afterAll(async () => {
  await serve?.kill();
  attacker?.close();
  rmSync(dir, { recursive: true, force: true });
});

async function send(
  method: string,
  path: string,
  headers: Record<string, string>,
  body?: string,
): Promise<{ status: number; code?: number }> {
  const reply = await request(`${serve.url}${path}`, {
    method: method as 'POST',
    headers,
    ...(body === undefined ? {} : { body }),
  });
  const text = await reply.body.text();
  refusals.requests += 1;
  if (reply.statusCode === 403) refusals.refused += 1;
  return {
    status: reply.statusCode,
    ...(text.startsWith('{') ? { code: JSON.parse(text).code } : {}),
  };
}

async function rows(): Promise<number> {
  const catalog = await connect(root);
  try {
    return await (await catalog.openTable('t', ['ns'])).countRows();
  } finally {
    await catalog.close();
  }
}

async function exists(name: string): Promise<boolean> {
  const catalog = await connect(root);
  try {
    return await catalog.tableExists(name);
  } finally {
    await catalog.close();
  }
}

describe('no-auth serve on loopback', () => {
  it('a page on another port cannot delete rows or drop tables: text/plain, bodiless and form POSTs are 403', async () => {
    const origin = `http://127.0.0.1:${attackerPort}`;
    const attempts = [
      send(
        'POST',
        '/v1/table/ns$t/delete',
        { origin, 'content-type': 'text/plain' },
        '{"predicate":"id >= 0"}',
      ),
      send('POST', '/v1/table/victim/drop', { origin }),
      send(
        'POST',
        '/v1/table/victim/drop',
        { origin, 'content-type': 'application/x-www-form-urlencoded' },
        'a=b',
      ),
      send(
        'POST',
        '/v1/table/victim/drop',
        { origin, 'content-type': 'multipart/form-data; boundary=x' },
        '--x--',
      ),
      // Even a JSON request is refused from a foreign origin (a page can only send one after a
      // CORS preflight, which is never answered, but the Origin alone decides).
      send('POST', '/v1/table/victim/drop', { origin, 'content-type': 'application/json' }, '{}'),
    ];
    for (const reply of await Promise.all(attempts))
      expect(reply).toEqual({ status: 403, code: 15 });
    expect(await rows()).toBe(10);
    expect(await exists('victim')).toBe(true);
  });

  it('a file:// page (Origin: null) is refused', async () => {
    const reply = await send(
      'POST',
      '/v1/table/null_victim/drop',
      { origin: 'null', 'content-type': 'text/plain' },
      '{}',
    );
    expect(reply).toEqual({ status: 403, code: 15 });
    expect(await exists('null_victim')).toBe(true);
  });

  it('without any Origin, a form content type or a body with no type is refused; JSON, Arrow or an x- header go through', async () => {
    expect(
      await send('POST', '/v1/table/victim/drop', { 'content-type': 'text/plain' }, '{}'),
    ).toEqual({ status: 403, code: 15 });
    expect(await send('POST', '/v1/table/victim/drop', {}, '{}')).toEqual({
      status: 403,
      code: 15,
    });
    expect(await exists('victim')).toBe(true);
    const json = await send(
      'POST',
      '/v1/table/ns$t/count_rows',
      { 'content-type': 'application/json' },
      '{}',
    );
    expect(json.status).toBe(200);
    const custom = await send(
      'POST',
      '/v1/table/ns$t/count_rows',
      { 'content-type': 'text/plain', 'x-request-id': 'abc' },
      '{}',
    );
    expect(custom.status).toBe(200);
    const sameOrigin = await send(
      'POST',
      '/v1/table/ns$t/count_rows',
      { origin: serve.url, 'content-type': 'application/json' },
      '{}',
    );
    expect(sameOrigin.status).toBe(200);
  });

  it('a foreign Host (DNS rebinding) is refused, reads included; the bound address and localhost are served', async () => {
    for (const host of [
      `evil.example:${port}`,
      `127.0.0.1.nip.io:${port}`,
      `127.0.0.1:${port + 1}`,
      '127.0.0.1',
    ]) {
      expect(await send('GET', '/v1/namespace/$/list', { host }), host).toEqual({
        status: 403,
        code: 15,
      });
    }
    expect((await send('GET', '/v1/namespace/$/list', { host: `localhost:${port}` })).status).toBe(
      200,
    );
    expect((await send('GET', '/v1/namespace/$/list', { host: `127.0.0.1:${port}` })).status).toBe(
      200,
    );
    reportFigures('edge-browser-raw', refusals);
  });

  it.skipIf(!hasChromium)(
    'in Chromium, a page on another port and a data: page fail to change anything',
    async () => {
      const browser = await chromium.launch({
        executablePath: CHROMIUM,
        args: ['--no-sandbox', '--disable-gpu'],
      });
      try {
        const page = await browser.newPage();
        await page.goto(`http://127.0.0.1:${attackerPort}/`);
        expect(await page.evaluate('window.attack()')).toBe('sent');
        await Promise.all([
          page.waitForNavigation(),
          page.evaluate('document.getElementById("f").submit()'),
        ]);
        const blank = await browser.newPage();
        await blank.goto(
          `data:text/html,<script>fetch('${serve.url}/v1/table/null_victim/drop',{method:'POST',mode:'no-cors',headers:{'content-type':'text/plain'},body:'{}'}).finally(()=>document.title='sent')</script>`,
        );
        await blank.waitForFunction('document.title === "sent"');
      } finally {
        await browser.close();
      }
      expect(await rows()).toBe(10);
      for (const name of ['form_victim', 'fetch_victim', 'blob_victim', 'null_victim'])
        expect(await exists(name), name).toBe(true);
    },
  );
});

describe.skipIf(!hasChromium)('web mode in Chromium', () => {
  let app: WebApp;
  beforeAll(async () => {
    app = await startWebApp();
  });
  afterAll(async () => app?.close());

  it('once the printed address is open, another server on 127.0.0.1 never receives the token', async () => {
    const token = new URL(app.url).searchParams.get('token')!;
    const page = await app.newPage();
    expect(await page.evaluate('document.cookie')).toBe('');
    const cookies = await page.context().cookies();
    expect(cookies.filter((c) => c.value.includes(token))).toEqual([]);
    seenByAttacker.length = 0;
    await page.goto(`http://127.0.0.1:${attackerPort}/`);
    await page.goto(`http://localhost:${attackerPort}/`);
    expect(seenByAttacker.length).toBeGreaterThanOrEqual(2);
    const leaked = seenByAttacker.filter((headers) => JSON.stringify(headers).includes(token));
    reportFigures('edge-web-token', {
      requestsToOtherPort: seenByAttacker.length,
      carryingToken: leaked.length,
    });
    expect(leaked).toEqual([]);
    // The app still works: events and procedures carry the token in a header.
    await page.goBack();
    await page.goBack();
    await page.locator('[data-app-state="ready"]').waitFor();
    await page.close();
  });
});
