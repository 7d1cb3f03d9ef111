/**
 * Validates caller-supplied options against their contract schema. Callers may be plain
 * JavaScript, IPC or HTTP, so types alone prove nothing; a bad shape is InvalidInput.
 */
import type { z } from 'zod';
import { errors } from '../../src-shared/vocabulary/errors';

export function describeZodError(error: z.ZodError): string {
  return error.issues
    .map((issue) => `${issue.path.length > 0 ? issue.path.join('.') : 'value'}: ${issue.message}`)
    .join('; ');
}

export function parseOptions<S extends z.ZodType>(schema: S, value: unknown): z.infer<S> {
  const result = schema.safeParse(value ?? {});
  if (!result.success)
    throw errors.InvalidInput(`Invalid options: ${describeZodError(result.error)}`);
  return result.data;
}
