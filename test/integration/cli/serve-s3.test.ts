/**
 * `serve --root s3://…` as a user runs it: with the AWS_* environment, the catalog lives in the
 * bucket (plain LanceDB reads what the server wrote there), and a root that cannot work stops the
 * server at start, non-zero, with a message that names the bucket, the credentials or the
 * endpoint — never a server that answers 200 with an empty catalog.
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import * as lancedb from '@lancedb/lancedb';
import { afterAll, expect, it } from 'vitest';
import { call } from '../../support/catalog-server';
import { sampleTable } from '../../support/sample-data';
import { arrow } from '../../../src-main/catalog/arrow';
import { describeWithS3, s3Env, s3Root, s3StorageOptions } from '../../support/s3-store';
import { startServerProcess, type ServerProcess } from '../../support/server-process';

const BIN = join(__dirname, '../../../bin/catalog-studio.mjs');
const started: ServerProcess[] = [];
afterAll(async () => {
  await Promise.all(started.map((s) => s.kill('SIGTERM')));
});

/** Runs `serve` expecting it to refuse to start; resolves with its exit code, output and time. */
function refusedServe(root: string, env: Record<string, string>) {
  return new Promise<{ code: number | null; output: string; ms: number }>((resolve) => {
    const begun = Date.now();
    const child = spawn(process.execPath, [BIN, 'serve', '--port', '0', '--root', root], {
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('exit', (code) => resolve({ code, output, ms: Date.now() - begun }));
  });
}

describeWithS3('serve with an s3:// root', () => {
  it('keeps the catalog in the bucket, where plain LanceDB reads it', async () => {
    const root = s3Root(`serve-${randomBytes(4).toString('hex')}`);
    const server = await startServerProcess(['--root', root], s3Env());
    started.push(server);
    expect((await call(server, 'POST', '/v1/namespace/ns/create', {})).status).toBe(200);
    const ipc = arrow.tableToIPC(sampleTable(25, 8), 'stream');
    expect((await call(server, 'POST', '/v1/table/ns$t/create', ipc)).status).toBe(200);
    expect((await call(server, 'POST', '/v1/table/ns$t/count_rows', {})).body).toBe(25);

    const options = s3StorageOptions();
    const properties: Record<string, string> = { root };
    for (const [key, value] of Object.entries(options)) properties[`storage.${key}`] = value;
    const plain = await lancedb.connectNamespace('dir', properties, { storageOptions: options });
    expect((await plain.listTables(['ns'])).tables).toEqual(['t']);
    const table = await plain.openTable('t', ['ns'], { storageOptions: options });
    expect(await table.countRows()).toBe(25);
    plain.close();
  });

  it('refuses to start on a missing bucket, naming it', async () => {
    const result = await refusedServe('s3://no-such-bucket/main', s3Env());
    expect(result.code).not.toBe(0);
    expect(result.output).toMatch(/bucket "no-such-bucket" does not exist/);
    expect(result.output).not.toMatch(/listening on/);
  });

  it('refuses to start with a wrong secret key, saying the credentials were refused', async () => {
    const result = await refusedServe(s3Root('x'), { ...s3Env(), AWS_SECRET_ACCESS_KEY: 'wrong' });
    expect(result.code).not.toBe(0);
    expect(result.output).toMatch(/refused the credentials/);
  });

  it('refuses to start when the endpoint does not answer, within a bounded time', async () => {
    const result = await refusedServe(s3Root('x'), {
      ...s3Env(),
      AWS_ENDPOINT: 'http://127.0.0.1:9',
    });
    expect(result.code).not.toBe(0);
    expect(result.output).toMatch(/http:\/\/127\.0\.0\.1:9 does not answer/);
    expect(result.ms).toBeLessThan(30_000);
  });
});
