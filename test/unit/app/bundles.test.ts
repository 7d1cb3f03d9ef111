/**
 * The Electron bundles as electron-builder will package them: a sandboxed preload may require
 * nothing but 'electron', and the main bundle loads its native modules from node_modules.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build } from 'vite';
import { afterAll, describe, expect, it } from 'vitest';

const out = mkdtempSync(join(tmpdir(), 'cs-bundles-'));
afterAll(() => rmSync(out, { recursive: true, force: true }));

const requires = (code: string): string[] =>
  [...new Set([...code.matchAll(/require\("([^"]+)"\)/g)].map((m) => m[1]!))].sort();

describe('Electron bundles', () => {
  it('bundles the preload into one file that requires only electron', async () => {
    await build({
      configFile: join(__dirname, '../../../vite.config.ts'),
      mode: 'preload',
      logLevel: 'error',
      build: { outDir: out },
    });
    const code = readFileSync(join(out, 'preload.cjs'), 'utf8');
    expect(requires(code)).toEqual(['electron']);
    expect(code).toContain('exposeInMainWorld');
    // Only the procedure names, no schema library: it loads before every page.
    expect(Buffer.byteLength(code)).toBeLessThan(20 * 1024);
    expect(code).toContain("'tables:list'".replaceAll("'", '"'));
  });

  it('bundles the main process with LanceDB and Electron left external', async () => {
    await build({
      configFile: join(__dirname, '../../../vite.config.ts'),
      mode: 'main',
      logLevel: 'error',
      build: { outDir: out },
    });
    const deps = requires(readFileSync(join(out, 'main.cjs'), 'utf8'));
    expect(deps).toContain('electron');
    expect(deps).toContain('@lancedb/lancedb');
    expect(deps.some((d) => d.startsWith('./') || d.startsWith('../'))).toBe(false);
  });
});
