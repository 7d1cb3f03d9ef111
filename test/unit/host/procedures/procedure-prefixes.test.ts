/**
 * One procedure prefix per handler file, the file named after it: `tables:*` in tables.ts. The
 * handler table is read as host.ts builds it, from each file's factory, so a handler moved to the
 * wrong file (or a file holding two prefixes) fails here by name.
 */
import { readdirSync } from 'node:fs';
import { basename, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PROCEDURES } from '../../../../src-shared/studio-procedures';

const folder = join(__dirname, '../../../../src-main/host/procedures');
/** The folder's files that are not handler files: what every handler works with. */
const NOT_HANDLERS = new Set(['context.ts']);

type Factory = (...args: unknown[]) => Record<string, unknown>;

/** Each handler file's procedure names, by the file's name without `.ts`. */
async function handlerTable(): Promise<Map<string, string[]>> {
  const table = new Map<string, string[]>();
  for (const file of readdirSync(folder).filter((f) => f.endsWith('.ts'))) {
    if (NOT_HANDLERS.has(file)) continue;
    const module = (await import(join(folder, file))) as Record<string, unknown>;
    const factories = Object.entries(module).filter(
      ([name, value]) => name.endsWith('Procedures') && typeof value === 'function',
    );
    expect(
      factories.map(([name]) => name),
      `${file} exports one factory`,
    ).toHaveLength(1);
    // The factories only keep the context for their handlers; none is called here.
    const handlers = (factories[0]![1] as Factory)({}, {}, {});
    table.set(basename(file, '.ts'), Object.keys(handlers));
  }
  return table;
}

describe('the host procedures folder', () => {
  it('holds one prefix per file, the file named after it', async () => {
    for (const [file, names] of await handlerTable()) {
      expect(names.length, `${file}.ts has handlers`).toBeGreaterThan(0);
      expect(
        names.filter((name) => name.split(':')[0] !== file),
        `${file}.ts`,
      ).toEqual([]);
    }
  });

  it('covers every procedure of the contract exactly once', async () => {
    const all = [...(await handlerTable()).values()].flat().sort();
    expect(all).toEqual(Object.keys(PROCEDURES).sort());
  });
});
