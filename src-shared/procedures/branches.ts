/** A table's branches. */
import { z } from 'zod';
import { BranchInfoSchema } from '../catalog-api';
import { Name, InTable } from '../studio-schemas';
import { E, procedure } from './define';

export const BRANCHES_PROCEDURES = {
  'branches:list': procedure(InTable.strict(), z.array(BranchInfoSchema), [E.TableNotFound]),
  'branches:create': procedure(
    InTable.extend({ name: Name, fromVersion: z.number().int().min(1).optional() }).strict(),
    z.object({}),
    [E.TableNotFound, E.TableBranchAlreadyExists, E.TableVersionNotFound],
    'write',
  ),
  'branches:delete': procedure(
    InTable.extend({ name: Name }).strict(),
    z.object({}),
    [E.TableNotFound, E.TableBranchNotFound],
    'write',
  ),
} as const;
