/** Types of native-modules.mjs, for vite.config.ts and the tests. */
export declare const NATIVE_MODULES: readonly string[];
export declare function isNativeModule(specifier: string): boolean;
export declare function asarUnpackGlobs(): string[];
