/** A table's branches: listed, made from a version of the branch in view, deleted. */
import type { HandlersFor, HostContext } from './context';

type Names = 'branches:list' | 'branches:create' | 'branches:delete';

export function branchesProcedures(ctx: HostContext): HandlersFor<Names> {
  return {
    'branches:list': async (input) => (await ctx.table(input)).listBranches(),
    // A branch is made from the branch the view is on (its `at`), at the version given.
    'branches:create': async ({ name, fromVersion, at, ...input }) => {
      await (
        await ctx.table(input)
      ).createBranch(name, {
        ...(fromVersion ? { fromVersion } : {}),
        ...(at?.branch ? { fromBranch: at.branch } : {}),
      });
      return {};
    },
    'branches:delete': async ({ name, at: _view, ...input }) => {
      await (await ctx.table(input)).deleteBranch(name);
      return {};
    },
  };
}
