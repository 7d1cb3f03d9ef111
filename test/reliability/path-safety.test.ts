/**
 * Path safety: no id, name, location, register, declare, rename, tag or branch can read or write
 * outside the catalog folder. Beside the catalog lies a folder with a real Lance table and a
 * canary file; inside the catalog, symlinks lead out to it. Every attempt must be refused (or
 * stay inside), nothing outside may change, nothing may appear next to the catalog, and no answer
 * may carry the outside table's data.
 */
import {
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  realpathSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { isAbsolute, join, relative } from 'node:path';
import * as lancedb from '@lancedb/lancedb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { arrow } from '../../src-main/catalog/arrow';
import { call, startCatalogServer, type RunningServer } from '../support/catalog-server';
import { reportFigures } from '../support/reliability-scale';
import { sampleTable } from '../support/sample-data';
import { rawRequest } from '../integration/server/contract-helpers';

const SECRET = 'TOPSECRET-outside-row';

let base: string;
let outside: string;
let server: RunningServer;

/** Every file below a folder with its size and modification time, symlinks not followed. */
function snapshot(folder: string): string[] {
  const out: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir)) {
      const path = join(dir, entry);
      const stat = lstatSync(path);
      out.push(`${path.slice(folder.length)} ${stat.size} ${stat.mtimeMs}`);
      if (stat.isDirectory()) walk(path);
    }
  };
  walk(folder);
  return out.sort();
}

beforeAll(async () => {
  base = mkdtempSync(join(tmpdir(), 'cs-paths-'));
  outside = join(base, 'outside');
  mkdirSync(outside);
  writeFileSync(join(outside, 'canary.txt'), 'do not touch');
  const side = await lancedb.connect(outside);
  const secret = sampleTable(5, 8);
  await side.createTable('secret', secret);
  await (await side.openTable('secret')).update({ values: { text: SECRET } });
  side.close();

  const root = join(base, 'root');
  server = await startCatalogServer({ root });
  await server.catalog.createNamespace(['ns']);
  await server.catalog.createTable('t', sampleTable(5, 8), ['ns']);
  // Ways out planted inside the catalog: a folder link, and a link posing as a root table.
  symlinkSync(outside, join(root, 'escape'));
  symlinkSync(join(outside, 'secret.lance'), join(root, 'leak.lance'));
});

afterAll(async () => {
  await server.close();
  rmSync(base, { recursive: true, force: true });
});

const TRAVERSALS = (o: () => string) => [
  '../outside/secret.lance',
  '../outside',
  '..',
  './../outside/secret.lance',
  'ns/../../outside/secret.lance',
  '%2e%2e/outside/secret.lance',
  '..%2Foutside%2Fsecret.lance',
  '..\\outside\\secret.lance',
  'escape/secret.lance',
  'escape',
  'escape/new_folder',
  'leak.lance',
  `${o()}/secret.lance`,
  o(),
  `file://${o()}/secret.lance`,
  's3://bucket/secret.lance',
  '/etc',
  '~/secret.lance',
];

describe('nothing outside the catalog is reachable', () => {
  it('refuses every traversal, absolute path, URI and symlink, and changes nothing outside', async () => {
    const before = snapshot(outside);
    const beside = readdirSync(base).sort();
    const failures: string[] = [];
    let cases = 0;
    const check = (what: string, reply: { status: number; raw?: Uint8Array; body?: unknown }) => {
      cases += 1;
      const text = reply.raw
        ? Buffer.from(reply.raw).toString('latin1')
        : JSON.stringify(reply.body ?? '');
      if (reply.status >= 500) failures.push(`${what}: ${reply.status}`);
      if (text.includes(SECRET)) failures.push(`${what}: answered with the outside table's data`);
    };
    const refused = (what: string, reply: Awaited<ReturnType<typeof call>>) => {
      check(what, reply);
      if (reply.status < 400 || reply.status >= 500)
        failures.push(`${what}: ${reply.status}, expected a refusal ${JSON.stringify(reply.body)}`);
    };

    /** Refused, or accepted at a folder that really lies inside the catalog (a literal `%2e%2e`). */
    const staysInside = (what: string, reply: Awaited<ReturnType<typeof call>>) => {
      if (reply.status !== 200) return refused(what, reply);
      check(what, reply);
      const where = relative(realpathSync(server.root), realpathSync(reply.body.location));
      if (where === '' || where.startsWith('..') || isAbsolute(where))
        failures.push(`${what}: accepted at ${reply.body.location}`);
    };

    for (const location of TRAVERSALS(() => outside)) {
      refused(
        `register ${location}`,
        await call(server, 'POST', '/v1/table/ns$stolen/register', { location }),
      );
      refused(
        `register root ${location}`,
        await call(server, 'POST', '/v1/table/stolen/register', { location }),
      );
      staysInside(
        `declare ${location}`,
        await call(server, 'POST', '/v1/table/ns$decl/declare', { location }),
      );
      // Free the name for the next location (a refused declare leaves nothing to drop).
      await call(server, 'POST', '/v1/table/ns$decl/drop', {});
    }

    // The link posing as a root table: never opened, never dropped through.
    for (const route of ['describe', 'count_rows', 'query', 'stats', 'version/list', 'index/list'])
      refused(`leak ${route}`, await call(server, 'POST', `/v1/table/leak/${route}`, {}));
    refused('drop leak', await call(server, 'POST', '/v1/table/leak/drop', {}));
    refused('deregister leak', await call(server, 'POST', '/v1/table/leak/deregister', {}));
    refused(
      'rename leak',
      await call(server, 'POST', '/v1/table/leak/rename', { new_table_name: 'x' }),
    );
    refused(
      'insert leak',
      await call(
        server,
        'POST',
        '/v1/table/leak/insert',
        arrow.tableToIPC(sampleTable(1, 8), 'stream'),
      ),
    );
    const listed = await call(server, 'GET', '/v1/table/');
    check('list root tables', listed);

    // Identifiers that try to be paths, sent exactly as written.
    for (const path of [
      '/v1/table/..$..$outside$secret/describe',
      '/v1/table/%2e%2e$outside/create',
      '/v1/table/ns$%2E%2E/create',
      '/v1/table/ns$..%2F..%2Foutside/create',
      '/v1/table/..%2Foutside%2Fsecret/describe',
      '/v1/namespace/..%2F..%2Foutside/create',
      '/v1/namespace/ns$../create',
      '/v1/table/escape$secret/describe',
      '/v1/table/ns$t/../../../outside/describe',
      '/v1/table/%2Ftmp%2Fx/create',
    ]) {
      const reply = await rawRequest(server.url, 'POST', path);
      check(`raw ${path}`, reply);
      if (reply.status < 400) failures.push(`raw ${path}: ${reply.status}`);
    }

    // Names in bodies: rename targets, tags, branches and index names that look like paths.
    for (const name of ['../x', '..', '../../outside/pwn', '/tmp/pwn', 'a/b', '%2e%2e', '.', '']) {
      refused(
        `rename to ${name}`,
        await call(server, 'POST', '/v1/table/ns$t/rename', { new_table_name: name }),
      );
      refused(
        `rename into ${name}`,
        await call(server, 'POST', '/v1/table/ns$t/rename', {
          new_table_name: 'x',
          new_namespace_id: [name],
        }),
      );
      refused(
        `tag ${name}`,
        await call(server, 'POST', '/v1/table/ns$t/tags/create', { tag: name, version: 1 }),
      );
      refused(
        `branch ${name}`,
        await call(server, 'POST', '/v1/table/ns$t/branches/create', { name }),
      );
      refused(
        `index ${name}`,
        await call(server, 'POST', '/v1/table/ns$t/create_index', {
          column: 'id',
          index_type: 'BTREE',
          name,
        }),
      );
    }
    for (const database of ['../outside', outside, '..']) {
      const reply = await call(server, 'GET', '/v1/namespace/$/list', undefined, {
        'x-lancedb-database': database,
      });
      check(`database ${database}`, reply);
    }
    // Wait for any build accepted above, so no write is still running when we look.
    for (const job of await server.catalog.listJobs()) await server.catalog.waitForJob(job.id);

    const after = snapshot(outside);
    const outsideChanged =
      after.filter((f) => !before.includes(f)).length +
      before.filter((f) => !after.includes(f)).length;
    expect(failures.slice(0, 30)).toEqual([]);
    expect(after).toEqual(before);
    expect(readdirSync(base).sort()).toEqual(beside);
    expect(await (await server.catalog.openTable('t', ['ns'])).countRows()).toBe(5);
    reportFigures('path-safety', { cases, failures: failures.length, outsideChanged });
  }, 120_000);
});
