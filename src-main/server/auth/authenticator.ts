/**
 * Who is calling: an API key (`x-api-key`) or a bearer token (`Authorization: Bearer`), read from
 * the headers before any body (http/credentials.ts). Static secrets are compared by SHA-256
 * digest in constant time; bearer JWTs are verified against the configured JWKS with `jose`, and
 * every claim they depend on fails closed: a missing `exp` (unless the file allows it), a
 * missing or malformed scope claim, an unknown role are refusals, never a wider grant.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import { createLocalJWKSet, errors as joseErrors, jwtVerify, type JSONWebKeySet } from 'jose';
import { errors } from '../../../src-shared/vocabulary/errors';
import { RoleSchema, type AuthConfig, type Role } from './auth-config';

export interface Principal {
  name: string;
  role: Role;
  /** Namespace subtrees the principal may reach; undefined = everything. */
  namespaces?: string[][];
  /** Databases the principal may use; undefined = every one served. */
  databases?: string[];
}

export interface Credentials {
  apiKey?: string;
  bearer?: string;
}

function digest(secret: string): Buffer {
  return createHash('sha256').update(secret, 'utf8').digest();
}

function storedDigest(entry: string): Buffer {
  if (entry.startsWith('sha256:')) {
    const hex = entry.slice('sha256:'.length);
    if (!/^[0-9a-fA-F]{64}$/.test(hex))
      throw errors.InvalidInput(`Invalid sha256 key entry: ${entry.slice(0, 12)}…`);
    return Buffer.from(hex, 'hex');
  }
  return digest(entry);
}

interface SecretEntry {
  digest: Buffer;
  principal: Principal;
}

export class Authenticator {
  private readonly keys: SecretEntry[] = [];
  private readonly tokens: SecretEntry[] = [];
  private readonly jwks?: ReturnType<typeof createLocalJWKSet>;

  constructor(
    private readonly config: AuthConfig,
    jwks?: unknown,
    /** Keys managed through the API (access/key-store.ts); it governs the file's keys it holds. */
    private readonly keyStore?: { lookup(secret: string): Principal | undefined },
  ) {
    for (const p of config.principals) {
      const principal: Principal = {
        name: p.name,
        role: p.role,
        ...(p.namespaces ? { namespaces: p.namespaces } : {}),
        ...(p.databases ? { databases: p.databases } : {}),
      };
      for (const key of p.api_keys ?? []) this.keys.push({ digest: storedDigest(key), principal });
      for (const token of p.bearer_tokens ?? [])
        this.tokens.push({ digest: storedDigest(token), principal });
    }
    if (config.oidc) {
      if (!jwks) throw errors.InvalidInput('oidc needs a JWKS');
      this.jwks = createLocalJWKSet(jwks as JSONWebKeySet);
    }
  }

  async authenticate(credentials: Credentials): Promise<Principal> {
    if (credentials.apiKey !== undefined) {
      const found =
        this.keyStore?.lookup(credentials.apiKey) ?? match(this.keys, credentials.apiKey);
      if (!found) throw errors.Unauthenticated('The API key is not valid');
      return found;
    }
    if (credentials.bearer !== undefined) {
      // A JWT is verified below; the store's keys have no dots.
      const jwt = this.jwks !== undefined && credentials.bearer.split('.').length === 3;
      const found =
        (jwt ? undefined : this.keyStore?.lookup(credentials.bearer)) ??
        match(this.tokens, credentials.bearer);
      if (found) return found;
      if (this.jwks && credentials.bearer.split('.').length === 3)
        return this.verifyJwt(credentials.bearer);
      throw errors.Unauthenticated('The bearer token is not valid');
    }
    throw errors.Unauthenticated(
      'Credentials are required: send x-api-key or Authorization: Bearer <token>',
    );
  }

  private async verifyJwt(token: string): Promise<Principal> {
    const oidc = this.config.oidc!;
    let payload: Record<string, unknown>;
    try {
      ({ payload } = await jwtVerify(token, this.jwks!, {
        issuer: oidc.issuer,
        audience: oidc.audience,
        requiredClaims: oidc.require_exp ? ['exp'] : [],
      }));
    } catch (error) {
      const why =
        error instanceof joseErrors.JWTExpired
          ? 'the token has expired'
          : error instanceof joseErrors.JWTClaimValidationFailed
            ? error.reason === 'missing'
              ? `claim ${error.claim} is missing`
              : `claim ${error.claim} is not valid`
            : 'the token signature or format is not valid';
      throw errors.Unauthenticated(`Bearer JWT rejected: ${why}`);
    }
    const role = RoleSchema.safeParse(payload[oidc.role_claim]);
    if (!role.success) {
      throw errors.PermissionDenied(
        `The token's ${oidc.role_claim} claim must be reader, writer or admin`,
      );
    }
    const namespaces = oidc.namespaces_claim
      ? scopesOf(payload[oidc.namespaces_claim], oidc.namespaces_claim)
      : undefined;
    return {
      name: oidc.name,
      role: role.data,
      ...(namespaces ? { namespaces } : {}),
      ...(oidc.databases ? { databases: oidc.databases } : {}),
    };
  }
}

/**
 * A scope claim as namespace paths: a list whose items are arrays of names or `$`-joined
 * strings, every name non-empty. Anything else (absent, null, a bare string, an empty path that
 * would mean the whole catalog) is refused rather than read as "no limit".
 */
function scopesOf(claim: unknown, name: string): string[][] {
  const refuse = (why: string) =>
    errors.PermissionDenied(`The token's ${name} claim ${why}; it must list namespace paths`);
  if (claim === undefined) throw refuse('is missing');
  if (!Array.isArray(claim)) throw refuse(`is ${claim === null ? 'null' : `a ${typeof claim}`}`);
  return claim.map((item) => {
    const path =
      typeof item === 'string'
        ? item.split('$')
        : Array.isArray(item) && item.every((part) => typeof part === 'string')
          ? (item as string[])
          : undefined;
    if (!path || path.length === 0 || path.some((part) => part === ''))
      throw refuse(`has an entry that is not a namespace path (${JSON.stringify(item)})`);
    return path;
  });
}

function match(entries: SecretEntry[], secret: string): Principal | undefined {
  const given = digest(secret);
  let found: Principal | undefined;
  // Compare against every entry so timing does not reveal which one matched.
  for (const entry of entries) if (timingSafeEqual(entry.digest, given)) found = entry.principal;
  return found;
}
