/**
 * The web mode as a person starts it (`catalog-studio web`, a real process): every procedure,
 * the event stream and the static files refuse requests without the run token (missing, wrong,
 * in a cookie, which is never a credential) and with a foreign Host or Origin header, without
 * doing any of the work asked; the printed address sets no cookie; and the server is reachable
 * on loopback only, not on any other address of this machine.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { networkInterfaces, tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROCEDURES } from '../../src-shared/studio-procedures';
import { connect as openCatalog } from '../../src-main/catalog';
import { arrow } from '../../src-main/catalog/arrow';
import { reportFigures } from '../support/reliability-scale';

const BIN = join(__dirname, '../../bin/catalog-studio.mjs');

let dir: string;
let child: ChildProcess;
let base: string;
let token: string;
let port: number;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'cs-webmode-'));
  child = spawn(process.execPath, [BIN, 'web', '--port', '0', '--data', join(dir, 'data')], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const line = await new Promise<string>((resolve, reject) => {
    createInterface({ input: child.stdout! }).once('line', resolve);
    child.once('exit', (code) => reject(new Error(`web exited with ${code}`)));
  });
  const match = /^open (http:\/\/127\.0\.0\.1:(\d+))\/\?token=([0-9a-f]+)$/.exec(line);
  expect(match, line).not.toBeNull();
  base = match![1]!;
  port = Number(match![2]);
  token = match![3]!;
});

afterAll(() => {
  child?.kill('SIGKILL');
  rmSync(dir, { recursive: true, force: true });
});

/** Whether a TCP connection to address:port is accepted. */
function accepts(address: string): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host: address, port, timeout: 2_000 });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
    socket.once('timeout', () => {
      socket.destroy();
      resolve(false);
    });
  });
}

describe('catalog-studio web', () => {
  it('refuses every route without the run token, and does none of the work', async () => {
    const wrong = token.replace(/./g, (c) => (c === 'a' ? 'b' : 'a'));
    const attempts: Array<[string, Record<string, string>]> = [
      ['no token', {}],
      ['wrong token', { 'x-studio-token': wrong }],
      ['forged cookie', { cookie: `studio_token=${wrong}` }],
      ['empty token', { 'x-studio-token': '' }],
      ['token prefix', { 'x-studio-token': token.slice(0, -1) }],
    ];
    const target = join(dir, 'should-not-exist');
    const failures: string[] = [];
    let cases = 0;
    const expectStatus = async (
      what: string,
      status: number,
      code: number,
      send: () => Promise<{ statusCode: number; body: { text(): Promise<string> } }>,
    ) => {
      const reply = await send();
      const text = await reply.body.text();
      cases += 1;
      if (reply.statusCode !== status)
        failures.push(`${what}: ${reply.statusCode} ${text.slice(0, 80)}`);
      else if ((JSON.parse(text) as { error?: { code?: number } }).error?.code !== code)
        failures.push(`${what}: body ${text.slice(0, 80)}`);
    };
    for (const name of Object.keys(PROCEDURES)) {
      for (const [label, headers] of attempts) {
        await expectStatus(`${name} with ${label}`, 401, 16, () =>
          request(`${base}/rpc/${name}`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', ...headers },
            body: JSON.stringify({ path: target, create: true }),
          }),
        );
      }
      await expectStatus(`${name} with a foreign Origin`, 403, 15, () =>
        request(`${base}/rpc/${name}`, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            'x-studio-token': token,
            origin: `http://127.0.0.1:${port + 1}`,
          },
          body: JSON.stringify({ path: target, create: true }),
        }),
      );
      await expectStatus(`${name} with a foreign Host`, 403, 15, () =>
        request(`${base}/rpc/${name}`, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            'x-studio-token': token,
            host: `evil.example:${port}`,
          },
          body: JSON.stringify({ path: target, create: true }),
        }),
      );
    }
    for (const path of ['/', '/index.html', '/events', '/assets/app.js', `/?token=${wrong}`]) {
      for (const [label, headers] of attempts)
        await expectStatus(`GET ${path} with ${label}`, 401, 16, () =>
          request(`${base}${path}`, { headers }),
        );
    }
    // A cookie holding the real token is not a credential either: cookies reach every port.
    await expectStatus('GET / with the token in a cookie', 401, 16, () =>
      request(`${base}/`, { headers: { cookie: `studio_token=${token}` } }),
    );
    expect(failures.slice(0, 20)).toEqual([]);
    // connections:open-folder with create was asked dozens of times; it never ran.
    expect(existsSync(target)).toBe(false);

    // The token itself works, so the refusals above were about the token and nothing else.
    const allowed = await request(`${base}/rpc/connections:list-open`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-studio-token': token },
      body: '{}',
    });
    expect(allowed.statusCode).toBe(200);
    expect(((await allowed.body.json()) as { ok: boolean }).ok).toBe(true);
    // The printed address leads to the page's own folder and sets no cookie on the way.
    const printed = await request(`${base}/?token=${token}`);
    expect(printed.statusCode).toBe(303);
    expect(printed.headers['set-cookie']).toBeUndefined();
    expect(printed.headers.location).toBe(`/s/${token}/`);
    await printed.body.dump();
    reportFigures('web-token', {
      procedures: Object.keys(PROCEDURES).length,
      cases,
      failures: failures.length,
    });
  });

  it('answers bad paths with a 4xx, not a server error', async () => {
    for (const path of ['/%ZZ', '/..%2f..%2fetc%2fpasswd', '/%00', `/${'a'.repeat(5000)}`]) {
      const reply = await request(`${base}${path}`, { headers: { 'x-studio-token': token } });
      const text = await reply.body.text();
      expect(reply.statusCode, path).toBeLessThan(500);
      expect(text, path).not.toContain('root:');
    }
  });

  it('refuses a grid filter of 1,500 added terms (it ended the process) and keeps serving', async () => {
    const folder = join(dir, 'catalog');
    const catalog = await openCatalog(folder);
    await catalog.createTable('t', arrow.tableFromArrays({ id: Int32Array.from([1, 2, 3]) }));
    await catalog.close();
    const rpc = async (name: string, body: unknown) => {
      const reply = await request(`${base}/rpc/${name}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-studio-token': token },
        body: JSON.stringify(body),
      });
      return (await reply.body.json()) as {
        ok: boolean;
        value?: { id: string };
        error?: { code: number; message: string };
      };
    };
    const opened = await rpc('connections:open-folder', { path: folder });
    expect(opened.ok).toBe(true);
    const table = { connectionId: opened.value!.id, path: [], table: 't' };
    const filter = `${Array.from({ length: 1_500 }, () => 'id').join(' + ')} > 0`;
    const refused = await rpc('tables:count', { ...table, filter });
    expect(refused.ok).toBe(false);
    expect(refused.error?.code).toBe(13);
    expect(refused.error?.message).toMatch(/nested too deeply: more than 32 levels/);
    expect(child.exitCode).toBeNull();
    const counted = await rpc('tables:count', { ...table, filter: 'id > 1' });
    expect(counted).toMatchObject({ ok: true, value: 2 });
  });

  it('listens on loopback only', async () => {
    expect(await accepts('127.0.0.1')).toBe(true);
    const others = Object.values(networkInterfaces())
      .flat()
      .filter((i) => i && !i.internal)
      .map((i) => i!.address);
    for (const address of others) expect(await accepts(address), address).toBe(false);
    reportFigures('web-loopback', { otherAddressesRefused: others.length });
  });
});
