/** A table's branches and tags. */
import type { HandlersFor, HostContext } from './context';

type Names =
  | 'branches:list'
  | 'branches:create'
  | 'branches:delete'
  | 'tags:list'
  | 'tags:create'
  | 'tags:update'
  | 'tags:delete';

export function versionProcedures(ctx: HostContext): HandlersFor<Names> {
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
    'tags:list': async (input) => (await ctx.table(input)).listTags(),
    'tags:create': async ({ tag, version, ...input }) => {
      await (await ctx.table(input)).createTag(tag, version);
      return {};
    },
    'tags:update': async ({ tag, version, ...input }) => {
      await (await ctx.table(input)).updateTag(tag, version);
      return {};
    },
    'tags:delete': async ({ tag, ...input }) => {
      await (await ctx.table(input)).deleteTag(tag);
      return {};
    },
  };
}
