/**
 * Vitest global setup: builds the renderer once for every e2e file (a build takes seconds, and
 * each file would otherwise repeat it), and hands its folder to the tests through `provide`.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build } from 'vite';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    rendererDir: string;
  }
}

export default async function setup(project: TestProject) {
  const dir = mkdtempSync(join(tmpdir(), 'cs-renderer-'));
  await build({
    configFile: join(__dirname, '../../vite.config.ts'),
    logLevel: 'error',
    build: { outDir: dir, emptyOutDir: true },
  });
  project.provide('rendererDir', dir);
  return () => rmSync(dir, { recursive: true, force: true });
}
