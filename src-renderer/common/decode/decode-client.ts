/**
 * One shared decode worker for every open grid. If the worker cannot start (a locked-down
 * embedder, an old runtime) pages decode on the main thread with the same code, so the grid
 * still works, only less smoothly.
 */
import type { DecodedPage } from '../grid/cell-model';
import type { DecodeReply, DecodeRequest } from './decode-protocol';

type Pending = { resolve: (page: DecodedPage) => void; reject: (error: Error) => void };

let worker: Worker | undefined;
let workerFailed = false;
/** Set once the worker has answered: from then on pages are handed over, not copied. */
let workerProven = false;
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
    workerProven = true;
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
  const handOver = workerProven && ownsWholeBuffer(bytes);
  // Until the worker has answered once it may still fail to load, and its pages then decode here:
  // those are copied so the bytes stay. After that each page's buffer moves to the worker.
  w.postMessage({ id, bytes } satisfies DecodeRequest, handOver ? [bytes.buffer] : []);
  return sent.catch((error: Error) =>
    workerFailed && !handOver ? decodeHere(bytes) : Promise.reject(error),
  );
}

/** A buffer is moved only when the page is all of it: moving it empties every other view. */
function ownsWholeBuffer(bytes: Uint8Array): bytes is Uint8Array<ArrayBuffer> {
  return (
    bytes.buffer instanceof ArrayBuffer &&
    bytes.byteOffset === 0 &&
    bytes.byteLength === bytes.buffer.byteLength
  );
}
