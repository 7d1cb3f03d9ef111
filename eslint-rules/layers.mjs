/**
 * Which folder may import which: the one table behind the `layering/imports` rule
 * (eslint-rules/layering.mjs). Edit the rows here, not eslint.config.js.
 *
 * Paths are from the repository root, without extensions; `*` is one path segment's worth of
 * characters, `**` any depth, and `dir/**` also matches `dir` itself (its index file).
 */

/**
 * The renderer's feature folders, one per procedure domain (and vector-map). Each imports only
 * common/, api/, state/, bridge/ and src-shared; shell/ (with App.tsx) is the one place that
 * composes them.
 */
const RENDERER_FEATURES = [
  'connections',
  'namespaces',
  'tables',
  'indexes',
  'imports',
  'search',
  'versions',
  'storage',
  'jobs',
  'console',
  'vector-map',
  'access',
];
const RENDERER_BASE = ['common', 'api', 'state', 'bridge'];
const SHELL = ['src-renderer/shell/**', 'src-renderer/App', 'src-renderer/main'];

/**
 * Floors: the files of `files` (minus `except`) may not import what a `forbid` entry names.
 * An entry names our own modules by `paths` (relative imports, resolved) or packages by
 * `packages` (bare specifiers); `allow` carves exceptions out of either; `allowTypeImports` lets
 * `import type` through, since types vanish at build time.
 */
export const FLOORS = [
  {
    // It runs in a browser tab as well as in Electron.
    name: 'renderer',
    files: ['src-renderer/**'],
    forbid: [
      { paths: ['src-main/**'], message: 'The renderer imports only src-shared.' },
      {
        packages: ['node:*', 'electron', '@lancedb/*'],
        message: 'The renderer runs in a browser.',
      },
    ],
  },
  {
    // What the features stand on knows none of them.
    name: 'renderer base',
    files: RENDERER_BASE.map((folder) => `src-renderer/${folder}/**`),
    forbid: [
      {
        paths: [...RENDERER_FEATURES.map((folder) => `src-renderer/${folder}/**`), ...SHELL],
        message: 'common/, api/, state/ and bridge/ import no feature folder and not the shell.',
      },
    ],
  },
  {
    // The shell composes the features; a feature does not reach up into it.
    name: 'renderer features',
    files: RENDERER_FEATURES.map((folder) => `src-renderer/${folder}/**`),
    forbid: [{ paths: SHELL, message: 'A renderer feature folder does not import the shell.' }],
  },
  {
    // Plain TypeScript and zod: both processes and the preload import it.
    name: 'shared',
    files: ['src-shared/**'],
    forbid: [
      {
        paths: ['src-main/**', 'src-renderer/**'],
        message: 'src-shared depends on nothing of ours.',
      },
      {
        packages: ['node:*', 'electron', '@lancedb/*', 'apache-arrow'],
        message: 'src-shared loads no runtime.',
      },
    ],
  },
  {
    // The engine knows nothing of what embeds it.
    name: 'engine',
    files: ['src-main/catalog/**'],
    forbid: [
      {
        paths: [
          'src-main/host/**',
          'src-main/server/**',
          'src-main/app/**',
          'src-main/ipc/**',
          'src-main/cli/**',
          'src-main/web-mode/**',
          'src-renderer/**',
        ],
        message: 'The engine never imports the host, the server, the app or the CLI.',
      },
    ],
  },
  {
    // The engine's core (jobs, Arrow, storage, copies) stands on no back end: it asks for what it
    // needs through interfaces the back ends implement. connect.ts is the one place that picks a
    // back end.
    name: 'engine core',
    files: ['src-main/catalog/**'],
    except: ['src-main/catalog/dir/**', 'src-main/catalog/rest/**', 'src-main/catalog/connect'],
    forbid: [
      {
        paths: ['src-main/catalog/dir/**', 'src-main/catalog/rest/**'],
        message:
          "The engine's core imports no back end (dir/, rest/); only catalog/connect.ts picks one.",
      },
    ],
  },
  {
    // The host asks for serving (host/serving/serving.ts); the app and `web` hand it the server.
    // The web mode shares the HTTP edge with the server through src-main/http-edge/.
    name: 'host and web mode',
    files: ['src-main/host/**', 'src-main/web-mode/**'],
    forbid: [
      {
        paths: ['src-main/server/**'],
        message:
          'The host and the web mode import nothing of the server: serving is a capability the host is given (HostOptions.serving); shared edge helpers are in src-main/http-edge/.',
      },
    ],
  },
  {
    // A sandboxed preload loads before every page (types are free).
    name: 'preload',
    files: ['src-main/app/preload/**'],
    forbid: [
      {
        paths: ['**'],
        allow: ['src-shared/procedure-names'],
        allowTypeImports: true,
        message: 'The preload imports only electron and src-shared/procedure-names.',
      },
      { packages: ['**'], allow: ['electron'], message: 'The preload imports only electron.' },
    ],
  },
];

/**
 * Feature rooms: below `root`, a file in one of `rooms` may not import another of them. What
 * they share goes in a room that is not listed (or in the layer below).
 */
export const FEATURE_ROOMS = [
  {
    name: 'renderer features',
    root: 'src-renderer',
    rooms: RENDERER_FEATURES,
    message:
      'Renderer feature folders never import each other: share through common/ (or state/), or let the shell compose them.',
  },
];
