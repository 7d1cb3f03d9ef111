/**
 * electron-builder.config.mjs checked by electron-builder's own loader and schema validation (the
 * pinned app-builder-lib, the same two calls `electron-builder` makes before packaging), so a
 * misspelt or mistyped option fails here rather than at release time. Packaging itself
 * (`electron-builder --dir`) cannot run on these machines: it needs the Electron binary, which
 * cannot be downloaded here.
 */
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Configuration } from 'app-builder-lib';
import { getConfig, validateConfiguration } from 'app-builder-lib/out/util/config/config';
import { DebugLogger } from 'builder-util';
import { afterAll, describe, expect, it } from 'vitest';

const ROOT = join(__dirname, '../../..');
const CONFIG = 'electron-builder.config.mjs';
const scratch = mkdtempSync(join(tmpdir(), 'cs-builder-config-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

const load = (projectDir: string) => getConfig(projectDir, CONFIG, null);
const validate = (config: Configuration) => validateConfiguration(config, new DebugLogger(false));

describe('electron-builder.config.mjs', () => {
  it('passes electron-builder’s validation', async () => {
    const config = await load(ROOT);
    await expect(validate(config)).resolves.toBeUndefined();
    // The loader read this file, not a default: these come only from it.
    expect(config.appId).toBe('dev.catalogstudio.app');
    expect(config.directories).toMatchObject({ output: 'out/dist', buildResources: 'assets' });
    expect(config.files).toEqual([{ filter: ['dist/**', 'package.json'] }]);
    // The native packages' list (scripts/native-modules.mjs), as globs over their scopes.
    expect(config.asarUnpack).toEqual([
      'node_modules/@lancedb/**',
      'node_modules/@duckdb/**',
      'node_modules/parquet-wasm/**',
    ]);
  });

  it('names build resources that are in the repository', async () => {
    const config = await load(ROOT);
    expect(existsSync(join(ROOT, config.directories!.buildResources!))).toBe(true);
    expect(existsSync(join(ROOT, config.linux!.icon!))).toBe(true);
  });

  it('is refused with a misspelt option', async () => {
    // Through the same loader, from a file, as a typo in the real one would arrive.
    const real = pathToFileURL(join(ROOT, CONFIG)).href;
    writeFileSync(
      join(scratch, CONFIG),
      `import real from ${JSON.stringify(real)};\nexport default { ...real, asarUnpak: ['node_modules/x/**'] };\n`,
    );
    const config = await load(scratch);
    await expect(validate(config)).rejects.toThrow(/unknown property 'asarUnpak'/);
  });

  it('is refused with a mistyped or unknown entry in directories or files', async () => {
    const config = await load(ROOT);
    const withEntry = (key: 'directories' | 'files', value: unknown) =>
      validate({ ...config, [key]: value });
    // The same objects rebuilt unchanged pass, so each refusal below is the bad entry's doing.
    await expect(withEntry('directories', { ...config.directories })).resolves.toBeUndefined();
    await expect(withEntry('files', [{ filter: ['dist/**'] }])).resolves.toBeUndefined();

    await expect(
      withEntry('directories', { ...config.directories, output: ['out', 'dist'] }),
    ).rejects.toThrow(/configuration\.directories\.output should be/);
    await expect(
      withEntry('directories', { ...config.directories, buildResource: 'x' }),
    ).rejects.toThrow(/configuration\.directories should be/);
    await expect(withEntry('files', [{ filter: ['dist/**'], form: 'x' }])).rejects.toThrow(
      /configuration\.files should be/,
    );
  });
});
