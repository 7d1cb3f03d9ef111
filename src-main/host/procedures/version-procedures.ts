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
    'branches:create': async ({ name, fromVersion, ...input }) => {
      await (await ctx.table(input)).createBranch(name, fromVersion ? { fromVersion } : {});
      return {};
    },
    'branches:delete': async ({ name, ...input }) => {
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
