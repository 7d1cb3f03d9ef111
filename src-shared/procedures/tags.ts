/** A table's tags. */
import { z } from 'zod';
import { TagInfoSchema } from '../catalog-api';
import { Name, InTable } from '../studio-schemas';
import { E, procedure } from './define';

export const TAGS_PROCEDURES = {
  'tags:list': procedure(InTable.strict(), z.array(TagInfoSchema), [E.TableNotFound]),
  'tags:create': procedure(
    InTable.extend({ tag: Name, version: z.number().int().min(1) }).strict(),
    z.object({}),
    [E.TableNotFound, E.TableTagAlreadyExists, E.TableVersionNotFound],
    'write',
  ),
  /** Moves a tag to another version. */
  'tags:update': procedure(
    InTable.extend({ tag: Name, version: z.number().int().min(1) }).strict(),
    z.object({}),
    [E.TableNotFound, E.TableTagNotFound, E.TableVersionNotFound],
    'write',
  ),
  'tags:delete': procedure(
    InTable.extend({ tag: Name }).strict(),
    z.object({}),
    [E.TableNotFound, E.TableTagNotFound],
    'write',
  ),
} as const;
