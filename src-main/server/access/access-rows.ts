/**
 * The rows of the access state tables (principals and their keys): their names, Arrow schemas and
 * shapes, and how a row reads as the contract's PrincipalInfo. The store (key-store.ts) reads and
 * writes them.
 */
import { arrow } from '../../catalog/arrow';
import type { ApiKeyInfo, PrincipalInfo } from '../../../src-shared/rest-contract/access';
import type { Role } from '../auth/auth-config';

export const PRINCIPALS = 'access_principals';
export const KEYS = 'access_keys';

export const PRINCIPALS_SCHEMA = new arrow.Schema([
  new arrow.Field('name', new arrow.Utf8(), false),
  new arrow.Field('role', new arrow.Utf8(), false),
  new arrow.Field('namespaces', new arrow.Utf8(), true),
  new arrow.Field('source', new arrow.Utf8(), false),
  new arrow.Field('created_at', new arrow.Float64(), false),
  new arrow.Field('updated_at', new arrow.Float64(), false),
  new arrow.Field('revoked_at', new arrow.Float64(), true),
]);

export const KEYS_SCHEMA = new arrow.Schema([
  new arrow.Field('key_id', new arrow.Utf8(), false),
  new arrow.Field('principal', new arrow.Utf8(), false),
  new arrow.Field('digest', new arrow.Utf8(), false),
  new arrow.Field('created_at', new arrow.Float64(), false),
  new arrow.Field('created_by', new arrow.Utf8(), false),
  new arrow.Field('expires_at', new arrow.Float64(), true),
  new arrow.Field('revoked_at', new arrow.Float64(), true),
]);

export interface PrincipalRow {
  name: string;
  role: string;
  namespaces: string | null;
  source: string;
  created_at: number;
  updated_at: number;
  revoked_at: number | null;
}

export interface KeyRow {
  key_id: string;
  principal: string;
  digest: string;
  created_at: number;
  created_by: string;
  expires_at: number | null;
  revoked_at: number | null;
}

export function keyState(
  key: Pick<KeyRow, 'revoked_at' | 'expires_at'>,
  principal: PrincipalRow | undefined,
  now: number,
) {
  if (key.revoked_at !== null || !principal || principal.revoked_at !== null) return 'revoked';
  if (key.expires_at !== null && key.expires_at <= now) return 'expired';
  return 'active';
}

export function parseScopes(text: string | null): string[][] | null {
  if (text === null) return null;
  const value = JSON.parse(text) as unknown;
  if (!Array.isArray(value)) throw new Error('namespaces is not a list');
  return value as string[][];
}

/** The first row of each id; a revocation found on any copy wins (revokes update every copy). */
export function unique<T extends { revoked_at: number | null }>(
  rows: T[],
  id: (row: T) => string,
): T[] {
  const kept = new Map<string, T>();
  for (const row of rows) {
    const seen = kept.get(id(row));
    if (!seen || (seen.revoked_at === null && row.revoked_at !== null)) kept.set(id(row), row);
  }
  return [...kept.values()];
}

export function info(p: PrincipalRow, keys: KeyRow[], now: number): PrincipalInfo {
  return {
    name: p.name,
    role: p.role as Role,
    namespaces: parseScopes(p.namespaces),
    source: p.source === 'file' ? 'file' : 'api',
    created_at: p.created_at,
    updated_at: p.updated_at,
    revoked_at: p.revoked_at,
    keys: keys
      .filter((k) => k.principal === p.name)
      .sort((a, b) => a.created_at - b.created_at)
      .map((k): ApiKeyInfo => ({
        key_id: k.key_id,
        created_at: k.created_at,
        created_by: k.created_by,
        expires_at: k.expires_at,
        revoked_at: k.revoked_at,
        state: keyState(k, p, now),
      })),
  };
}
