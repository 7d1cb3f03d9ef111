/**
 * Dependency rules that lint cannot see: no import circles anywhere in the sources, type-only
 * imports included (`tsPreCompilationDeps`). The layer floors are rows of eslint-rules/layers.mjs,
 * checked by the `layering/imports` lint rule.
 */
export default {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'A circle makes two modules one: neither can be read, tested or moved alone.',
      from: {},
      to: { circular: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs'] },
  },
};
