/**
 * Hands an export's file to the browser as a download: a link with `download`, clicked. The
 * server's Content-Disposition makes it a download in any case; the attribute keeps the page
 * where it is even if the answer is an error. The host removes the file once it has been sent,
 * so this page remembers which jobs' files it has asked for, and offers each only once.
 */
const started = new Set<string>();

export function startBrowserDownload(jobId: string, url: string, name: string): void {
  started.add(jobId);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.rel = 'noopener';
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
}

/** This page has started the download of the job's file already. */
export function downloadStarted(jobId: string): boolean {
  return started.has(jobId);
}
