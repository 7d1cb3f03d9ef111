/**
 * writeFileAtomic: the new content goes to a separate temporary file, is flushed (fsync) before
 * the rename that replaces the target, and the folder is flushed after it. A "crash" is modelled
 * by stopping the sequence at the rename: the target must still hold its old content, and the
 * complete new content must already be on disk in the temporary file at that moment.
 */
import type * as Fs from 'node:fs';
import { mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

/** Every fs call the module makes, in order, with the path or descriptor it was about. */
const calls: string[] = [];
const fdPaths = new Map<number, string>();
/** Runs just before the real rename; throwing from it models a crash before the rename. */
let beforeRename: ((from: string, to: string) => void) | undefined;
/** Replaces fsync on a file descriptor, to model a failing disk. */
let failFsync: ((path: string) => void) | undefined;

vi.mock('node:fs', async (importOriginal) => {
  const fs = await importOriginal<typeof Fs>();
  const wrapped = {
    ...fs,
    openSync: (path: string, flags: string, mode?: number) => {
      const fd = fs.openSync(path, flags, mode);
      fdPaths.set(fd, String(path));
      calls.push(`open ${String(path)} ${flags}`);
      return fd;
    },
    writeFileSync: (target: number | string, data: string, options?: unknown) => {
      calls.push(`write ${typeof target === 'number' ? fdPaths.get(target) : target}`);
      return fs.writeFileSync(target, data, options as never);
    },
    fsyncSync: (fd: number) => {
      calls.push(`fsync ${fdPaths.get(fd)}`);
      failFsync?.(fdPaths.get(fd)!);
      return fs.fsyncSync(fd);
    },
    closeSync: (fd: number) => {
      calls.push(`close ${fdPaths.get(fd)}`);
      return fs.closeSync(fd);
    },
    renameSync: (from: string, to: string) => {
      calls.push(`rename ${from} ${to}`);
      beforeRename?.(from, to);
      return fs.renameSync(from, to);
    },
  };
  return { ...wrapped, default: wrapped };
});

const { writeFileAtomic } = await import('../../../src-main/catalog/atomic-file');

let dir: string;
let target: string;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'cs-atomic-'));
  target = join(dir, 'settings.json');
  writeFileSync(target, 'old content');
  calls.length = 0;
  beforeRename = undefined;
  failFsync = undefined;
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('writeFileAtomic', () => {
  it('replaces the content and leaves nothing else in the folder', () => {
    writeFileAtomic(target, 'new content');
    expect(readFileSync(target, 'utf8')).toBe('new content');
    expect(readdirSync(dir)).toEqual(['settings.json']);
  });

  it('creates missing folders and applies the mode to a new file', () => {
    const nested = join(dir, 'a', 'b', 'secrets.json');
    writeFileAtomic(nested, '{}', 0o600);
    expect(readFileSync(nested, 'utf8')).toBe('{}');
    if (process.platform !== 'win32') expect(statSync(nested).mode & 0o777).toBe(0o600);
  });

  it('writes a separate temp file, fsyncs it before the rename, and the folder after', () => {
    writeFileAtomic(target, 'new content');
    const rename = calls.findIndex((c) => c.startsWith('rename '));
    expect(rename).toBeGreaterThan(0);
    const temp = calls[rename]!.split(' ')[1]!;
    expect(temp).not.toBe(target);
    expect(dirname(temp)).toBe(dir);
    expect(calls[rename]).toBe(`rename ${temp} ${target}`);
    // The target itself is never opened or written: only the rename replaces it.
    expect(calls.filter((c) => c.split(' ')[1] === target)).toEqual([]);
    // The temp file is created fresh, written, flushed and closed, all before the rename.
    expect(calls.slice(0, rename)).toEqual([
      `open ${temp} wx`,
      `write ${temp}`,
      `fsync ${temp}`,
      `close ${temp}`,
    ]);
    const after = calls.slice(rename + 1);
    if (process.platform === 'win32') expect(after).toEqual([]);
    else expect(after).toEqual([`open ${dir} r`, `fsync ${dir}`, `close ${dir}`]);
  });

  it('a crash just before the rename leaves the old content, the new one complete in the temp', () => {
    let seen: { target: string; temp: string } | undefined;
    beforeRename = (from) => {
      // The moment before the rename: what a reader (or a restart after a crash) would find.
      seen = { target: readFileSync(target, 'utf8'), temp: readFileSync(from, 'utf8') };
      throw Object.assign(new Error('crashed'), { code: 'EIO' });
    };
    expect(() => writeFileAtomic(target, 'new content')).toThrow('crashed');
    expect(seen).toEqual({ target: 'old content', temp: 'new content' });
    expect(readFileSync(target, 'utf8')).toBe('old content');
    // The failed write cleans its temp file up.
    expect(readdirSync(dir)).toEqual(['settings.json']);
  });

  it('a failing fsync stops before the rename and keeps the old content', () => {
    failFsync = (path) => {
      if (path !== dir) throw Object.assign(new Error('disk failed'), { code: 'EIO' });
    };
    expect(() => writeFileAtomic(target, 'new content')).toThrow('disk failed');
    expect(calls.some((c) => c.startsWith('rename '))).toBe(false);
    expect(readFileSync(target, 'utf8')).toBe('old content');
    expect(readdirSync(dir)).toEqual(['settings.json']);
  });
});
