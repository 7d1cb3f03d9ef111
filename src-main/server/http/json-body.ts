/**
 * The one validation step for a route's JSON body: the contract row's schema
 * (src-shared/rest-contract/) applied to the body as received, before the route's handler runs.
 * A failure is InvalidInput naming the field, as every route has always answered.
 */
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { errors } from '../../../src-shared/vocabulary/errors';
import { describeZodError } from '../../catalog/parse-options';

/** The body checked against `schema`; undefined when the route reads no JSON body. */
export function readJsonBody(schema: z.ZodType | undefined, request: FastifyRequest): unknown {
  if (!schema) return undefined;
  const rawBody = request.body;
  // A body the edge read for its identity was parsed there: the route gets that value.
  const value = request.identityBody
    ? request.identityBody.parsed
    : rawBody instanceof Uint8Array
      ? parseJsonBytes(rawBody)
      : rawBody;
  // Absent bodies, `{}` and `null` are treated alike.
  const parsed = schema.safeParse(value === undefined || value === null ? {} : value);
  if (!parsed.success)
    throw errors.InvalidInput(`Invalid request body: ${describeZodError(parsed.error)}`);
  return parsed.data;
}

function parseJsonBytes(bytes: Uint8Array): unknown {
  if (bytes.byteLength === 0) return undefined;
  // A view, not a copy; JSON.parse itself skips the whitespace around a value.
  const text = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('utf8');
  try {
    return JSON.parse(text);
  } catch {
    // Trimmed, a byte-order mark and Unicode spaces go too, which JSON.parse does not skip; and
    // whitespace alone is an absent body, as an empty one is.
    const trimmed = text.trim();
    if (trimmed === '') return undefined;
    try {
      return JSON.parse(trimmed);
    } catch {
      throw errors.InvalidInput('The request body is not valid JSON');
    }
  }
}
