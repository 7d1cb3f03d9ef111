/** An open folder or object store served as a REST catalog from the app. */
import { z } from 'zod';
import { InConn, ServeRequestSchema, ServedCatalogSchema } from '../studio-schemas';
import { E, procedure } from './define';

export const SERVE_PROCEDURES = {
  /** A folder or object-store connection served as a REST catalog, as `catalog-studio serve` does. */
  'serve:start': procedure(InConn.extend(ServeRequestSchema.shape).strict(), ServedCatalogSchema, [
    E.InvalidInput,
  ]),
  'serve:list': procedure(z.object({}).strict(), z.array(ServedCatalogSchema), []),
  'serve:stop': procedure(z.object({ id: z.string().min(1) }).strict(), z.object({}), []),
} as const;
