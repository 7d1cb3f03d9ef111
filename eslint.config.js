// Flat config: typescript-eslint's recommended type-aware rules over all TypeScript sources.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['node_modules/**', 'dist/**', 'out/**', 'coverage/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
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
              group: [
                '**/host/**',
                '**/server/**',
                '**/app/**',
                '**/ipc/**',
                '**/cli/**',
                '**/web/**',
                '**/src-renderer/**',
              ],
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
