/**
 * Which failures of an object store are its bad day rather than a mistake: throttling (503
 * SlowDown, 429), the store failing inside (500 InternalError, 502, 504) and the store not
 * answering (refused or reset connections, timeouts, a reply cut mid-body). Those are worth
 * retrying, and once retries are spent they are the store's fault, never the caller's: the
 * catalog answers them with 503 and Retry-After, naming the condition (see `storeUnavailable`).
 *
 * One reading serves the AWS SDK's errors (the catalog's own S3 calls) and LanceDB's texts
 * (object_store's "Generic S3 error: … HTTP error: error sending request", "Please reduce your
 * request rate", "InternalError"…), whose only structure is the message.
 */
import { CatalogError, ERROR_CODES } from '../../../src-shared/vocabulary/errors';

export type StoreCondition = 'throttling' | 'failing' | 'unreachable';

interface SdkFailure {
  name?: string;
  code?: string | number;
  message?: string;
  statusCode?: number;
  $metadata?: { httpStatusCode?: number };
  $retryable?: unknown;
  cause?: unknown;
}

const THROTTLED_NAMES =
  /^(SlowDown|Throttling|ThrottlingException|TooManyRequests|RequestLimitExceeded|ServerBusy)$/;
const FAILING_NAMES = /^(InternalError|ServiceUnavailable|InternalServerError)$/;
const UNREACHABLE_CODES =
  /ECONNREFUSED|ECONNRESET|ENOTFOUND|EAI_AGAIN|ETIMEDOUT|EHOSTUNREACH|ENETUNREACH|EPIPE|ECONNABORTED|UND_ERR_SOCKET/;
const UNREACHABLE_NAMES = /^(TimeoutError|RequestTimeout|AbortError|RequestTimeoutException)$/;

/** LanceDB's texts for the same conditions (object_store and Lance's own retry layers). */
const LANCE_THROTTLED =
  /please reduce your request rate|SlowDown|status: 429|status: 503|Too Many Requests|throttl/i;
const LANCE_FAILING =
  /InternalError|We encountered an internal error|status: 50[0234]\b|Internal Server Error|Bad Gateway|Gateway Timeout/i;
const LANCE_UNREACHABLE =
  /error sending request|connection (refused|reset|closed)|operation timed out|timed out|error decoding response body|IncompleteBody|unexpected end of file|broken pipe|Connection reset by peer|dns error|tcp connect error/i;
/** Only store errors: LanceDB texts that name the object store layer. */
const LANCE_STORE_ERROR =
  /Generic (S3|MicrosoftAzure|GCS|HTTP) error|object store|ObjectStore|LanceError\(IO\)/i;

function statusOf(failure: SdkFailure): number | undefined {
  return (
    failure.$metadata?.httpStatusCode ??
    failure.statusCode ??
    (typeof failure.code === 'number' ? failure.code : undefined)
  );
}

/** The condition a failure of one store request shows, or undefined when it is not the store's day. */
export function storeCondition(error: unknown): StoreCondition | undefined {
  if (error instanceof CatalogError)
    return (error as { storeCondition?: StoreCondition }).storeCondition;
  if (!error || typeof error !== 'object') return undefined;
  const failure = error as SdkFailure;
  const name = failure.name ?? '';
  const code = String(failure.code ?? '');
  const status = statusOf(failure);
  if (THROTTLED_NAMES.test(name) || status === 429 || (status === 503 && /SlowDown/i.test(name)))
    return 'throttling';
  if (FAILING_NAMES.test(name) || (status !== undefined && [500, 502, 503, 504].includes(status)))
    return status === 503 ? 'throttling' : 'failing';
  if (UNREACHABLE_CODES.test(code) || UNREACHABLE_NAMES.test(name)) return 'unreachable';
  const message = failure.message ?? '';
  // The SDK's own wrapping of a socket failure, and a reply cut mid-body.
  if (
    /REQUEST_SEND_ERROR|socket hang up|aborted|Premature close|other side closed/i.test(
      `${code} ${message}`,
    )
  )
    return 'unreachable';
  if (UNREACHABLE_CODES.test(message)) return 'unreachable';
  const cause = failure.cause;
  if (cause && cause !== error) return storeCondition(cause);
  return undefined;
}

/** The same reading for LanceDB's message texts; undefined when the text is not a store failure. */
export function lanceStoreCondition(text: string): StoreCondition | undefined {
  if (!LANCE_STORE_ERROR.test(text)) return undefined;
  if (LANCE_THROTTLED.test(text)) return 'throttling';
  if (LANCE_UNREACHABLE.test(text)) return 'unreachable';
  if (LANCE_FAILING.test(text)) return 'failing';
  return undefined;
}

const SAID: Record<StoreCondition, string> = {
  throttling: 'the object store is throttling (it answered "slow down")',
  failing: 'the object store is failing (it answered with internal errors)',
  unreachable: 'the object store is unreachable (it did not answer)',
};

/** Seconds a client is asked to wait before trying again, by condition. */
export const RETRY_AFTER_SECONDS: Record<StoreCondition, number> = {
  throttling: 2,
  failing: 2,
  unreachable: 5,
};

/** A CatalogError that also says which condition of the store it reports and when to try again. */
export interface StoreUnavailableError extends CatalogError {
  storeCondition: StoreCondition;
  retryAfterSeconds: number;
}

/**
 * The 503 for a request the store failed: the condition first, so a person knows what is wrong
 * and that it is not their request; what the store said stays in `detail`.
 */
export function storeUnavailable(
  condition: StoreCondition,
  where: string,
  cause: unknown,
  tried?: string,
): StoreUnavailableError {
  const raw = cause instanceof Error ? cause.message : String(cause);
  const error = new CatalogError(
    ERROR_CODES.ServiceUnavailable,
    `${capitalise(SAID[condition])} at ${where}${tried ? ` (${tried})` : ''}; nothing is wrong with the request: try again shortly`,
    { cause, detail: raw },
  ) as StoreUnavailableError;
  error.storeCondition = condition;
  error.retryAfterSeconds = RETRY_AFTER_SECONDS[condition];
  return error;
}

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
