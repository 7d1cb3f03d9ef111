/**
 * catalog-studio serve | web | copy | tree | (default) desktop.
 *
 * Each command's modules are loaded when that command runs, so that `serve` does not pay for the
 * desktop host, the web server or the importers (bin/catalog-studio.mjs runs this compiled).
 */
import { USAGE } from './cli/usage';

async function main(argv: string[]): Promise<number> {
  const command = argv[0] && !argv[0].startsWith('-') ? argv[0] : 'desktop';
  const rest = command === 'desktop' ? argv : argv.slice(1);
  if (command === 'serve') return (await import('./cli/serve')).serve(rest);
  if (command === 'web') return (await import('./cli/web')).web(rest);
  if (command === 'desktop') return (await import('./cli/desktop')).desktop(rest);
  if (command === 'copy') return (await import('./cli/copy')).copy(rest);
  if (command === 'tree') return (await import('./cli/print-catalog')).tree(rest);
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
