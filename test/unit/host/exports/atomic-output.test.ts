/**
 * An export's output never replaces a file it was not told to replace, even one that appears at
 * the target while the export is being written; with `replace` it does.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { writeAtomically } from '../../../../src-main/host/exports/atomic-output';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'cs-atomic-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const USER_BYTES = Buffer.from('the user saved this\r\n\u00e9', 'utf8');

it('fails, keeps a file that appeared at the target, and names where the output is', async () => {
  const target = join(dir, 'out.csv');
  const failure = writeAtomically(target, undefined, async (output) => {
    await output.write('a,b\n1,2\n');
    writeFileSync(target, USER_BYTES); // saved by someone else while the export runs
  });
  await expect(failure).rejects.toMatchObject({
    name: 'ConcurrentModification',
    message: expect.stringContaining(join(dir, 'out (1).csv')),
  });
  expect(readFileSync(target).equals(USER_BYTES)).toBe(true);
  expect(readFileSync(join(dir, 'out (1).csv'), 'utf8')).toBe('a,b\n1,2\n');
  expect(readdirSync(dir).sort()).toEqual(['out (1).csv', 'out.csv']);
});

it('writes to a free target and leaves no temporary file', async () => {
  const target = join(dir, 'out.csv');
  const bytes = await writeAtomically(target, undefined, (output) => output.write('x\n'));
  expect(bytes).toBe(2);
  expect(readdirSync(dir)).toEqual(['out.csv']);
});

it('replaces a file at the target when told to', async () => {
  const target = join(dir, 'out.csv');
  writeFileSync(target, USER_BYTES);
  await writeAtomically(target, undefined, (output) => output.write('new\n'), { replace: true });
  expect(readFileSync(target, 'utf8')).toBe('new\n');
  expect(readdirSync(dir)).toEqual(['out.csv']);
});
