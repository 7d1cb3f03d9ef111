import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { appBuilds, staleReason, type ViteBuild } from '../../../src-main/cli/vite-builds';

let dir: string;
let build: ViteBuild;
const at = (path: string, seconds: number) => utimesSync(path, seconds, seconds);

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'cs-vite-builds-'));
  mkdirSync(join(dir, 'src/deep/er'), { recursive: true });
  mkdirSync(join(dir, 'out'));
  writeFileSync(join(dir, 'src/deep/er/App.tsx'), '');
  writeFileSync(join(dir, 'config.ts'), '');
  build = {
    output: join(dir, 'out/index.html'),
    args: [],
    inputs: [join(dir, 'src'), join(dir, 'config.ts')],
  };
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('when the app is built again', () => {
  it('builds a missing output', () => {
    expect(staleReason(build)).toBe('first start');
  });

  it('keeps an output newer than every source', () => {
    writeFileSync(build.output, '');
    at(join(dir, 'src/deep/er/App.tsx'), 1_000);
    at(join(dir, 'config.ts'), 1_000);
    at(build.output, 2_000);
    expect(staleReason(build)).toBeUndefined();
  });

  it('names a source changed after the build, however deep', () => {
    writeFileSync(build.output, '');
    at(join(dir, 'config.ts'), 1_000);
    at(build.output, 2_000);
    at(join(dir, 'src/deep/er/App.tsx'), 3_000);
    expect(staleReason(build)).toMatch(/src\/deep\/er\/App\.tsx changed$/);
  });

  it('runs what shipped where there are no sources (a packaged app)', () => {
    writeFileSync(build.output, '');
    const packaged = { ...build, inputs: [join(dir, 'absent')] };
    at(build.output, 1);
    expect(staleReason(packaged)).toBeUndefined();
  });

  it('builds the renderer for the web mode, and main and preload for Electron', () => {
    expect(appBuilds(false).map((b) => b.output)).toEqual([
      expect.stringMatching(/dist\/renderer\/index\.html$/),
    ]);
    expect(appBuilds(true)).toHaveLength(3);
  });
});
