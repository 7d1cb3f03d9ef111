/**
 * Runs this suite on its own: the root config's `include` does not cover test/conformance, and
 * its global set-ups (renderer build, S3 store) are nothing this suite needs.
 */
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    root: fileURLToPath(new URL('../../..', import.meta.url)),
    include: ['test/conformance/cts/**/*.test.ts'],
    pool: 'forks',
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
