/**
 * API keys handed out through the admin routes: 256 random bits, kept only as their SHA-256
 * digest. A digest of a random 256-bit key needs no salt or slow hash (there is nothing to guess
 * from a dictionary); keys are compared by digest in constant time, against every entry.
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/** The prefix says what a leaked string is (secret scanners look for such prefixes). */
export const KEY_PREFIX = 'csk_';

export function newApiKey(): string {
  return KEY_PREFIX + randomBytes(32).toString('base64url');
}

export function newKeyId(): string {
  return `k_${randomBytes(8).toString('hex')}`;
}

export function keyDigest(secret: string): Buffer {
  return createHash('sha256').update(secret, 'utf8').digest();
}

/** The entry whose digest matches, looked for in every entry so timing tells nothing. */
export function findByDigest<T extends { digest: Buffer }>(
  entries: readonly T[],
  secret: string,
): T | undefined {
  const given = keyDigest(secret);
  let found: T | undefined;
  for (const entry of entries) if (timingSafeEqual(entry.digest, given)) found = entry;
  return found;
}
