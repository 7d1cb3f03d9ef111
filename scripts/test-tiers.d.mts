/** Types of test-tiers.mjs, for the tests' global setups. */
export interface Tool {
  command: string;
  debianPackage: string;
}
export interface Tier {
  name: string;
  runs: string;
  tools: Tool[];
}
export declare const TIERS: Tier[];
export declare function requireAllTiers(env?: NodeJS.ProcessEnv): boolean;
export declare function findOnPath(command: string, env?: NodeJS.ProcessEnv): string | undefined;
export declare function missingTools(tier: Tier, env?: NodeJS.ProcessEnv): Tool[];
export declare function tiersMissingTools(
  env?: NodeJS.ProcessEnv,
): { tier: Tier; missing: Tool[] }[];
export declare function debianPackages(tools: Tool[]): string[];
export declare function installCommand(packages: string[], isRoot?: boolean): string;
