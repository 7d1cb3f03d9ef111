/**
 * The one apache-arrow the main process uses. LanceDB's CommonJS build loads apache-arrow with
 * require(); an ESM `import` would load a second copy, whose classes fail `instanceof` against
 * the tables LanceDB returns (and whose IPC writer then writes nothing for them). So every Arrow
 * value in src-main and its tests comes from this require()d copy; types may still be imported
 * from 'apache-arrow' with `import type`.
 */
import { createRequire } from 'node:module';
import type * as ApacheArrow from 'apache-arrow';

const require = createRequire(import.meta.url);

export const arrow = require('apache-arrow') as typeof ApacheArrow;
