/**
 * The Keys and Audit views: principals, their API keys and the audit trail of a remote catalog
 * whose server manages them (`serve --auth`), through its admin routes (rest-contract/access.ts).
 */
import { z } from 'zod';
import {
  AuditEntry,
  AuditFilterBody,
  CreateKeyBody,
  CreatePrincipalBody,
  KeyIdBody,
  NewKey,
  PrincipalInfo,
  PrincipalNameBody,
  UpdatePrincipalBody,
} from '../rest-contract/access';
import { InConn } from '../studio-schemas';
import { procedure } from './define';

/** What the contract's bodies carry for other clients (`id`, `identity`, `context`), left out. */
const CONTRACT_ONLY = { id: true, identity: true, context: true } as const;

export const ACCESS_PROCEDURES = {
  'access:principals': procedure(InConn.strict(), z.array(PrincipalInfo), []),
  'access:create-principal': procedure(
    InConn.extend(CreatePrincipalBody.omit(CONTRACT_ONLY).shape).strict(),
    z.object({ principal: PrincipalInfo, key: NewKey }),
    [],
  ),
  'access:update-principal': procedure(
    InConn.extend(UpdatePrincipalBody.omit(CONTRACT_ONLY).shape).strict(),
    PrincipalInfo,
    [],
  ),
  'access:revoke-principal': procedure(
    InConn.extend(PrincipalNameBody.omit(CONTRACT_ONLY).shape).strict(),
    PrincipalInfo,
    [],
  ),
  'access:create-key': procedure(
    InConn.extend(CreateKeyBody.omit(CONTRACT_ONLY).shape).strict(),
    NewKey,
    [],
  ),
  'access:revoke-key': procedure(
    InConn.extend(KeyIdBody.omit(CONTRACT_ONLY).shape).strict(),
    PrincipalInfo,
    [],
  ),
  'access:audit': procedure(
    InConn.extend(AuditFilterBody.omit(CONTRACT_ONLY).shape).strict(),
    z.array(AuditEntry),
    [],
  ),
} as const;
