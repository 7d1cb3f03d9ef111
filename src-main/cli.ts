/**
 * catalog-studio serve | web | tree | (default) desktop.
 */
import { parseArgs } from 'node:util';
import { parseStorageFlags } from './cli/storage-flags';
import { printCatalog } from './cli/print-catalog';
import { serve, SERVE_USAGE } from './cli/serve';
import { web, WEB_USAGE } from './cli/web';
import { desktop } from './cli/desktop';

const USAGE = `Usage:
  catalog-studio [--root DIR]          the desktop app (the web mode where Electron cannot run)
  ${WEB_USAGE}
  ${SERVE_USAGE}
  catalog-studio tree --root DIR|URI   print a catalog's namespaces, tables and indexes
                                      (--storage KEY=VALUE for object-store settings)`;

async function main(argv: string[]): Promise<number> {
  const command = argv[0] && !argv[0].startsWith('-') ? argv[0] : 'desktop';
  const rest = command === 'desktop' ? argv : argv.slice(1);
  if (command === 'serve') return serve(rest);
  if (command === 'web') return web(rest);
  if (command === 'desktop') return desktop(rest);
  if (command === 'tree') {
    const { values } = parseArgs({
      args: rest,
      options: { root: { type: 'string' }, storage: { type: 'string', multiple: true } },
      strict: true,
    });
    if (!values.root) throw new Error('tree needs --root DIR');
    await printCatalog(values.root, (line) => console.log(line), parseStorageFlags(values.storage));
    return 0;
  }
  if (command === 'help' || command === '--help') {
    console.log(USAGE);
    return 0;
  }
  console.error(`Unknown command ${JSON.stringify(command)}.\n\n${USAGE}`);
  return 2;
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? `${error.name}: ${error.message}` : String(error));
    process.exit(1);
  },
);
