/**
 * How LanceDB reads a storage setting, shared by the object stores' settings: the first of its
 * option keys (a long name and its short aliases) that is given, else its environment variable.
 */
import { errors } from '../../../src-shared/vocabulary/errors';

export type OptionSpec = readonly [names: readonly string[], variable: string];

export function storageOption(
  options: Record<string, string>,
  env: NodeJS.ProcessEnv,
  [names, variable]: OptionSpec,
): string | undefined {
  for (const name of names) if (options[name]) return options[name];
  return env[variable] || undefined;
}

/** A reader for one store's table of settings: `read(options, env, 'account')`. */
export function optionReader<Key extends string>(keys: Readonly<Record<Key, OptionSpec>>) {
  return (
    options: Record<string, string>,
    env: NodeJS.ProcessEnv,
    which: Key,
  ): string | undefined => storageOption(options, env, keys[which]);
}

/** The bucket (or container) and the key prefix of a `<scheme>://bucket/prefix` root. */
export function parseStoreRoot(root: string, scheme: string): { bucket: string; prefix: string } {
  const match = new RegExp(`^${scheme}://([^/]+)/?(.*)$`, 'i').exec(root);
  if (!match || !match[1]) throw errors.InvalidInput(`Not a ${scheme}:// root: ${root}`);
  return { bucket: match[1], prefix: match[2]!.replace(/^\/+|\/+$/g, '') };
}
