/**
 * `web --root s3://…` opens the catalog on the object store, with the environment's credentials,
 * and never as a local folder named `s3:`; a missing bucket stops it at once, naming the bucket.
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { describeWithS3, s3Env, s3Root } from '../../support/s3-store';

const BIN = join(__dirname, '../../../bin/catalog-studio.mjs');
let cwd: string;
beforeEach(() => {
  cwd = mkdtempSync(join(tmpdir(), 'cs-web-s3-'));
});
afterEach(() => rmSync(cwd, { recursive: true, force: true }));

/** Runs `web` until it prints its address or exits; then stops it. */
function runWeb(root: string) {
  return new Promise<{ listening: boolean; code: number | null; output: string }>((resolve) => {
    const child = spawn(
      process.execPath,
      [BIN, 'web', '--port', '0', '--root', root, '--data', join(cwd, 'data')],
      { cwd, env: { ...process.env, ...s3Env() }, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let output = '';
    let listening = false;
    const seen = (chunk: Buffer) => {
      output += chunk.toString();
      if (!listening && /open http:\/\//.test(output)) {
        listening = true;
        child.kill('SIGINT');
      }
    };
    child.stdout.on('data', seen);
    child.stderr.on('data', seen);
    child.on('exit', (code) => resolve({ listening, code, output }));
  });
}

describeWithS3('web with an s3:// root', () => {
  it('opens the catalog in the bucket and makes no local folder of the URI', async () => {
    const result = await runWeb(s3Root(`web-${randomBytes(4).toString('hex')}`));
    expect(result.listening, result.output).toBe(true);
    expect(existsSync(join(cwd, 's3:'))).toBe(false);
  }, 60_000);

  it('refuses to start on a missing bucket, naming it', async () => {
    const result = await runWeb('s3://no-such-bucket/main');
    expect(result.listening).toBe(false);
    expect(result.code).not.toBe(0);
    expect(result.output).toMatch(/bucket "no-such-bucket" does not exist/);
    expect(existsSync(join(cwd, 's3:'))).toBe(false);
  }, 60_000);
});
