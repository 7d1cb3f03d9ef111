/// <reference types="vitest/config" />
import { builtinModules } from 'node:module';
import { resolve } from 'node:path';
import { defineConfig, type UserConfig } from 'vite';
import { isNativeModule } from './scripts/native-modules.mjs';

/**
 * One config for three jobs: the renderer build (default), the Electron main-process and preload
 * bundles (`vite build --mode main`, `--mode preload`), and the test runner.
 */

const NODE_BUILTINS = new Set([...builtinModules, ...builtinModules.map((m) => `node:${m}`)]);

/**
 * Left to load at run time: Electron itself, Node's modules, the native and WebAssembly packages
 * (scripts/native-modules.mjs, the one list; packaging keeps them out of asar), and apache-arrow,
 * whose classes must be the very ones LanceDB's own copy checks against.
 */
const mainExternal = (id: string) =>
  id === 'electron' || id === 'apache-arrow' || NODE_BUILTINS.has(id) || isNativeModule(id);

const main: UserConfig = {
  build: {
    outDir: 'dist/main',
    emptyOutDir: false,
    ssr: resolve(__dirname, 'src-main/app/main.ts'),
    target: 'node22',
    rollupOptions: {
      external: mainExternal,
      // One file: the object-store SDKs the CLI loads lazily are inlined rather than split into
      // chunks that packaging would have to find.
      output: { format: 'cjs', entryFileNames: 'main.cjs', inlineDynamicImports: true },
    },
  },
};

// A sandboxed preload may require only 'electron': everything else is bundled into one file.
const preload: UserConfig = {
  ssr: { noExternal: true },
  build: {
    outDir: 'dist/main',
    emptyOutDir: false,
    ssr: resolve(__dirname, 'src-main/app/preload/preload.ts'),
    target: 'node22',
    rollupOptions: {
      external: ['electron'],
      output: { format: 'cjs', entryFileNames: 'preload.cjs', inlineDynamicImports: true },
    },
  },
};

export default defineConfig(({ mode }) =>
  mode === 'main'
    ? main
    : mode === 'preload'
      ? preload
      : {
          root: 'src-renderer',
          // Relative asset paths, so the same build loads from file:// in Electron and over HTTP.
          base: './',
          build: { outDir: '../dist/renderer', emptyOutDir: true },
          // React's automatic JSX runtime through esbuild; @vitejs/plugin-react does not install here.
          esbuild: { jsx: 'automatic' },
          test: {
            root: '.',
            // LanceDB builds use native threads; two forks match the two cores CI has.
            pool: 'forks',
            maxWorkers: 2,
            testTimeout: 120_000,
            hookTimeout: 120_000,
            reporters: ['default', './test/support/summary-reporter.ts'],
            projects: [
              // Pure logic: starts at once, with no renderer build and no object store.
              { extends: true, test: { name: 'unit', include: ['test/unit/**/*.test.ts'] } },
              {
                // Real LanceDB, servers, the S3 store and the browser: the renderer and the
                // command line are built once for the whole run and the Ceph gateway started once.
                extends: true,
                test: {
                  name: 'system',
                  include: [
                    'test/e2e/**/*.test.ts',
                    // The new-user journey, one long scripted session.
                    'test/e2e/**/*.spec.ts',
                    'test/integration/**/*.test.ts',
                    'test/interop/**/*.test.ts',
                    'test/reliability/**/*.test.ts',
                    'test/conformance/**/*.test.ts',
                  ],
                  globalSetup: [
                    './test/support/build-cli.global.ts',
                    './test/support/build-renderer.global.ts',
                    './test/support/s3-store.global.ts',
                  ],
                },
              },
            ],
          },
        },
);
