/**
 * LanceDB hands each batch over in a native buffer whose memory V8 does not count, so the garbage
 * collector sees no pressure while hundreds of megabytes wait for it: a process streaming large
 * answers grew with every read. After every few tens of megabytes of such buffers, a young-
 * generation collection (a millisecond or two) frees those already passed on.
 *
 * `gc` is V8's own, reached the documented way (`--expose-gc`, set at run time); where it cannot
 * be had, nothing is collected early and memory is freed when V8 collects on its own.
 */
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

type Collect = (options: { type: 'minor' | 'major'; execution?: 'sync' }) => void;

const COLLECT_EVERY_BYTES = 32 * 1024 * 1024;

let collect: Collect | undefined | null = null;

function collector(): Collect | undefined {
  if (collect === null) {
    try {
      setFlagsFromString('--expose-gc');
      collect = runInNewContext('gc') as Collect;
    } catch {
      collect = undefined;
    }
  }
  return collect;
}

let sinceLast = 0;

/** Counts native bytes that are no longer needed; collects once enough have been let go. */
export function releasedNativeBytes(bytes: number): void {
  sinceLast += bytes;
  if (sinceLast < COLLECT_EVERY_BYTES) return;
  sinceLast = 0;
  collector()?.({ type: 'minor' });
}
