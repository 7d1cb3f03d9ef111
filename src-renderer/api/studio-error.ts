/**
 * Errors from the host arrive as values (code, name, message). The renderer turns them into
 * thrown StudioErrors so react-query can hold them, and into words a person can act on.
 */
import { ERROR_CODES } from '../../src-shared/vocabulary/errors';
import type { Result } from '../../src-shared/studio-procedures';

export class StudioError extends Error {
  constructor(
    readonly code: number,
    readonly errorName: string,
    message: string,
  ) {
    super(message);
    this.name = 'StudioError';
  }
}

export function unwrap<T>(result: Result<T>): T {
  if (result.ok) return result.value;
  throw new StudioError(result.error.code, result.error.name, result.error.message);
}

export interface ErrorView {
  title: string;
  detail: string;
  /** What to do about it, for the errors a person can fix. */
  next?: string;
}

/** "TableIndexNotFound" → "Table index not found": titles follow the error taxonomy's names. */
function titleOf(name: string): string {
  const words = name.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

const NEXT_STEP: Partial<Record<number, string>> = {
  [ERROR_CODES.Unauthenticated]:
    'Check the API key or bearer token of this connection, then reconnect.',
  [ERROR_CODES.PermissionDenied]:
    'Your credentials may not change this; ask for a writer or admin key, or use a namespace inside your scope.',
  [ERROR_CODES.ServiceUnavailable]:
    'The service is busy or unreachable. Wait a moment and try again.',
};

export type NextSteps = Partial<Record<number, string>>;

/** The next steps for an object store, whose credentials are keys or a profile, not an API key. */
export const OBJECT_STORE_NEXT_STEP: NextSteps = {
  [ERROR_CODES.Unauthenticated]:
    'Check the credentials: the access key ID and secret access key (or the profile) for S3, the account name and key (or SAS token) for Azure, the service account key for Google Cloud Storage.',
  [ERROR_CODES.PermissionDenied]:
    'The credentials need permission to list, read and write objects under this URI.',
  [ERROR_CODES.ServiceUnavailable]: 'Check the endpoint address and that the store is running.',
  [ERROR_CODES.NamespaceNotFound]:
    'Check the bucket (or Azure container) name and the endpoint; the bucket must exist before a catalog can live in it.',
};

/** Words too common to tell one piece of advice from another. */
const COMMON_WORDS = new Set(['that', 'this', 'then', 'with', 'your', 'what', 'from', 'there']);

function adviceWords(text: string): string[] {
  return (text.toLowerCase().match(/[a-z0-9]+/g) ?? []).filter(
    (w) => w.length >= 4 && !COMMON_WORDS.has(w),
  );
}

/**
 * Whether the detail already gives the next step's advice in its own words (the engine's
 * messages often end with what to do): most of the next step's words are in it.
 */
export function repeatsAdvice(detail: string, next: string): boolean {
  const words = adviceWords(next);
  if (words.length === 0) return false;
  const said = new Set(adviceWords(detail));
  return words.filter((w) => said.has(w)).length / words.length >= 0.75;
}

/**
 * The title, the detail and the next step of any error, never a stack; `nextSteps` replaces the
 * general advice where the place the error came from knows better. A next step the detail
 * already says is left out, so no advice is given twice.
 */
export function describeError(error: unknown, nextSteps?: NextSteps): ErrorView {
  if (error instanceof StudioError) {
    const advice = nextSteps ? nextSteps[error.code] : NEXT_STEP[error.code];
    const next = advice && !repeatsAdvice(error.message, advice) ? advice : undefined;
    return {
      title: titleOf(error.errorName),
      detail: error.message,
      ...(next ? { next } : {}),
    };
  }
  const message = error instanceof Error ? error.message : String(error);
  return { title: 'Something went wrong', detail: message.split('\n')[0] ?? message };
}
