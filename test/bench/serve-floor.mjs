// serve's floor, for test/bench/cli-startup.ts: the least a REST catalog server on this stack can
// do before it listens. Node, LanceDB's module, a connection to an empty folder, and Fastify
// listening on 127.0.0.1:0, with nothing of ours; it prints the same line `serve` does. Plain
// JavaScript, so that node runs it without a compiler in front.
import process from 'node:process';
import { connect } from '@lancedb/lancedb';
import Fastify from 'fastify';

const db = await connect(process.argv[2]);
await db.tableNames();
const app = Fastify();
app.get('/v1/namespace/:id/list', async () => ({ namespaces: [] }));
await app.listen({ host: '127.0.0.1', port: 0 });
const { port } = app.server.address();
process.stdout.write(`listening on http://127.0.0.1:${port}\n`);
process.once('SIGTERM', () => void app.close().then(() => process.exit(0)));
