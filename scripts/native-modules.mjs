/**
 * The packages that hold native or WebAssembly code, in one list for the three places that must
 * agree on them: the Electron main bundle (vite.config.ts) and the command line's bundle
 * (scripts/build-cli.mjs) leave them to load from node_modules at run time, and packaging
 * (electron-builder.config.mjs) keeps them outside the asar archive, where a native module or a
 * .wasm file read by path cannot load from. Each one's platform binaries ship as packages of its
 * own npm scope (`@lancedb/lancedb-linux-x64-gnu`, `@duckdb/node-bindings-linux-x64`), which
 * packaging therefore unpacks scope and all.
 */
export const NATIVE_MODULES = [
  '@lancedb/lancedb',
  '@duckdb/node-api',
  '@duckdb/node-bindings',
  'parquet-wasm',
];

/** Whether an import specifier names one of them or a file inside one (`parquet-wasm/node`). */
export function isNativeModule(specifier) {
  return NATIVE_MODULES.some((name) => specifier === name || specifier.startsWith(`${name}/`));
}

/** The asarUnpack globs: a scoped package's whole scope, an unscoped package's own folder. */
export function asarUnpackGlobs() {
  const folders = NATIVE_MODULES.map((name) => (name.startsWith('@') ? name.split('/')[0] : name));
  return [...new Set(folders)].map((folder) => `node_modules/${folder}/**`);
}
