/**
 * `bodyAlreadyReceived`: true only for a plain body with a declared length whose bytes have all
 * arrived, as the edge sees it once the request's first hooks have run (a turn of the event loop
 * after the request began). Real sockets on loopback, each request written by hand.
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import { connect, type Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { bodyAlreadyReceived } from '../../../../src-main/server/http/received-body';

const opened: Array<Server | Socket> = [];

afterEach(() => {
  for (const thing of opened.splice(0)) {
    if ('destroy' in thing) thing.destroy();
    else thing.close();
  }
});

/**
 * Sends `head` and then, `delayMs` later (0: in the same write), `body`; answers what
 * `bodyAlreadyReceived` said of the request a turn after it began, as Fastify's hooks would.
 */
async function judged(head: string, body: string, delayMs = 0): Promise<boolean> {
  let verdict: (value: boolean) => void = () => undefined;
  const said = new Promise<boolean>((resolve) => (verdict = resolve));
  const server = createServer((req: IncomingMessage, res) => {
    setImmediate(() => {
      verdict(bodyAlreadyReceived(req.headers, req));
      req.resume();
      req.once('end', () => res.end('ok'));
    });
  });
  opened.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const socket = connect((server.address() as { port: number }).port, '127.0.0.1');
  opened.push(socket);
  socket.on('error', () => undefined);
  await new Promise((resolve) => socket.once('connect', resolve));
  if (delayMs === 0) socket.write(head + body);
  else {
    socket.write(head);
    setTimeout(() => socket.write(body), delayMs);
  }
  return said;
}

const BODY = JSON.stringify({ vector: Array.from({ length: 128 }, (_, i) => Math.sin(i)), k: 10 });
const head = (headers: string) =>
  `POST /v1/table/t/query/ HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n${headers}\r\n`;

describe('bodyAlreadyReceived', () => {
  it('is true for a plain body sent whole with its length', async () => {
    await expect(judged(head(`Content-Length: ${BODY.length}\r\n`), BODY)).resolves.toBe(true);
  });

  it('is false while the body is still on its way', async () => {
    await expect(judged(head(`Content-Length: ${BODY.length}\r\n`), BODY, 200)).resolves.toBe(
      false,
    );
  });

  it('is false for a body that is shorter than declared so far', async () => {
    await expect(judged(head(`Content-Length: ${BODY.length + 10}\r\n`), BODY)).resolves.toBe(
      false,
    );
  });

  it('is false for an encoded body, which must be decoded within the limit', async () => {
    await expect(
      judged(head(`Content-Length: ${BODY.length}\r\nContent-Encoding: gzip\r\n`), BODY),
    ).resolves.toBe(false);
  });

  it('is false for a chunked body, whose length nobody declared', async () => {
    const chunked = `${BODY.length.toString(16)}\r\n${BODY}\r\n0\r\n\r\n`;
    await expect(judged(head('Transfer-Encoding: chunked\r\n'), chunked)).resolves.toBe(false);
  });
});
