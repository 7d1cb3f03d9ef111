/** The local disk browsed for a folder to open or a file to import. */
import { z } from 'zod';
import { E, procedure } from './define';

export const FS_PROCEDURES = {
  'fs:list-folder': procedure(
    z
      .object({
        path: z.string().max(4096).optional(),
        /** Also list the files an import can read (by their extension). */
        importableFiles: z.boolean().optional(),
      })
      .strict(),
    z.object({
      path: z.string(),
      parent: z.string().nullable(),
      folders: z.array(z.object({ name: z.string(), isCatalog: z.boolean() })),
      files: z.array(z.object({ name: z.string(), bytes: z.number() })).optional(),
    }),
    [E.NamespaceNotFound],
  ),
} as const;
