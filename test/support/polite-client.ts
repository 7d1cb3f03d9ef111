/**
 * An HTTP client that behaves as the server asks: on 503 "Slow down" it waits for Retry-After
 * (with jitter, so refused clients do not come back in step) and tries again. Every other answer
 * is returned as it is.
 */

export interface PoliteReply {
  status: number;
  raw: Uint8Array;
  /** Time of the attempt that was answered, without the waits before it. */
  ms: number;
  /** 503s received (each with Retry-After) before this answer. */
  slowDowns: number;
  /** 503s that came without Retry-After: a broken promise of the contract. */
  missingRetryAfter: number;
}

export async function politeRequest(
  url: string,
  init: { method: string; body?: Uint8Array | string; contentType?: string },
  { deadline = Date.now() + 120_000 } = {},
): Promise<PoliteReply> {
  let slowDowns = 0;
  let missingRetryAfter = 0;
  for (;;) {
    const started = performance.now();
    const response = await fetch(url, {
      method: init.method,
      ...(init.body === undefined
        ? {}
        : {
            body: init.body,
            headers: { 'content-type': init.contentType ?? 'application/json' },
          }),
    });
    const raw = new Uint8Array(await response.arrayBuffer());
    const ms = performance.now() - started;
    if (response.status !== 503 || Date.now() > deadline)
      return { status: response.status, raw, ms, slowDowns, missingRetryAfter };
    slowDowns += 1;
    const retryAfter = Number(response.headers.get('retry-after'));
    if (!(retryAfter > 0)) missingRetryAfter += 1;
    const waitMs = (retryAfter > 0 ? retryAfter * 1000 : 1000) * (0.5 + Math.random());
    await new Promise((resolve) => setTimeout(resolve, waitMs));
  }
}
