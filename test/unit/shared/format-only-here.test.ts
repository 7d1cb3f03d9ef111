/**
 * The app formats numbers, sizes, dates and durations in one module (src-shared/format.ts). This
 * reads every renderer and shared source and refuses a second way: a `toLocale*String(` call or
 * an `Intl.` format built anywhere else, which is how "11/27/2026, 5:02:55 AM" came to stand
 * beside "27/11/2026, 05:04:21". (The lint has the same rule, for the editor.)
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '../../..');
const THE_MODULE = 'src-shared/format.ts';
const FORBIDDEN = /\.toLocale(?:Date|Time)?String\(|\bIntl\.[A-Z]/;

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return /\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

/** `file:line: text` for each line of `text` that formats on its own. */
function strayFormatting(file: string, text: string): string[] {
  return text
    .split('\n')
    .flatMap((line, i) => (FORBIDDEN.test(line) ? [`${file}:${i + 1}: ${line.trim()}`] : []));
}

describe('one way to format', () => {
  it('recognises the ways it refuses', () => {
    expect(strayFormatting('a.ts', "n.toLocaleString('en-US')")).toHaveLength(1);
    expect(strayFormatting('a.ts', 'new Date(t).toLocaleDateString()')).toHaveLength(1);
    expect(strayFormatting('a.ts', 'new Intl.NumberFormat(undefined)')).toHaveLength(1);
    expect(strayFormatting('a.ts', 'formatNumber(n)')).toHaveLength(0);
  });

  it('has no formatting outside src-shared/format.ts in the renderer and shared code', () => {
    const stray = ['src-renderer', 'src-shared']
      .flatMap((dir) => sources(join(ROOT, dir)))
      .map((path) => relative(ROOT, path).replaceAll('\\', '/'))
      .filter((file) => file !== THE_MODULE)
      .flatMap((file) => strayFormatting(file, readFileSync(join(ROOT, file), 'utf8')));
    expect(stray).toEqual([]);
  });
});
