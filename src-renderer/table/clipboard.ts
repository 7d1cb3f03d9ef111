/**
 * Copy to the clipboard where the page may (a secure context with permission); elsewhere it
 * reports false instead of throwing, and the caller says "Copy failed".
 */
export async function copyText(text: string): Promise<boolean> {
  try {
    if (!globalThis.navigator?.clipboard) return false;
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}
