/**
 * One shared decode worker for every open grid. If the worker cannot start (a locked-down
 * embedder, an old runtime) pages decode on the main thread with the same code, so the grid
 * still works, only less smoothly.
 */
import type { DecodedPage } from './cell-model';
import type { DecodeReply, DecodeRequest } from './decode-protocol';

type Pending = { resolve: (page: DecodedPage) => void; reject: (error: Error) => void };

let worker: Worker | undefined;
let workerFailed = false;
let nextId = 1;
const pending = new Map<number, Pending>();

function startWorker(): Worker | undefined {
  if (worker || workerFailed) return worker;
  try {
    worker = new Worker(new URL('./decode.worker.ts', import.meta.url), { type: 'module' });
  } catch {
    workerFailed = true;
    return undefined;
  }
  worker.onmessage = (event: MessageEvent<DecodeReply>) => {
    const reply = event.data;
    const waiter = pending.get(reply.id);
    pending.delete(reply.id);
    if (!waiter) return;
    if ('page' in reply) waiter.resolve(reply.page);
    else waiter.reject(new Error(`Could not read the page: ${reply.error}`));
  };
  worker.onerror = () => {
    // A worker that fails to load never answers: hand its waiters to the main thread.
    workerFailed = true;
    worker?.terminate();
    worker = undefined;
    const waiting = [...pending.values()];
    pending.clear();
    for (const w of waiting) w.reject(new Error('decode worker failed'));
  };
  return worker;
}

/** Starts the worker ahead of the first page, so its boot is not on the first page's clock. */
export function warmDecoder(): void {
  startWorker();
}

async function decodeHere(bytes: Uint8Array): Promise<DecodedPage> {
  const { decodePage } = await import('./decode-page');
  return decodePage(bytes);
}

export function decodeArrowPage(bytes: Uint8Array): Promise<DecodedPage> {
  const w = startWorker();
  if (!w) return decodeHere(bytes);
  const id = nextId++;
  const sent = new Promise<DecodedPage>((resolve, reject) => pending.set(id, { resolve, reject }));
  // Copied, not transferred: a page is small, and the bytes stay here in case the worker dies.
  w.postMessage({ id, bytes } satisfies DecodeRequest);
  return sent.catch((error: Error) => (workerFailed ? decodeHere(bytes) : Promise.reject(error)));
}
