/**
 * Requests a test keeps in flight on purpose, each on its own connection, and what became of them:
 * a body sent in part and finished on cue, and a streamed answer read in part and resumed on cue.
 * Every outcome is one of: answered (status, headers, body), or cut (the connection ended before
 * the answer was whole), so that a test can tell a 503 from a reset from a hang.
 */
import { request, type IncomingHttpHeaders, type IncomingMessage } from 'node:http';

export type Outcome =
  | { kind: 'answered'; status: number; headers: IncomingHttpHeaders; body: Buffer }
  | { kind: 'cut'; status?: number; error: string };

export interface TrickledRequest {
  /** Sends the rest of the body. */
  finish(): void;
  outcome: Promise<Outcome>;
}

/** Sends the head and the first half of `body`, and holds the rest until `finish`. */
export function trickledRequest(
  base: string,
  path: string,
  body: string,
  headers: Record<string, string> = {},
): TrickledRequest {
  const bytes = Buffer.from(body);
  const half = Math.max(1, bytes.length >> 1);
  const outgoing = request(new URL(path, base), {
    method: 'POST',
    agent: false,
    headers: {
      'content-type': 'application/json',
      'content-length': String(bytes.length),
      ...headers,
    },
  });
  const outcome = readOutcome(outgoing);
  outgoing.write(bytes.subarray(0, half));
  return {
    finish: () => {
      if (!outgoing.destroyed) outgoing.end(bytes.subarray(half));
    },
    outcome,
  };
}

export interface StalledStream {
  /** The answer's head and its first bytes have come; the client has stopped reading. */
  started: Promise<{ status: number }>;
  /** Reads on to the end. */
  resume(): void;
  outcome: Promise<Outcome>;
}

/** Asks for a streamed answer, reads `firstBytes` of it, then stops reading until `resume`. */
export function stalledStream(
  base: string,
  path: string,
  body: string,
  headers: Record<string, string>,
  firstBytes: number,
): StalledStream {
  const outgoing = request(new URL(path, base), {
    method: 'POST',
    agent: false,
    headers: { 'content-type': 'application/json', ...headers },
  });
  let answer: IncomingMessage | undefined;
  let markStarted: (value: { status: number }) => void = () => undefined;
  const started = new Promise<{ status: number }>((resolve) => (markStarted = resolve));
  let stopped = false;
  const outcome = readOutcome(outgoing, (response, received) => {
    answer = response;
    if (received >= firstBytes && !stopped) {
      stopped = true;
      response.pause();
      markStarted({ status: response.statusCode! });
    }
  });
  outgoing.end(body);
  return { started, resume: () => answer?.resume(), outcome };
}

/** The outcome of one request; `onData` sees the answer and the bytes received so far. */
function readOutcome(
  outgoing: ReturnType<typeof request>,
  onData?: (response: IncomingMessage, received: number) => void,
): Promise<Outcome> {
  return new Promise((resolve) => {
    outgoing.once('error', (error) => resolve({ kind: 'cut', error: error.message }));
    outgoing.once('response', (response) => {
      const chunks: Buffer[] = [];
      let received = 0;
      response.on('data', (chunk: Buffer) => {
        chunks.push(chunk);
        received += chunk.byteLength;
        onData?.(response, received);
      });
      response.once('end', () =>
        resolve({
          kind: 'answered',
          status: response.statusCode!,
          headers: response.headers,
          body: Buffer.concat(chunks),
        }),
      );
      // A connection that ends before the answer is whole: Node reports it as aborted.
      response.once('error', (error) =>
        resolve({ kind: 'cut', status: response.statusCode!, error: error.message }),
      );
    });
  });
}

/** Resolves with `promise`'s value, or with 'hung' after `ms`. */
export function within<T>(promise: Promise<T>, ms: number): Promise<T | 'hung'> {
  let timer: NodeJS.Timeout | undefined;
  return Promise.race([
    promise,
    new Promise<'hung'>((resolve) => (timer = setTimeout(() => resolve('hung'), ms))),
  ]).finally(() => clearTimeout(timer));
}
