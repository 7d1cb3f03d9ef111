/**
 * Request bodies that have wholly arrived before the route's hooks run go to the route without the
 * body stream (http/received-body.ts) and are taken at once (http/body-bytes.ts). Over a real
 * socket, written by hand: requests pipelined in one write each get their own body and answer; a
 * malformed one is still a 400 with the error body; one declared larger than the route's limit is
 * still refused with 413 before it is read; a body that comes in parts is collected whole through
 * the stream; an Arrow body sent whole inserts its rows.
 */
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCatalogServer, type RunningServer } from '../../support/catalog-server';
import { sampleTable } from '../../support/sample-data';
import { arrow } from '../../../src-main/catalog/arrow';
import { ARROW_STREAM_TYPE } from '../../../src-main/catalog/arrow-data';

let server: RunningServer;

beforeAll(async () => {
  server = await startCatalogServer({ jsonBodyLimit: 4096 });
  await server.catalog.createTable('items', sampleTable(20, 4));
});
afterAll(async () => server?.close());

/** Long enough for the route's hooks to run before the rest of a body has come. */
const PART_GAP_MS = 100;

const post = (path: string, body: string) =>
  `POST ${path} HTTP/1.1\r\nHost: ${new URL(server.url).host}\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`;

/**
 * Writes `text` in one write (or each of its parts, `PART_GAP_MS` apart) and reads until `answers`
 * HTTP answers have come back whole.
 */
async function exchange(
  text: string | Array<string | Buffer>,
  answers: number,
): Promise<Array<{ status: number; body: string }>> {
  const { port } = new URL(server.url);
  const socket = connect(Number(port), '127.0.0.1');
  let received = '';
  const parsed: Array<{ status: number; body: string }> = [];
  await new Promise<void>((resolve, reject) => {
    socket.on('error', reject);
    socket.on('close', () => reject(new Error(`closed after ${parsed.length} answers`)));
    socket.on('data', (chunk: Buffer) => {
      received += chunk.toString('utf8');
      // Each answer: a status line, headers with Content-Length, then that many bytes.
      for (;;) {
        const end = received.indexOf('\r\n\r\n');
        if (end === -1) break;
        const head = received.slice(0, end);
        const length = Number(/content-length: (\d+)/i.exec(head)?.[1] ?? 0);
        if (received.length < end + 4 + length) break;
        parsed.push({
          status: Number(head.split(' ')[1]),
          body: received.slice(end + 4, end + 4 + length),
        });
        received = received.slice(end + 4 + length);
      }
      if (parsed.length >= answers) resolve();
    });
    void (async () => {
      for (const [i, part] of (typeof text === 'string' ? [text] : text).entries()) {
        if (i > 0) await new Promise((resolve) => setTimeout(resolve, PART_GAP_MS));
        socket.write(part);
      }
    })();
  });
  socket.destroy();
  return parsed;
}

describe('whole request bodies', () => {
  it('answers requests pipelined in one write, each with its own body', async () => {
    const answers = await exchange(
      post('/v1/table/items/count_rows', JSON.stringify({ predicate: 'id < 5' })) +
        post('/v1/table/items/count_rows', JSON.stringify({ predicate: 'id >= 15' })) +
        post('/v1/table/items/count_rows', '{}'),
      3,
    );
    expect(answers.map((a) => [a.status, a.body])).toEqual([
      [200, '5'],
      [200, '5'],
      [200, '20'],
    ]);
  });

  it('still answers malformed JSON with 400 and the error body', async () => {
    const [answer] = await exchange(post('/v1/table/items/count_rows', '{"predicate": '), 1);
    expect(answer!.status).toBe(400);
    expect(JSON.parse(answer!.body)).toMatchObject({ code: 13 });
  });

  it('reads a JSON body that opens with a byte-order mark', async () => {
    const [answer] = await exchange(
      post('/v1/table/items/count_rows', '\uFEFF' + JSON.stringify({ predicate: 'id < 3' })),
      1,
    );
    expect([answer!.status, answer!.body]).toEqual([200, '3']);
  });

  it('reads a body of whitespace alone as an absent one', async () => {
    const [answer] = await exchange(post('/v1/table/items/count_rows', ' \n\t '), 1);
    expect([answer!.status, answer!.body]).toEqual([200, '20']);
  });

  it('still refuses a body declared above the limit with 413, unread', async () => {
    const big = JSON.stringify({ predicate: `id < ${'1'.repeat(5000)}` });
    const [answer] = await exchange(post('/v1/table/items/count_rows', big), 1);
    expect(answer!.status).toBe(413);
    expect(JSON.parse(answer!.body)).toMatchObject({ code: 13 });
  });

  it('collects a body that comes in parts through the body stream, whole', async () => {
    const body = JSON.stringify({ predicate: 'id < 7' });
    const request = post('/v1/table/items/count_rows', body);
    const cut = request.length - 5;
    const answers = await exchange([request.slice(0, cut), request.slice(cut)], 1);
    expect(answers.map((a) => [a.status, a.body])).toEqual([[200, '7']]);
  });

  it('takes an Arrow body sent whole, and inserts the rows it holds', async () => {
    const rows = arrow.tableToIPC(sampleTable(3, 4), 'stream');
    const head =
      `POST /v1/table/items/insert HTTP/1.1\r\nHost: ${new URL(server.url).host}\r\n` +
      `Content-Type: ${ARROW_STREAM_TYPE}\r\nContent-Length: ${rows.byteLength}\r\n\r\n`;
    const [inserted] = await exchange([Buffer.concat([Buffer.from(head), rows])], 1);
    expect(inserted!.status).toBe(200);
    await expect(server.catalog.openTable('items').then((t) => t.countRows())).resolves.toBe(23);
  });
});
