/**
 * Where the app's files are. This module runs from src-main/cli/ (tests, through tsx) and from
 * dist/cli/ (the compiled command line): both are two folders below the checkout's root.
 */
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

export const RENDERER_DIR = resolve(ROOT, 'dist/renderer');
