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
