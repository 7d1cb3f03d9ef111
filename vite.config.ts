/// <reference types="vitest/config" />
import { defineConfig } from 'vite';

// One config for the renderer build (root: src-renderer) and the test runner.
export default defineConfig({
  root: 'src-renderer',
  build: { outDir: '../dist/renderer', emptyOutDir: true },
  test: {
    root: '.',
    include: [
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
