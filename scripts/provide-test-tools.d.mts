/** Types of provide-test-tools.mjs. */
export interface Provided {
  outcome: 'nothing' | 'installed' | 'would-install' | 'cannot' | 'failed';
  packages: string[];
  why?: string;
}
export declare function provideTestTools(options?: {
  dryRun?: boolean;
  env?: NodeJS.ProcessEnv;
  log?: (line: string) => void;
}): Provided;
