/**
 * Principals, their API keys and the audit trail, managed through the API (issue 37): rows of the
 * REST contract for the admin routes, and the shapes they answer with. Every route here needs an
 * admin whose reach is the whole catalog (no namespace or database limits): a scoped admin could
 * otherwise mint a key wider than its own.
 */
import { z } from 'zod';
import { Common } from './bodies';
import { restRoute } from './route';

/** A principal's name: what logs, the audit trail and `whoami` show. */
export const PRINCIPAL_NAME = /^[A-Za-z0-9][A-Za-z0-9._@-]{0,63}$/;
export const PrincipalName = z
  .string()
  .regex(
    PRINCIPAL_NAME,
    'a principal name is 1 to 64 letters, digits, ".", "_", "@" or "-", starting with a letter or digit',
  );
export const KEY_ID = /^k_[0-9a-f]{16}$/;
export const KeyId = z.string().regex(KEY_ID, 'a key id looks like k_ and 16 hex digits');
export const PrincipalRole = z.enum(['reader', 'writer', 'admin']);
/** Namespace subtrees; null (or absent on create) = the whole catalog. */
export const Scopes = z.array(z.array(z.string().min(1)).min(1)).max(100);
/** Epoch milliseconds. */
const Millis = z.number().int().min(0);

export const ApiKeyInfo = z.object({
  key_id: z.string(),
  created_at: z.number(),
  created_by: z.string(),
  expires_at: z.number().nullable(),
  revoked_at: z.number().nullable(),
  state: z.enum(['active', 'expired', 'revoked']),
});
export type ApiKeyInfo = z.infer<typeof ApiKeyInfo>;

export const PrincipalInfo = z.object({
  name: z.string(),
  role: PrincipalRole,
  namespaces: z.array(z.array(z.string())).nullable(),
  /** `file`: seeded from the `--auth` file; `api`: created through these routes. */
  source: z.enum(['file', 'api']),
  created_at: z.number(),
  updated_at: z.number(),
  revoked_at: z.number().nullable(),
  keys: z.array(ApiKeyInfo),
});
export type PrincipalInfo = z.infer<typeof PrincipalInfo>;

/** A key as it is handed out: the only time its secret is shown. */
export const NewKey = z.object({
  principal: z.string(),
  key_id: z.string(),
  api_key: z.string(),
  expires_at: z.number().nullable(),
});
export type NewKey = z.infer<typeof NewKey>;

export const AuditEntry = z.object({
  time: z.number(),
  principal: z.string(),
  /** The REST contract's route name (`dropTable`, `createKey`, …). */
  action: z.string(),
  /** The table or namespace (`ns.table`), or the principal or key an admin action was about. */
  target: z.string(),
  /** `ok`, or the error's name (`PermissionDenied`, `TableNotFound`, …). */
  result: z.string(),
  status: z.number(),
  database: z.string(),
  /** Which replica and process answered (host:pid). */
  replica: z.string(),
  request_id: z.string(),
});
export type AuditEntry = z.infer<typeof AuditEntry>;

export const CreatePrincipalBody = Common.extend({
  name: PrincipalName,
  role: PrincipalRole,
  namespaces: Scopes.optional().nullable(),
  /** When the first key stops working; absent = never. */
  expires_at: Millis.optional().nullable(),
});
export const UpdatePrincipalBody = Common.extend({
  name: PrincipalName,
  role: PrincipalRole.optional(),
  /** null = the whole catalog; absent = unchanged. */
  namespaces: Scopes.optional().nullable(),
});
export const PrincipalNameBody = Common.extend({ name: PrincipalName });
export const CreateKeyBody = Common.extend({
  principal: PrincipalName,
  expires_at: Millis.optional().nullable(),
});
export const KeyIdBody = Common.extend({ key_id: KeyId });
export const AuditFilterBody = Common.extend({
  principal: z.string().max(200).optional().nullable(),
  action: z.string().max(200).optional().nullable(),
  /** Entries whose target starts with this (a namespace finds its tables too). */
  target: z.string().max(2000).optional().nullable(),
  since: Millis.optional().nullable(),
  until: Millis.optional().nullable(),
  limit: z.number().int().min(1).max(10_000).optional().nullable(),
});
export type AuditFilter = z.infer<typeof AuditFilterBody>;

const PrincipalReply = z.object({ principal: PrincipalInfo });

export const ACCESS_ROUTES = {
  listPrincipals: restRoute({
    method: ['GET', 'POST'],
    path: '/v1/access/principals/list',
    target: 'catalog',
    access: 'admin',
    body: Common,
    reply: 'json',
    replySchema: z.object({ principals: z.array(PrincipalInfo) }),
    errors: [],
  }),
  createPrincipal: restRoute({
    method: 'POST',
    path: '/v1/access/principals/create',
    target: 'catalog',
    access: 'admin',
    body: CreatePrincipalBody,
    reply: 'json',
    replySchema: z.object({ principal: PrincipalInfo, key: NewKey }),
    errors: [],
  }),
  updatePrincipal: restRoute({
    method: 'POST',
    path: '/v1/access/principals/update',
    target: 'catalog',
    access: 'admin',
    body: UpdatePrincipalBody,
    reply: 'json',
    replySchema: PrincipalReply,
    errors: [],
  }),
  revokePrincipal: restRoute({
    method: 'POST',
    path: '/v1/access/principals/revoke',
    target: 'catalog',
    access: 'admin',
    body: PrincipalNameBody,
    reply: 'json',
    replySchema: PrincipalReply,
    errors: [],
  }),
  createKey: restRoute({
    method: 'POST',
    path: '/v1/access/keys/create',
    target: 'catalog',
    access: 'admin',
    body: CreateKeyBody,
    reply: 'json',
    replySchema: z.object({ key: NewKey }),
    errors: [],
  }),
  revokeKey: restRoute({
    method: 'POST',
    path: '/v1/access/keys/revoke',
    target: 'catalog',
    access: 'admin',
    body: KeyIdBody,
    reply: 'json',
    replySchema: PrincipalReply,
    errors: [],
  }),
  listAudit: restRoute({
    method: ['GET', 'POST'],
    path: '/v1/audit/list',
    target: 'catalog',
    access: 'admin',
    body: AuditFilterBody,
    reply: 'json',
    replySchema: z.object({ entries: z.array(AuditEntry) }),
    errors: [],
  }),
};
