/**
 * The retry and timeout settings LanceDB is given for every table on an object-store root, set
 * on purpose rather than left at object_store's defaults (10 retries within 3 minutes, 30 s per
 * request: a store that stops answering held a request for minutes). Keys as Lance 12 (under
 * LanceDB 0.39) reads them from storage options:
 *
 * - `connect_timeout` (object_store's client option): a live store accepts a connection in
 *   milliseconds; 2 s tells a dead one quickly.
 * - `timeout` (object_store): one attempt's whole time, body included. A data file goes up in
 *   parts of 5 MB and more, so it stays generous; a store that accepts and never answers is
 *   caught by the catalog's watchdog within its bound instead (store-health.ts).
 * - `client_max_retries` and `client_retry_timeout` (Lance's own keys, seconds): a throttled
 *   (503 SlowDown) or failing (500) request is retried up to 10 times, with object_store's
 *   exponential backoff and jitter, all within 8 s, close to the catalog's bound of 10 s; what
 *   still fails becomes a 503 "the object store is throttling" (lance-errors.ts). Retries are
 *   cheap inside the time budget: with 6, a store throttling half the requests failed about one
 *   namespace create in seven (each makes some twenty requests).
 *
 * Lance also retries a failed LIST from the start up to five more times (its ListRetryStream, not
 * configurable), which is why the watchdog, not these settings, holds a request to the bound.
 * A setting the user gives (`--storage timeout=60s`) wins over these.
 */
export const LANCE_RETRY_OPTIONS: Readonly<Record<string, string>> = {
  connect_timeout: '2s',
  timeout: '20s',
  client_max_retries: '10',
  client_retry_timeout: '8',
};
