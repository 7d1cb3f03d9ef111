/**
 * What the packaged app ships beside dist/: the node_modules electron-builder collects, listed by
 * its own collector (app-builder-lib's, from `npm ls` of the production dependencies), since
 * `electron-builder --dir` cannot run here (it needs the Electron binary, which cannot be
 * downloaded). Every package the main bundle loads at run time is in it; the renderer's libraries
 * (bundled into dist/renderer by Vite) and the packages only tests and benchmarks use are not.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { getCollectorByPackageManager, PM } from 'app-builder-lib/out/node-module-collector';
import { TmpDir } from 'builder-util';
import { build } from 'vite';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { NATIVE_MODULES } from '../../../scripts/native-modules.mjs';

const ROOT = join(__dirname, '../../..');
const out = mkdtempSync(join(tmpdir(), 'cs-packaged-'));
const temp = new TmpDir('cs-packaged-modules');
let shipped: Set<string>;

beforeAll(async () => {
  const collector = getCollectorByPackageManager(PM.NPM, ROOT, temp);
  const { nodeModules } = await collector.getNodeModules({ packageName: 'catalog-studio' });
  shipped = new Set(nodeModules.map((m) => m.name));
}, 120_000);
afterAll(async () => {
  rmSync(out, { recursive: true, force: true });
  await temp.cleanup();
});

/** `@scope/name/sub/path` → `@scope/name`; `name/sub` → `name`. */
const packageOf = (specifier: string) =>
  specifier
    .split('/')
    .slice(0, specifier.startsWith('@') ? 2 : 1)
    .join('/');

it('ships every package the main bundle requires, and the native packages with their binaries', async () => {
  await build({
    configFile: join(ROOT, 'vite.config.ts'),
    mode: 'main',
    logLevel: 'error',
    build: { outDir: out },
  });
  const code = readFileSync(join(out, 'main.cjs'), 'utf8');
  const required = new Set(
    [...code.matchAll(/require\("([^".][^"]*)"\)/g)]
      .map((m) => m[1]!)
      .filter((s) => !s.startsWith('node:') && s !== 'electron')
      .map(packageOf),
  );
  const builtins = new Set(
    (await import('node:module')).builtinModules.map((name) => name.split('/')[0]!),
  );
  const packages = [...required].filter((name) => !builtins.has(name));
  expect(packages).toContain('@lancedb/lancedb');
  expect(packages.filter((name) => !shipped.has(name))).toEqual([]);
  for (const name of NATIVE_MODULES) expect(shipped).toContain(name);
  // The platform binaries ship as packages of the same scope.
  expect([...shipped].some((name) => name.startsWith('@lancedb/lancedb-linux-'))).toBe(true);
  expect([...shipped].some((name) => name.startsWith('@duckdb/node-bindings-linux-'))).toBe(true);
}, 120_000);

it('does not ship the renderer’s libraries, nor what only tests and benchmarks use', () => {
  const devOnly = [
    'react',
    'react-dom',
    'radix-ui',
    'cmdk',
    '@codemirror/view',
    '@lezer/highlight',
    '@observablehq/plot',
    '@tanstack/react-query',
    '@tanstack/react-virtual',
    'tsx',
    'lz4-napi',
    'esbuild',
    'vite',
    'electron',
  ];
  expect(devOnly.filter((name) => shipped.has(name))).toEqual([]);
  // Each is still a devDependency, installed for the build and the tests.
  const manifest = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as {
    devDependencies: Record<string, string>;
  };
  for (const name of devOnly) expect(Object.keys(manifest.devDependencies)).toContain(name);
});
