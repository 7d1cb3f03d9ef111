/** Vite bundles a stylesheet imported for its side effect; TypeScript only needs to know it exists. */
declare module '*.css';
