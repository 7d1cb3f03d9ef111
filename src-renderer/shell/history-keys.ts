/**
 * Which keys step Back and Forward in the desktop window: a browser's (Alt+Left/Right; Cmd+[ and
 * Cmd+] on a Mac). Without the DOM, so it is tested in Node (use-back-forward.ts listens).
 */
export interface StepKey {
  key: string;
  altKey: boolean;
  ctrlKey: boolean;
  metaKey: boolean;
  shiftKey: boolean;
  /** Inside a text field, Alt+Left moves the caret by a word: no step there. */
  editing: boolean;
}

/** -1 for Back, 1 for Forward, undefined for any other key. */
export function historyStep(e: StepKey, mac: boolean): -1 | 1 | undefined {
  if (e.editing || e.shiftKey) return undefined;
  if (mac ? e.metaKey && !e.altKey && !e.ctrlKey : e.altKey && !e.metaKey && !e.ctrlKey) {
    const back = mac ? '[' : 'ArrowLeft';
    const forward = mac ? ']' : 'ArrowRight';
    if (e.key === back) return -1;
    if (e.key === forward) return 1;
  }
  return undefined;
}
