/** The name search over a whole catalog (the filter box and the palette). */
import { z } from 'zod';
import { Path, InConn } from '../studio-schemas';
import { procedure } from './define';

export const CATALOG_PROCEDURES = {
  'catalog:search': procedure(
    InConn.extend({
      query: z.string().trim().min(1).max(200),
      limit: z.number().int().min(1).max(5_000).optional(),
    }).strict(),
    z.object({
      matches: z.array(z.object({ path: Path, table: z.string().optional() })),
      scanned: z.number(),
      truncated: z.boolean(),
    }),
    [],
  ),
} as const;
