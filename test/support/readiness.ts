/**
 * Waits for a `serve` to say it is ready (`GET /readyz` 200: every worker up, every root
 * answering), as a load balancer does before it sends anything. The listening line comes once the
 * first worker is ready; a test that needs the whole pool waits for this instead.
 */
export async function waitReady(url: string, timeoutMs = 60_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  let last = '';
  while (Date.now() < until) {
    try {
      const reply = await fetch(`${url}/readyz`);
      last = await reply.text();
      if (reply.status === 200) return;
    } catch (error) {
      last = (error as Error).message;
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${url} was not ready within ${timeoutMs} ms: ${last}`);
}

/** Waits for `/readyz` to answer `status` (200 ready, 503 not), e.g. while a store is down. */
export async function waitReadiness(
  url: string,
  status: 200 | 503,
  timeoutMs = 30_000,
): Promise<{ ms: number; body: unknown }> {
  const started = Date.now();
  let last: unknown;
  while (Date.now() - started < timeoutMs) {
    const reply = await fetch(`${url}/readyz`);
    last = await reply.json();
    if (reply.status === status) return { ms: Date.now() - started, body: last };
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(
    `/readyz did not answer ${status} within ${timeoutMs} ms: ${JSON.stringify(last)}`,
  );
}
