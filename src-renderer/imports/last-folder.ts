/**
 * The folder the last imported file came from, kept in this window's storage: the file browser
 * opens there next time, one click from the file, rather than in the home folder four clicks
 * away.
 */
const KEY = 'catalog-studio.import-folder';

export function parentOf(path: string): string {
  const at = Math.max(path.lastIndexOf('/'), path.lastIndexOf('\\'));
  return at > 0 ? path.slice(0, at) : at === 0 ? path.slice(0, 1) : '';
}

export function lastImportFolder(): string | undefined {
  try {
    return window.localStorage.getItem(KEY) ?? undefined;
  } catch {
    // Storage refused (a locked-down profile): the browser starts where the host says.
    return undefined;
  }
}

export function rememberImportFolder(filePath: string): void {
  const folder = parentOf(filePath);
  if (!folder) return;
  try {
    window.localStorage.setItem(KEY, folder);
  } catch {
    // Not kept; the next browse starts from the catalog's folder instead.
  }
}
