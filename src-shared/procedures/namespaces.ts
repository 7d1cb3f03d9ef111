/** Namespaces: listed, made, described, browsed, dropped. */
import { z } from 'zod';
import { CreateModeSchema, DropNamespaceOptionsSchema } from '../catalog-api';
import { Properties, InNs } from '../studio-schemas';
import { E, procedure } from './define';

export const NAMESPACES_PROCEDURES = {
  'namespaces:list': procedure(
    InNs.extend({
      pageToken: z.string().optional(),
      limit: z.number().int().min(1).max(10_000).optional(),
    }).strict(),
    z.object({ namespaces: z.array(z.string()), pageToken: z.string().optional() }),
    [E.NamespaceNotFound],
  ),
  'namespaces:create': procedure(
    InNs.extend({ mode: CreateModeSchema.optional(), properties: Properties.optional() }).strict(),
    z.object({ properties: Properties }),
    [E.NamespaceNotFound, E.NamespaceAlreadyExists],
    'write',
  ),
  'namespaces:describe': procedure(InNs.strict(), z.object({ properties: Properties }), [
    E.NamespaceNotFound,
  ]),
  /** What is directly inside a namespace, each table with its rows, size and indexes. */
  'namespaces:children': procedure(
    InNs.strict(),
    z.object({
      namespaces: z.array(z.string()),
      tables: z.array(
        z.object({
          name: z.string(),
          rows: z.number().nullable(),
          bytes: z.number().nullable(),
          indexes: z.number().nullable(),
        }),
      ),
    }),
    [E.NamespaceNotFound],
  ),
  /** Everything inside a namespace at every depth, for a drop's confirmation. */
  'namespaces:contents': procedure(
    InNs.strict(),
    z.object({
      namespaces: z.array(z.array(z.string())),
      tables: z.array(
        z.object({
          path: z.array(z.string()),
          name: z.string(),
          rows: z.number().nullable(),
          versions: z.number().nullable(),
        }),
      ),
      totalNamespaces: z.number(),
      totalTables: z.number(),
      incomplete: z.boolean(),
    }),
    [E.NamespaceNotFound],
  ),
  'namespaces:drop': procedure(
    InNs.extend(DropNamespaceOptionsSchema.shape).strict(),
    z.object({}),
    [E.NamespaceNotFound, E.NamespaceNotEmpty],
    'write',
  ),
} as const;
