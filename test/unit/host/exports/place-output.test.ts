/**
 * Putting a finished export in place without replacing anything: a free name takes the file, a
 * taken one is left byte for byte as it was and the output moves to the next free `name (n).ext`.
 */
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  copyExclusive,
  numberedName,
  placeWithoutReplacing,
} from '../../../../src-main/host/exports/place-output';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'cs-place-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const USER_BYTES = Buffer.from([0, 1, 2, 255, 10, 13]);

function temp(content = 'exported'): string {
  const path = join(dir, '.out.csv.abc.partial');
  writeFileSync(path, content);
  return path;
}

describe('placeWithoutReplacing', () => {
  it('moves the output to a free name', async () => {
    const target = join(dir, 'out.csv');
    expect(await placeWithoutReplacing(temp(), target)).toEqual({ placed: true });
    expect(readFileSync(target, 'utf8')).toBe('exported');
    expect(readdirSync(dir)).toEqual(['out.csv']);
  });

  it('keeps a file at the name and puts the output at the next free numbered name', async () => {
    const target = join(dir, 'out.csv');
    writeFileSync(target, USER_BYTES);
    writeFileSync(join(dir, 'out (1).csv'), 'an earlier copy');
    const placement = await placeWithoutReplacing(temp(), target);
    expect(placement).toEqual({ placed: false, keptAt: join(dir, 'out (2).csv') });
    expect(readFileSync(target).equals(USER_BYTES)).toBe(true);
    expect(readFileSync(join(dir, 'out (1).csv'), 'utf8')).toBe('an earlier copy');
    expect(readFileSync(join(dir, 'out (2).csv'), 'utf8')).toBe('exported');
    expect(readdirSync(dir).sort()).toEqual(['out (1).csv', 'out (2).csv', 'out.csv']);
  });
});

describe('numberedName', () => {
  it('numbers before the extension, as file managers do', () => {
    expect(numberedName('/a/report.csv', 1)).toBe(join('/a', 'report (1).csv'));
    expect(numberedName('/a/noext', 3)).toBe(join('/a', 'noext (3)'));
  });
});

describe('copyExclusive (where hard links are unsupported)', () => {
  it('copies to a free name, and refuses a taken one without touching it', async () => {
    const from = temp('x'.repeat(200_000));
    const to = join(dir, 'copy.csv');
    expect(await copyExclusive(from, to)).toBe(true);
    expect(readFileSync(to, 'utf8')).toBe('x'.repeat(200_000));

    const taken = join(dir, 'taken.csv');
    writeFileSync(taken, USER_BYTES);
    expect(await copyExclusive(from, taken)).toBe(false);
    expect(readFileSync(taken).equals(USER_BYTES)).toBe(true);
    expect(existsSync(from)).toBe(true);
  });
});
