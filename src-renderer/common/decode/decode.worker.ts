/// <reference lib="webworker" />
/** Decodes Arrow pages off the main thread, so scrolling stays smooth while pages arrive. */
import { decodePage, transferablesOf } from './decode-page';
import type { DecodeReply, DecodeRequest } from './decode-protocol';

const scope = self as unknown as DedicatedWorkerGlobalScope;

scope.onmessage = (event: MessageEvent<DecodeRequest>) => {
  const { id, bytes } = event.data;
  try {
    const page = decodePage(bytes);
    scope.postMessage({ id, page } satisfies DecodeReply, transferablesOf(page));
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    scope.postMessage({ id, error: message } satisfies DecodeReply);
  }
};
