// Flat config: typescript-eslint's recommended rules everywhere, and its type-checked rules
// (which read the types: floating promises, unsafe `any`, needless assertions) over the sources.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

/** The sources, under type-aware lint; tests and scripts get the syntactic rules. */
const TYPED = ['src-shared/**/*.ts', 'src-main/**/*.ts', 'src-renderer/**/*.{ts,tsx}'];

export default tseslint.config(
  { ignores: ['node_modules/**', 'dist/**', 'out/**', 'coverage/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  ...tseslint.configs.recommendedTypeCheckedOnly.map((config) => ({ ...config, files: TYPED })),
  {
    files: TYPED,
    rules: {
      // Off: here it calls assertions unnecessary that tsc needs (its fix broke the build on
      // `route.config` and on an empty-object row), so it would only teach people to ignore it.
      '@typescript-eslint/no-unnecessary-type-assertion': 'off',
      // Off: procedure and route tables are Promise-returning by contract, and an async handler
      // that needs no await is the plain way to meet it.
      '@typescript-eslint/require-await': 'off',
      // Off: table cells and Arrow types are shown with String(), which uses their own
      // toString; Arrow's typings do not declare it, so the rule sees only Object's.
      '@typescript-eslint/no-base-to-string': 'off',
    },
    languageOptions: {
      parserOptions: {
        project: ['./tsconfig.json', './tsconfig.renderer.json'],
        tsconfigRootDir: import.meta.dirname,
      },
    },
  },
  {
    files: ['**/*.ts', '**/*.tsx'],
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': ['error', { allow: ['warn', 'error'] }],
    },
  },
  // ---- floors: which layer may import which (see CONTRIBUTING.md) ----
  {
    // The renderer sees the vocabulary and the contracts in src-shared, never the engine, the
    // host or Node: it runs in a browser tab as well as in Electron.
    files: ['src-renderer/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['**/src-main/**'], message: 'The renderer imports only src-shared.' },
            {
              group: ['node:*', 'electron', '@lancedb/*'],
              message: 'The renderer runs in a browser.',
            },
          ],
        },
      ],
    },
  },
  {
    // The shared layer is plain TypeScript and zod: both processes and the preload import it.
    files: ['src-shared/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/src-main/**', '**/src-renderer/**'],
              message: 'src-shared depends on nothing of ours.',
            },
            {
              group: ['node:*', 'electron', '@lancedb/*', 'apache-arrow'],
              message: 'src-shared loads no runtime.',
            },
          ],
        },
      ],
    },
  },
  {
    // The engine knows nothing of what embeds it.
    files: ['src-main/catalog/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              // Relative paths only: packages have folders of these names too (apache-arrow/ipc).
              regex: '^(\\.\\./)+((host|server|app|ipc|cli|web-mode)/|src-renderer/)',
              message: 'The engine never imports the host, the server, the app or the CLI.',
            },
          ],
        },
      ],
    },
  },
  {
    // A sandboxed preload loads before every page: Electron and the procedure-name list only
    // (types are free).
    files: ['src-main/app/preload/**/*.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^\\.{1,2}/(?!.*src-shared/procedure-names$)',
              allowTypeImports: true,
              message: 'The preload imports only electron and src-shared/procedure-names.',
            },
            { regex: '^(?!electron$)[^.]', message: 'The preload imports only electron.' },
          ],
        },
      ],
    },
  },
  {
    // Tests read reply bodies whose shape is the thing under test; typing each one would only
    // restate the assertions.
    files: ['test/**/*.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    // The CLI, benchmarks and test support legitimately print to stdout.
    files: ['src-main/cli.ts', 'src-main/cli/**', 'test/bench/**', 'test/support/**', 'bin/**'],
    rules: { 'no-console': 'off' },
  },
);
