#!/usr/bin/env node
/**
 * Builds the command line (src-main/cli.ts: serve, web, tree and the desktop launcher) into
 * dist/cli/ with esbuild, so that bin/catalog-studio.mjs runs compiled JavaScript and no
 * TypeScript is transpiled at run time.
 *
 * One ES module per command, split where commands share code: `serve` loads neither the desktop
 * host nor the web server. Our code and the plain-JavaScript packages it uses (Fastify, zod,
 * undici, jose, …) are bundled, which spares Node resolving and reading hundreds of small files on
 * every start. Left to load from node_modules: native and WebAssembly packages (the one list in
 * native-modules.mjs), apache-arrow
 * (LanceDB's Arrow classes must be the very ones we use), the object-store SDKs (loaded only when
 * a root of their scheme is opened), and Electron.
 *
 * `npm install` runs it (the `prepare` script), as does `npm run build:cli`. With `--if-stale` it
 * builds only when dist/cli is missing or a source is newer than the build (bin/stale-build.mjs):
 * `npm start`, `serve`, `web` and the tests' global setup run it so. bin/catalog-studio.mjs never
 * builds. dist/cli/build-info.json lists the sources of the build and when it started.
 */
import { mkdirSync, readFileSync, readdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { basename, dirname, join, relative } from 'node:path';
import process from 'node:process';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { staleReason } from '../bin/stale-build.mjs';
import { NATIVE_MODULES } from './native-modules.mjs';

export const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
export const OUT_DIR = join(ROOT, 'dist/cli');
export const ENTRY = join(OUT_DIR, 'cli.mjs');
export const BUILD_INFO = join(OUT_DIR, 'build-info.json');

const EXTERNAL = [
  'electron',
  ...NATIVE_MODULES.flatMap((name) => [name, `${name}/*`]),
  '@aws-sdk/*',
  '@azure/*',
  '@google-cloud/*',
  'google-auth-library',
];

/**
 * apache-arrow itself stays a package (its CommonJS build, the one LanceDB requires), but the
 * flatbuffers message classes our IPC reader imports from `apache-arrow/fb/…` are bundled: they
 * hold no state to share, and importing them from node_modules costs some thirty ES modules.
 */
const arrowPackage = {
  name: 'arrow-package',
  setup(build) {
    build.onResolve({ filter: /^apache-arrow$/ }, ({ path }) => ({ path, external: true }));
  },
};

/** Bundled CommonJS packages require Node's modules; an ES module has no `require` of its own. */
const BANNER =
  "import { createRequire as __catalogStudioCreateRequire } from 'node:module';\n" +
  'const require = __catalogStudioCreateRequire(import.meta.url);';

/**
 * Builds dist/cli. Every file is written beside its place and renamed into it, chunks before the
 * entry, so that a process starting meanwhile (or a second build at once, as parallel tests may
 * start) never reads half a file. Chunk names carry a hash of their content, so a process still
 * running from the build before (which loads some chunks late: an object store's on its first
 * connection) finds its files: they are kept, and those of older builds removed.
 */
export async function buildCli({ logLevel = 'warning' } = {}) {
  const { build } = await import('esbuild');
  const startedAt = Date.now();
  const result = await build({
    absWorkingDir: ROOT,
    entryPoints: { cli: 'src-main/cli.ts' },
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node22',
    outdir: OUT_DIR,
    outExtension: { '.js': '.mjs' },
    entryNames: '[name]',
    chunkNames: '[name]-[hash]',
    external: EXTERNAL,
    plugins: [arrowPackage],
    banner: { js: BANNER },
    write: false,
    metafile: true,
    logLevel,
  });
  const previous = readBuildInfo();
  mkdirSync(OUT_DIR, { recursive: true });
  const files = [...result.outputFiles].sort(
    (a, b) => Number(a.path === ENTRY) - Number(b.path === ENTRY),
  );
  for (const file of files) writeAtomically(file.path, file.contents);
  const outputs = files.map((file) => basename(file.path)).sort();
  const inputs = Object.keys(result.metafile.inputs)
    .filter((input) => !input.includes('node_modules/'))
    .concat('scripts/build-cli.mjs', 'scripts/native-modules.mjs', 'package.json')
    .sort();
  writeAtomically(
    BUILD_INFO,
    `${JSON.stringify({ builtAt: startedAt, inputs, outputs }, null, 2)}\n`,
  );
  const kept = new Set([...outputs, ...(previous?.outputs ?? []), basename(BUILD_INFO)]);
  for (const name of readdirSync(OUT_DIR)) {
    // Another build's file being written (`….tmp`) is its own to rename.
    if (!kept.has(name) && !name.endsWith('.tmp')) rmSync(join(OUT_DIR, name), { force: true });
  }
  return { files: files.length, ms: Date.now() - startedAt };
}

/** What the last build wrote down: when it started, its sources and its files. */
export function readBuildInfo() {
  try {
    return JSON.parse(readFileSync(BUILD_INFO, 'utf8'));
  } catch {
    return undefined;
  }
}

function writeAtomically(path, contents) {
  const temporary = `${path}.${process.pid}.tmp`;
  writeFileSync(temporary, contents);
  renameSync(temporary, path);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  // `--if-stale` runs before a command (`npm start`, `serve`): it writes to stderr, since the
  // command's first line on stdout is its contract, and it builds only what is out of date.
  const ifStale = process.argv.includes('--if-stale');
  const reason = ifStale ? staleReason(ROOT) : undefined;
  if (!ifStale || reason !== undefined)
    await build(ifStale ? process.stderr : process.stdout, reason);
}

async function build(out, reason) {
  try {
    const { files, ms } = await buildCli();
    out.write(
      `${relative(ROOT, OUT_DIR)}: ${files} files in ${ms} ms${reason ? ` (${reason})` : ''}\n`,
    );
  } catch (error) {
    if (error?.code === 'ERR_MODULE_NOT_FOUND' && /esbuild/.test(error.message)) {
      // An install without devDependencies (`--omit=dev`) has no builder: the desktop app does not
      // need dist/cli, so the install goes on; the command line says what is missing if run.
      process.stderr.write('dist/cli not built: esbuild (a devDependency) is not installed\n');
    } else {
      process.stderr.write(`The build of dist/cli failed: ${error?.message ?? error}\n`);
      process.exitCode = 1;
    }
  }
}
