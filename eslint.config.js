// Flat config: typescript-eslint's recommended rules everywhere, and its type-checked rules
// (which read the types: floating promises, unsafe `any`, needless assertions) over the sources.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import layering from './eslint-rules/layering.mjs';

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
  {
    // One way to format (issue 35): numbers, sizes, dates and durations go through
    // src-shared/format.ts, in the user's locale, so no screen invents a second date format.
    files: ['src-shared/**/*.ts', 'src-renderer/**/*.{ts,tsx}'],
    ignores: ['src-shared/format.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: 'CallExpression[callee.property.name=/^toLocale(Date|Time)?String$/]',
          message: 'Format with src-shared/format.ts (formatNumber, formatDateTime, …).',
        },
        {
          selector: 'MemberExpression[object.name="Intl"]',
          message: 'Format with src-shared/format.ts, the one place that builds Intl formats.',
        },
      ],
    },
  },
  // ---- floors: which layer may import which (see CONTRIBUTING.md) ----
  // One table-driven rule; the rows are in eslint-rules/layers.mjs.
  {
    files: ['src-shared/**/*.ts', 'src-main/**/*.ts', 'src-renderer/**/*.{ts,tsx}'],
    plugins: { layering },
    rules: { 'layering/imports': 'error' },
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
