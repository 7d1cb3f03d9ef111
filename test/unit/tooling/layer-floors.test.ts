/**
 * The layer floors (eslint-rules/layers.mjs, through eslint.config.js), put to the linter as files
 * it has never seen: each forbidden import must be refused, and the allowed ones must pass.
 */
import { ESLint } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, expect, it } from 'vitest';
// @ts-expect-error: a plain ES module of the lint config, without type declarations.
import { layeringRule } from '../../../eslint-rules/layering.mjs';

// The probes are not files of any tsconfig, so the type-aware rules (not under test) are off.
const eslint = new ESLint({
  cwd: process.cwd(),
  overrideConfig: [{ files: ['**/*.{ts,tsx}'], ...tseslint.configs.disableTypeChecked }],
});

async function problems(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? [])
    .filter((m) => m.ruleId === 'layering/imports')
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

  it('refuse a package with everything below it, however it is imported', async () => {
    for (const [file, specifier] of [
      ['src-renderer/probe.ts', 'node:fs/promises'],
      ['src-renderer/probe.ts', 'electron/renderer'],
      ['src-renderer/probe.ts', '@lancedb/lancedb/embedding'],
      ['src-shared/probe.ts', 'apache-arrow/ipc/reader'],
      ['src-shared/probe.ts', 'node:path/posix'],
      ['src-main/app/preload/probe.ts', 'electron/renderer'],
    ] as const) {
      expect(
        await problems(file, `import { x } from '${specifier}';\nvoid x;\n`),
        `${file}: ${specifier}`,
      ).toHaveLength(1);
    }
    // require() and a template literal's import() are imports too.
    const file = 'src-renderer/probe.ts';
    expect(await problems(file, "const fs = require('node:fs');\nvoid fs;\n")).toHaveLength(1);
    expect(await problems(file, 'void import(`node:fs`);\n')).toHaveLength(1);
    // A package whose name only starts like a refused one is not refused.
    expect(await problems('src-shared/probe.ts', "import { z } from 'zod/v4';\nvoid z;\n")).toEqual(
      [],
    );
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
    expect(
      await problems(
        'src-main/catalog/dir/probe.ts',
        "import { main } from '../../cli';\nvoid main;\n",
      ),
    ).toHaveLength(1);
    // A package of the same name as one of our folders is no import of ours.
    expect(
      await problems(
        file,
        "import { tableFromIPC } from 'apache-arrow/ipc';\nvoid tableFromIPC;\n",
      ),
    ).toEqual([]);
  });

  it('refuse an engine core file that imports a back end, however it reaches it', async () => {
    for (const [file, source] of [
      ['src-main/catalog/probe.ts', './dir/lance-errors'],
      ['src-main/catalog/probe.ts', './rest/rest-catalog'],
      ['src-main/catalog/storage/probe.ts', '../dir/lance-errors'],
      ['src-main/catalog/jobs/deep/probe.ts', '../../dir'],
    ] as const) {
      expect(
        await problems(file, `import { x } from '${source}';\nvoid x;\n`),
        source,
      ).toHaveLength(1);
      expect(
        await problems(file, `export { x } from '${source}';\n`),
        `re-export ${source}`,
      ).toHaveLength(1);
    }
    // Types are no exemption: the core names the interface a back end implements, in the core.
    expect(
      await problems(
        'src-main/catalog/probe.ts',
        "import type { X } from './dir/x';\nexport type Y = X;\n",
      ),
    ).toHaveLength(1);
    // The back ends import the core, and the composition root picks a back end.
    expect(
      await problems(
        'src-main/catalog/dir/probe.ts',
        "import { arrow } from '../arrow';\nvoid arrow;\n",
      ),
    ).toEqual([]);
    expect(
      await problems(
        'src-main/catalog/connect.ts',
        "import { openDirCatalog } from './dir/dir-catalog';\nvoid openDirCatalog;\n",
      ),
    ).toEqual([]);
  });

  it('refuse a renderer feature folder that imports another, or the shell', async () => {
    const refusedPairs = [
      ['src-renderer/search/probe.ts', '../tables/DataTab'],
      ['src-renderer/tables/probe.ts', '../search/SearchTab'],
      ['src-renderer/indexes/recall/probe.ts', '../../jobs/JobsPanel'],
      ['src-renderer/tables/probe.ts', '../shell/AppShell'],
      ['src-renderer/common/grid/probe.ts', '../../search/search-form'],
      ['src-renderer/state/probe.ts', '../tables/columns/schema-change'],
    ] as const;
    for (const [file, source] of refusedPairs) {
      expect(
        await problems(file, `import { x } from '${source}';\nvoid x;\n`),
        `${file} -> ${source}`,
      ).toHaveLength(1);
    }
    const allowedPairs = [
      ['src-renderer/search/probe.ts', '../common/grid/DataGrid'],
      ['src-renderer/search/probe.ts', '../state/search-seed'],
      ['src-renderer/tables/columns/probe.ts', '../schema-change'],
      ['src-renderer/shell/probe.ts', '../tables/DataTab'],
      ['src-renderer/shell/probe.ts', '../search/SearchTab'],
    ] as const;
    for (const [file, source] of allowedPairs) {
      expect(
        await problems(file, `import { x } from '${source}';\nvoid x;\n`),
        `${file} -> ${source}`,
      ).toEqual([]);
    }
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
    // An inline `type` still loads the module under verbatimModuleSyntax.
    expect(
      await problems(
        file,
        "import { type PROCEDURES } from '../../../src-shared/studio-procedures';\nexport type P = typeof PROCEDURES;\n",
      ),
    ).toHaveLength(1);
  });
});

describe('a feature-rooms row', () => {
  // A probe table of its own: the real one's rows change as rooms are added.
  const rooms = new ESLint({
    cwd: process.cwd(),
    overrideConfigFile: true,
    overrideConfig: [
      {
        files: ['**/*.{ts,tsx}'],
        languageOptions: { parser: tseslint.parser },
        plugins: {
          probe: {
            rules: {
              imports: layeringRule({
                floors: [],
                rooms: [
                  {
                    name: 'probe rooms',
                    root: 'src-renderer',
                    rooms: ['tables', 'search', 'jobs'],
                    message: 'Feature folders never import each other.',
                  },
                ],
              }),
            },
          },
        },
        rules: { 'probe/imports': 'error' },
      },
    ],
  });
  async function refused(filePath: string, source: string): Promise<number> {
    const [result] = await rooms.lintText(`import { x } from '${source}';\nvoid x;\n`, {
      filePath,
    });
    return (result?.messages ?? []).filter((m) => m.ruleId === 'probe/imports').length;
  }

  it('refuses an import from one listed room into another, both ways and at any depth', async () => {
    expect(await refused('src-renderer/search/SearchTab.tsx', '../tables/TableView')).toBe(1);
    expect(await refused('src-renderer/tables/TableView.tsx', '../search/SearchTab')).toBe(1);
    expect(await refused('src-renderer/jobs/deep/JobRow.tsx', '../../tables')).toBe(1);
  });

  it('lets a room import itself, an unlisted room, and the layer below', async () => {
    expect(await refused('src-renderer/search/SearchTab.tsx', './SearchBox')).toBe(0);
    expect(await refused('src-renderer/search/SearchTab.tsx', '../common/grid/DataGrid')).toBe(0);
    expect(await refused('src-renderer/shell/App.tsx', '../tables/TableView')).toBe(0);
    expect(await refused('src-renderer/search/SearchTab.tsx', '../../src-shared/ids')).toBe(0);
  });

  it('refuse a host or web-mode file that imports the server; the shared edge is allowed', async () => {
    for (const [file, source] of [
      ['src-main/host/serving/probe.ts', '../../server/build-server'],
      ['src-main/host/probe.ts', '../server/auth/auth-config'],
      ['src-main/web-mode/probe.ts', '../server/http/error-body'],
    ] as const) {
      expect(
        await problems(file, `import { x } from '${source}';\nvoid x;\n`),
        source,
      ).toHaveLength(1);
    }
    expect(
      await problems(
        'src-main/web-mode/probe.ts',
        "import { hasBody } from '../http-edge/has-body';\nvoid hasBody;\n",
      ),
    ).toEqual([]);
  });
});
