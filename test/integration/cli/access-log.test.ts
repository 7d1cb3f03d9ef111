/**
 * The access log writes asynchronously; what it was given must still all reach stderr, whole
 * lines only, once it is flushed before the process ends (serve flushes on SIGINT and SIGTERM).
 */
import { spawnSync } from 'node:child_process';
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
