/// <reference types="vitest/config" />
import { defineConfig } from 'vite';

// One config for the renderer build (root: src-renderer) and the test runner.
export default defineConfig({
  root: 'src-renderer',
  // Relative asset paths, so the same build loads from file:// in Electron and over HTTP.
  base: './',
  build: { outDir: '../dist/renderer', emptyOutDir: true },
  // React's automatic JSX runtime through esbuild; @vitejs/plugin-react does not install here.
  esbuild: { jsx: 'automatic' },
  test: {
    root: '.',
    include: [
      'test/e2e/**/*.test.ts',
      'test/unit/**/*.test.ts',
      'test/integration/**/*.test.ts',
      'test/interop/**/*.test.ts',
    ],
    // LanceDB builds use native threads; two forks match the two cores CI has.
    pool: 'forks',
    maxWorkers: 2,
    testTimeout: 120_000,
    hookTimeout: 120_000,
    reporters: ['default', './test/support/summary-reporter.ts'],
  },
});
