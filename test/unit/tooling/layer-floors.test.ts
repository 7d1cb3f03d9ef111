/**
 * The layer floors in eslint.config.js, put to the linter as files it has never seen: each
 * forbidden import must be refused, and the allowed ones must pass.
 */
import { ESLint } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, expect, it } from 'vitest';

// The probes are not files of any tsconfig, so the type-aware rules (not under test) are off.
const eslint = new ESLint({
  cwd: process.cwd(),
  overrideConfig: [{ files: ['**/*.{ts,tsx}'], ...tseslint.configs.disableTypeChecked }],
});

async function problems(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? [])
    .filter((m) => /no-restricted-imports/.test(m.ruleId ?? ''))
    .map((m) => m.message);
}

describe('the layer floors', () => {
  it('refuse a renderer file that imports the engine, Node or Electron', async () => {
    const file = 'src-renderer/probe.ts';
    expect(
      await problems(file, "import { connect } from '../src-main/catalog';\nvoid connect;\n"),
    ).toHaveLength(1);
    expect(
      await problems(file, "import { readFileSync } from 'node:fs';\nvoid readFileSync;\n"),
    ).toHaveLength(1);
    expect(
      await problems(
        file,
        "import { formatFieldPath } from '../src-shared/vocabulary/field-paths';\nvoid formatFieldPath;\n",
      ),
    ).toEqual([]);
  });

  it('refuse an engine file that imports the host or the server', async () => {
    const file = 'src-main/catalog/probe.ts';
    expect(await problems(file, "import { Host } from '../host/host';\nvoid Host;\n")).toHaveLength(
      1,
    );
    expect(
      await problems(
        file,
        "import { buildServer } from '../server/build-server';\nvoid buildServer;\n",
      ),
    ).toHaveLength(1);
  });

  it('refuse a shared file that imports either process or a runtime', async () => {
    const file = 'src-shared/probe.ts';
    expect(
      await problems(file, "import { connect } from '../src-main/catalog';\nvoid connect;\n"),
    ).toHaveLength(1);
    expect(
      await problems(file, "import { arrow } from 'apache-arrow';\nvoid arrow;\n"),
    ).toHaveLength(1);
  });

  it('let the preload import electron and the procedure names only', async () => {
    const file = 'src-main/app/preload/probe.ts';
    const allowed =
      "import { ipcRenderer } from 'electron';\nimport { PROCEDURE_NAMES } from '../../../src-shared/procedure-names';\nimport type { StudioApi } from '../../../src-shared/studio-api';\nexport const x: [unknown, unknown, StudioApi | undefined] = [ipcRenderer, PROCEDURE_NAMES, undefined];\n";
    expect(await problems(file, allowed)).toEqual([]);
    expect(
      await problems(
        file,
        "import { PROCEDURES } from '../../../src-shared/studio-procedures';\nvoid PROCEDURES;\n",
      ),
    ).toHaveLength(1);
    expect(await problems(file, "import { z } from 'zod';\nvoid z;\n")).toHaveLength(1);
  });
});
