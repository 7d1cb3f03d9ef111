/**
 * catalog-studio serve | web | (default) desktop.
 *
 * The desktop shell and the renderer arrive in later work; until then the default command says
 * what exists and, given a folder, prints its catalog.
 */
import { parseArgs } from 'node:util';
import { printCatalog } from './cli/print-catalog';
import { serve, SERVE_USAGE } from './cli/serve';
import { web, WEB_USAGE } from './cli/web';

const USAGE = `Usage:
  catalog-studio [--root DIR]    show what this build offers; with --root, print the catalog in DIR
  ${SERVE_USAGE}
  ${WEB_USAGE}`;

async function main(argv: string[]): Promise<number> {
  const command = argv[0] && !argv[0].startsWith('-') ? argv[0] : 'desktop';
  const rest = command === 'desktop' ? argv : argv.slice(1);
  if (command === 'serve') return serve(rest);
  if (command === 'web') return web(rest);
  if (command !== 'desktop') {
    console.error(`Unknown command ${JSON.stringify(command)}.\n\n${USAGE}`);
    return 2;
  }
  const { values } = parseArgs({
    args: rest,
    options: { root: { type: 'string' }, help: { type: 'boolean', short: 'h' } },
    strict: true,
  });
  if (values.help) {
    console.log(USAGE);
    return 0;
  }
  console.log(
    'Catalog Studio: `catalog-studio serve` serves a folder as a REST catalog; `catalog-studio web` runs the app backend for a browser; the desktop window and its UI are not in this build yet.',
  );
  if (values.root) {
    await printCatalog(values.root, (line) => console.log(line));
  } else {
    console.log('Give --root DIR to print the namespaces, tables and indexes of a catalog folder.');
  }
  return 0;
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? `${error.name}: ${error.message}` : String(error));
    process.exit(1);
  },
);
