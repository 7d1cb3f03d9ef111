/**
 * What only the `rest` back end has: headers from properties, the context object both ways,
 * credentials and roles, and behaviour under faults (a stopped server, a slow one, 503s).
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectNamespace, type RestCatalogClient } from '../../../src-main/catalog';
import { ERROR_CODES as E } from '../../../src-shared/vocabulary/errors';
import { expectCode } from '../../support/expect-code';
import { startFaultProxy, type FaultProxy } from '../../support/fault-proxy';
import { sampleTable } from '../../support/sample-data';
import { startCatalogServer, type RunningServer } from '../../support/catalog-server';

let server: RunningServer;
let proxy: FaultProxy;

beforeAll(async () => {
  server = await startCatalogServer({
    auth: {
      principals: [
        { name: 'writer', api_keys: ['writer-key'], role: 'admin' },
        { name: 'reader', api_keys: ['reader-key'], role: 'reader' },
      ],
    },
  });
  await server.catalog.createNamespace(['ns']);
  await server.catalog.createTable('t', sampleTable(200, 8), ['ns']);
  proxy = await startFaultProxy(server.url);
});
afterAll(async () => {
  await proxy.close();
  await server.close();
});

describe('headers and context', () => {
  it('sends headers.* properties on every request', async () => {
    const client = await connectNamespace('rest', {
      uri: proxy.url,
      'headers.x-api-key': 'writer-key',
      'headers.x-team': 'search',
    });
    proxy.recorded.length = 0;
    expect((await client.listNamespaces([])).namespaces).toEqual(['ns']);
    expect(proxy.recorded[0]!.headers['x-api-key']).toBe('writer-key');
    expect(proxy.recorded[0]!.headers['x-team']).toBe('search');
    await client.close();
  });

  it('sends context header.* entries as headers and returns response headers as context', async () => {
    const client = (await connectNamespace('rest', {
      uri: proxy.url,
      'headers.x-api-key': 'writer-key',
    })) as RestCatalogClient;
    const traced = client.withContext({ 'header.x-trace-id': 'abc-123', other: 'ignored' });
    proxy.faults.responseHeader = ['x-catalog-region', 'local'];
    proxy.recorded.length = 0;
    const table = await traced.openTable('t', ['ns']);
    expect(await table.countRows()).toBe(200);
    proxy.faults.responseHeader = undefined;
    expect(proxy.recorded.every((r) => r.headers['x-trace-id'] === 'abc-123')).toBe(true);
    expect(proxy.recorded.some((r) => 'other' in r.headers)).toBe(false);
    expect(traced.lastResponseContext['header.x-catalog-region']).toBe('local');
    expect(traced.lastResponseContext['header.content-type']).toContain('application/json');
    await client.close();
  });
});
describe('pagination', () => {
  it('follows page tokens to the end when the caller asks for everything', async () => {
    for (const name of ['a1', 'a2', 'a3', 'a4', 'a5'])
      await server.catalog.createNamespace(['ns', name]);
    const client = await connectNamespace('rest', {
      uri: proxy.url,
      'headers.x-api-key': 'writer-key',
    });
    proxy.faults.defaultPageSize = 2;
    proxy.recorded.length = 0;
    expect((await client.listNamespaces(['ns'])).namespaces).toEqual([
      'a1',
      'a2',
      'a3',
      'a4',
      'a5',
    ]);
    expect(proxy.recorded.length).toBe(3);
    const one = await client.listNamespaces(['ns'], { limit: 2 });
    expect(one.namespaces).toEqual(['a1', 'a2']);
    expect(one.pageToken).toBe('a2');
    proxy.faults.defaultPageSize = undefined;
    await client.close();
  });
});

describe('credentials', () => {
  it('gives a reader a clear PermissionDenied from createIndex, and nothing is built', async () => {
    const client = await connectNamespace('rest', {
      uri: server.url,
      'headers.x-api-key': 'reader-key',
    });
    const table = await client.openTable('t', ['ns']);
    const error = await expectCode(
      table.createIndex({ column: 'id', index_type: 'BTREE' }),
      E.PermissionDenied,
    );
    expect(error.message).toMatch(/reader role.*needs writer/);
    expect(await table.listIndices()).toEqual([]);
    await client.close();
  });
  it('sends the identity object in request bodies and as the matching header', async () => {
    const client = (await connectNamespace('rest', { uri: server.url })) as RestCatalogClient;
    const withKey = client.withIdentity({ api_key: 'writer-key' });
    expect((await withKey.describeNamespace(['ns'])).properties).toEqual({});
    expect(await (await withKey.openTable('t', ['ns'])).countRows()).toBe(200);
    // The server authenticates from headers before reading a body, so GET routes work too.
    expect((await withKey.listNamespaces([])).namespaces).toContain('ns');
    await expectCode(
      client.withIdentity({ api_key: 'wrong' }).listNamespaces([]),
      E.Unauthenticated,
    );
    await client.close();
  });

  it('reports missing credentials as Unauthenticated', async () => {
    const client = await connectNamespace('rest', { uri: server.url });
    await expectCode(client.listNamespaces([]), E.Unauthenticated);
    await client.close();
  });
});

describe('faults', () => {
  it('retries 503 "Slow down" honouring Retry-After, then succeeds', async () => {
    const client = await connectNamespace('rest', {
      uri: proxy.url,
      'headers.x-api-key': 'writer-key',
      retries: '3',
    });
    proxy.faults.slowDown = 2;
    proxy.faults.retryAfterSeconds = 0;
    proxy.recorded.length = 0;
    expect((await client.listTables(['ns'])).tables).toEqual(['t']);
    expect(proxy.recorded).toHaveLength(3);
    await client.close();
  });

  it('gives up after the retry limit with ServiceUnavailable', async () => {
    const client = await connectNamespace('rest', {
      uri: proxy.url,
      'headers.x-api-key': 'writer-key',
      retries: '1',
    });
    proxy.faults.slowDown = 5;
    await expectCode(client.listTables(['ns']), E.ServiceUnavailable);
    proxy.faults.slowDown = 0;
    await client.close();
  });

  it('does not retry other errors', async () => {
    const client = await connectNamespace('rest', {
      uri: proxy.url,
      'headers.x-api-key': 'writer-key',
    });
    proxy.recorded.length = 0;
    await expectCode(client.openTable('missing', ['ns']), E.TableNotFound);
    expect(proxy.recorded).toHaveLength(1);
    await client.close();
  });

  it('turns a slow server into a time-out', async () => {
    const client = await connectNamespace('rest', {
      uri: proxy.url,
      'headers.x-api-key': 'writer-key',
      timeout_ms: '300',
    });
    proxy.faults.delayMs = 1500;
    const error = await expectCode(client.listNamespaces([]), E.ServiceUnavailable);
    expect(error.message).toMatch(/did not answer within 300 ms/);
    proxy.faults.delayMs = 0;
    await client.close();
  });

  it('turns a dropped connection or a stopped server into ServiceUnavailable', async () => {
    const client = await connectNamespace('rest', {
      uri: proxy.url,
      'headers.x-api-key': 'writer-key',
    });
    proxy.faults.dropConnection = true;
    await expectCode(client.listNamespaces([]), E.ServiceUnavailable);

    // A server that stops while the call is in flight.
    const doomed = http.createServer((req) => {
      req.socket.destroy();
      doomed.close();
    });
    await new Promise<void>((resolve) => doomed.listen(0, '127.0.0.1', resolve));
    const port = (doomed.address() as AddressInfo).port;
    const gone = await connectNamespace('rest', { uri: `http://127.0.0.1:${port}` });
    const error = await expectCode(gone.listNamespaces([]), E.ServiceUnavailable);
    expect(error.message).toMatch(/Cannot reach the catalog/);
    await expectCode(gone.listNamespaces([]), E.ServiceUnavailable);
    await gone.close();
    await client.close();
  });

  it('refuses bad connection properties clearly', async () => {
    await expectCode(connectNamespace('rest', { uri: 'ftp://example' }), E.InvalidInput);
    await expectCode(connectNamespace('rest', { uri: 'not a url' }), E.InvalidInput);
    await expectCode(
      connectNamespace('rest', { uri: 'http://127.0.0.1:1', timeout_ms: '-5' }),
      E.InvalidInput,
    );
  });
});
