/**
 * The access log writes asynchronously; what it was given must still all reach stderr, whole
 * lines only, once it is flushed before the process ends (serve flushes on SIGINT and SIGTERM).
 */
import { spawn, spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { expect, it } from 'vitest';

const MODULE = join(__dirname, '../../../src-main/cli/access-log.ts');

it('delivers every line, whole, once flushed', () => {
  const script = `
    const { stderrAccessLog } = await import(${JSON.stringify(MODULE)});
    const log = stderrAccessLog();
    for (let i = 0; i < 5000; i++) {
      log.write({ time: 't', method: 'GET', path: '/v1/x/' + i + '/' + 'p'.repeat(i % 300), status: 200, ms: i });
    }
    log.flush();
    process.exit(0);
  `;
  const result = spawnSync(
    process.execPath,
    ['--import', 'tsx', '--input-type=module', '-e', script],
    {
      encoding: 'utf8',
      maxBuffer: 64 * 1024 * 1024,
    },
  );
  expect(result.status).toBe(0);
  const lines = result.stderr.split('\n').filter((line) => line !== '');
  expect(lines).toHaveLength(5000);
  expect(lines.map((line) => (JSON.parse(line) as { ms: number }).ms)).toEqual(
    Array.from({ length: 5000 }, (_, i) => i),
  );
});

it('writes a few lines within a second without being flushed', async () => {
  const script = `
    const { stderrAccessLog } = await import(${JSON.stringify(MODULE)});
    const log = stderrAccessLog();
    for (let i = 0; i < 3; i++) log.write({ time: 't', method: 'GET', path: '/x', status: 200, ms: i });
    setInterval(() => undefined, 1000); // stays up until killed
  `;
  const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script]);
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
  await new Promise((resolve) => setTimeout(resolve, 2_500));
  child.kill('SIGKILL');
  expect(stderr.split('\n').filter((line) => line.startsWith('{'))).toHaveLength(3);
});
