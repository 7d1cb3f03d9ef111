/**
 * A closing server refuses requests on listeners other than its main one, whose connections its
 * close does not wait for (Fastify opens one per address `localhost` names; here one is made the
 * same way, Node's server with Fastify's routing), with 503 and the error body; a request on the
 * main listener's connection is still answered.
 */
import { createServer, type Server } from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { buildServer } from '../../../../src-main/server/build-server';
import { ERROR_CODES } from '../../../../src-shared/vocabulary/errors';

let other: Server | undefined;
afterAll(() => other?.close());

describe('refuseOtherListenersWhileClosing', () => {
  it('refuses a request on another listener during the close, with the error body', async () => {
    const app = buildServer({ databases: new Map(), browserGuard: false });
    await app.listen({ host: '127.0.0.1', port: 0 });
    const mainPort = (app.server.address() as AddressInfo).port;
    const second = createServer((request, response) => app.routing(request, response));
    other = second;
    await new Promise<void>((resolve) => second.listen(0, '127.0.0.1', resolve));
    const otherUrl = `http://127.0.0.1:${(second.address() as AddressInfo).port}`;

    // Before the close, the other listener answers as the main one does (no catalog: 400).
    const route = '/v1/namespace/%24/list';
    expect((await fetch(`${otherUrl}${route}`)).status).toBe(400);

    // A request on the main listener whose body has not come holds the close open.
    const held = connect({ host: '127.0.0.1', port: mainPort });
    let heldAnswer = '';
    held.on('data', (chunk: Buffer) => (heldAnswer += chunk.toString('latin1')));
    await new Promise((resolve) => held.once('connect', resolve));
    held.write(
      `GET ${route} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 2\r\n\r\n`,
    );
    await new Promise((resolve) => setTimeout(resolve, 100));
    const closed = app.close();
    await new Promise((resolve) => setTimeout(resolve, 100));

    const refused = await fetch(`${otherUrl}${route}`);
    expect(refused.status).toBe(503);
    expect(refused.headers.get('retry-after')).toBe('1');
    expect(await refused.json()).toMatchObject({
      code: ERROR_CODES.ServiceUnavailable,
      status: 503,
      detail: 'The server is stopping',
    });

    // The main listener's request is still answered, and the close ends with its connection.
    held.write('{}');
    while (!heldAnswer.includes('\r\n\r\n'))
      await new Promise((resolve) => setTimeout(resolve, 10));
    expect(heldAnswer).toMatch(/^HTTP\/1\.1 400/);
    held.destroy();
    await closed;
  });
});
