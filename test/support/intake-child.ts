/**
 * A worker of the connection hand-over and nothing else, for connection-intake.test.ts: an HTTP
 * server that takes its connections from its parent (ConnectionIntake, the code `serve`'s
 * workers run) and answers `GET /hold` only as the parent tells it, one step at a time, so that
 * the test can read the connection's record between the steps.
 *
 *   node --import tsx test/support/intake-child.ts <state file>
 *
 * Messages from the parent: `{ step: 'head' }` writes the held answer's head and first bytes,
 * `{ step: 'end' }` ends it. Any other path is answered at once.
 */
import { createServer, type ServerResponse } from 'node:http';
import { ConnectionIntake } from '../../src-main/cli/serve-workers/connection-intake';

const held: ServerResponse[] = [];
const server = createServer((request, response) => {
  if (request.url?.startsWith('/hold')) held.push(response);
  else response.end('at once');
});
server.emit('listening'); // as trackHandedConnections does for the workers
new ConnectionIntake(server, process.argv[2]!);
process.on('message', (message: { step?: string }) => {
  const response = held[0];
  if (!response) return;
  if (message.step === 'head') {
    response.writeHead(200, { 'content-length': '10' });
    response.write('12345');
  } else if (message.step === 'end') {
    held.shift();
    response.end('67890');
  }
});
process.send!({ ready: true });
