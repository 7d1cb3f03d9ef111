/** A table's tags: names for versions, listed, made, moved and deleted. */
import type { HandlersFor, HostContext } from './context';

type Names = 'tags:list' | 'tags:create' | 'tags:update' | 'tags:delete';

export function tagsProcedures(ctx: HostContext): HandlersFor<Names> {
  return {
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
