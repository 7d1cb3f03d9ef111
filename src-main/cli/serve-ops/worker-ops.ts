/**
 * The probes and metrics on a worker's connections. Clients' connections are handed to the
 * workers, so a probe reaches whichever worker holds its connection; what it reports is still
 * the whole service's, which only the primary knows:
 *
 * - `/readyz`: the primary sends every worker its readiness (readiness.ts) whenever it changes,
 *   and the worker answers from the last state it was sent, so a probe costs the primary nothing.
 *   Until the first one comes, the worker says it is not ready.
 * - `/metrics`: the worker asks the primary for the service's exposition (every worker's
 *   registry summed with the primary's, metrics-link.ts) and answers with it.
 * - `/healthz` is the worker's own: it answers, so it lives.
 */
import type { ChildProcess } from 'node:child_process';
import type { ReadinessState } from './readiness';

interface ReadinessPush {
  readiness: ReadinessState;
}
interface ScrapeAsk {
  scrapeAsk: number;
}
interface ScrapeAnswer {
  scrapeAnswer: number;
  body?: string;
  contentType?: string;
  error?: string;
}

/** How long a worker waits for the primary's exposition. */
const SCRAPE_ANSWER_MS = 5_000;

const WAITING: ReadinessState = {
  ready: false,
  checks: { workers: 'this worker has not heard from the primary yet' },
};

/** The worker's side: the readiness the primary last sent. */
export function readinessFromPrimary(): () => ReadinessState {
  let last = WAITING;
  process.on('message', (message: Partial<ReadinessPush>) => {
    if (message?.readiness) last = message.readiness;
  });
  return () => last;
}

let scrapeAsks = 0;

/** The worker's side: the service's exposition, asked of the primary. */
export function scrapeThroughPrimary(): Promise<{ body: string; contentType: string }> {
  const id = (scrapeAsks += 1);
  return new Promise((resolve, reject) => {
    const done = (answer: ScrapeAnswer | undefined) => {
      clearTimeout(timer);
      process.off('message', onMessage);
      if (answer?.body !== undefined && answer.contentType)
        resolve({ body: answer.body, contentType: answer.contentType });
      else reject(new Error(answer?.error ?? 'the primary did not answer in time'));
    };
    const onMessage = (message: Partial<ScrapeAnswer>) => {
      if (message?.scrapeAnswer === id) done(message as ScrapeAnswer);
    };
    const timer = setTimeout(() => done(undefined), SCRAPE_ANSWER_MS);
    process.on('message', onMessage);
    try {
      process.send!({ scrapeAsk: id } satisfies ScrapeAsk);
    } catch (error) {
      done({ scrapeAnswer: id, error: (error as Error).message });
    }
  });
}

/**
 * The primary's side: sends the readiness to the ready workers when it has changed since it was
 * last sent. A worker that becomes ready changes it (its "workers" check), so it is sent then.
 */
export function readinessPusher(
  state: () => ReadinessState,
  workers: () => ChildProcess[],
): () => void {
  let last = '';
  return () => {
    const now = state();
    const text = JSON.stringify(now);
    if (text === last) return;
    last = text;
    for (const child of workers()) send(child, { readiness: now } satisfies ReadinessPush);
  };
}

/** The primary's side: answers a worker's ask for the exposition; false if it was no such ask. */
export function answerScrapeAsk(
  child: ChildProcess,
  message: unknown,
  scrape: (() => Promise<{ body: string; contentType: string }>) | undefined,
): boolean {
  const id = (message as Partial<ScrapeAsk> | undefined)?.scrapeAsk;
  if (typeof id !== 'number') return false;
  const answer = (reply: Omit<ScrapeAnswer, 'scrapeAnswer'>) =>
    send(child, { scrapeAnswer: id, ...reply } satisfies ScrapeAnswer);
  if (!scrape) answer({ error: 'metrics are off' });
  else
    scrape().then(
      ({ body, contentType }) => answer({ body, contentType }),
      (error: unknown) => answer({ error: (error as Error).message }),
    );
  return true;
}

/** A send to a worker that is going fails quietly: it is restarted, or the service is stopping. */
function send(child: ChildProcess, message: object): void {
  if (!child.connected) return;
  try {
    child.send(message, () => undefined);
  } catch {
    // The channel closed between the check and the send.
  }
}
