/**
 * The `--auth FILE` format: principals with API keys or bearer tokens, a role, and optional
 * namespace scopes and databases; optionally an OIDC issuer whose JWTs are verified against a
 * local JWKS. Everything a token may grant is bounded by this file: a JWT's claims can narrow a
 * principal's reach (scopes), never name it or widen it past what is configured here.
 */
import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { z } from 'zod';
import { errors } from '../../../src-shared/vocabulary/errors';
import { describeZodError } from '../../catalog/parse-options';

export const RoleSchema = z.enum(['reader', 'writer', 'admin']);
export type Role = z.infer<typeof RoleSchema>;

const Secret = z.string().min(1);

export const AuthFileSchema = z
  .object({
    principals: z
      .array(
        z
          .object({
            name: z.string().min(1),
            /** Plain keys, or `sha256:<hex>` of the key. */
            api_keys: z.array(Secret).optional(),
            bearer_tokens: z.array(Secret).optional(),
            role: RoleSchema,
            /** Subtrees this principal may touch; absent = the whole catalog. */
            namespaces: z.array(z.array(z.string().min(1))).optional(),
            /** `--database` names this principal may use; absent = every database served. */
            databases: z.array(z.string().min(1)).optional(),
          })
          .strict(),
      )
      .default([]),
    oidc: z
      .object({
        issuer: z.string().min(1),
        audience: z.string().min(1),
        jwks_file: z.string().min(1),
        /** The principal name every JWT maps to, in logs and messages; never a claim. */
        name: z.string().min(1).default('oidc'),
        role_claim: z.string().min(1).default('role'),
        /**
         * When set, every token must carry this claim: a list of namespace paths (arrays of
         * names, or `$`-joined strings). A token without it, or with anything else there, is
         * refused (403), never given the whole catalog.
         */
        namespaces_claim: z.string().min(1).optional(),
        /** Tokens must carry `exp`; `false` accepts tokens that never expire. */
        require_exp: z.boolean().default(true),
        /** `--database` names tokens may use; absent = every database served. */
        databases: z.array(z.string().min(1)).optional(),
      })
      .strict()
      .optional(),
  })
  .strict();

/** What an auth file may contain (defaults may be left out). */
export type AuthFile = z.input<typeof AuthFileSchema>;
/** An auth file once read, with its defaults filled in. */
export type AuthConfig = z.output<typeof AuthFileSchema>;

export function parseAuthFile(text: string, source = 'the auth file'): AuthConfig {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (cause) {
    throw errors.InvalidInput(`${source} is not valid JSON: ${(cause as Error).message}`);
  }
  const parsed = AuthFileSchema.safeParse(json);
  if (!parsed.success)
    throw errors.InvalidInput(`${source} is invalid: ${describeZodError(parsed.error)}`);
  return parsed.data;
}

/** Reads the file; a relative `jwks_file` is resolved against the auth file's folder. */
export function loadAuthFile(path: string): { config: AuthConfig; jwks?: unknown } {
  const config = parseAuthFile(readFileSync(path, 'utf8'), path);
  if (!config.oidc) return { config };
  const jwksPath = resolve(dirname(path), config.oidc.jwks_file);
  let jwks: unknown;
  try {
    jwks = JSON.parse(readFileSync(jwksPath, 'utf8'));
  } catch (cause) {
    throw errors.InvalidInput(`Cannot read the JWKS file ${jwksPath}: ${(cause as Error).message}`);
  }
  return { config, jwks };
}
