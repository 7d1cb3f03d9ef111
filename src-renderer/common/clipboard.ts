/**
 * Copy to the clipboard where the page may (a secure context with permission); elsewhere it
 * reports false instead of throwing, and the caller says "Copy failed".
 */
interface ClipboardHost {
  clipboard?: { writeText(text: string): Promise<void> };
}

export async function copyText(text: string): Promise<boolean> {
  // Typed structurally: the file is also compiled against Node's Navigator, which has no clipboard.
  const clipboard = (globalThis.navigator as ClipboardHost | undefined)?.clipboard;
  if (!clipboard) return false;
  try {
    await clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}
