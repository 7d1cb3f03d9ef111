/**
 * `GET /download/<token>/<job id>`: the file of an export made for download, streamed from the
 * host's disk as a browser download (Content-Disposition: attachment), never read into memory.
 *
 * A browser fetches a download by navigating, which cannot carry the `x-studio-token` header, so
 * the token rides in the path as it does for the page (`/s/<token>/`); the server's request hook
 * checks it before this route runs. Beyond the token, only our own page may start one: a
 * navigation another site starts says so in Sec-Fetch-Site and is refused. The file is removed
 * once it has been sent whole; a download cut short can be tried again until the file expires.
 */
import { createReadStream } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import type { ExportFormat } from '../../src-shared/export-formats';
import type { Host } from '../host/host';

/** The route's path, whose token the request hook reads (group 1). */
export const DOWNLOAD_PATH = /^\/download\/([^/?#]+)\/[^/?#]+$/;

const CONTENT_TYPES: Record<ExportFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  json: 'application/json; charset=utf-8',
  ndjson: 'application/x-ndjson; charset=utf-8',
  parquet: 'application/vnd.apache.parquet',
  arrow: 'application/vnd.apache.arrow.stream',
};

/**
 * `attachment` with the name twice: a plain ASCII fallback, and the exact name in RFC 5987's
 * `filename*` for the browsers that read it (all current ones).
 */
export function contentDisposition(name: string): string {
  const ascii = name.replace(/[^\w.() -]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

/** Only a navigation or fetch from our own page (or one typed in the address bar). */
const OWN_SITES = new Set(['same-origin', 'none']);

export function registerDownloads(app: FastifyInstance, host: Host): void {
  app.get('/download/:token/:jobId', async (request, reply) => {
    const site = request.headers['sec-fetch-site'];
    if (typeof site === 'string' && !OWN_SITES.has(site)) {
      return reply
        .code(403)
        .type('application/json')
        .send({
          ok: false,
          error: {
            code: 15,
            name: 'PermissionDenied',
            message: `A download is started only from the app's own page, not ${site}`,
          },
        });
    }
    const { jobId } = request.params as { jobId: string };
    const download = host.download(jobId);
    if (!download) {
      return reply
        .code(404)
        .type('text/plain; charset=utf-8')
        .send('No download waits under this address: it was saved already, or it expired.');
    }
    reply.raw.once('finish', () => download.delivered());
    return reply
      .type(CONTENT_TYPES[download.format])
      .header('content-disposition', contentDisposition(download.name))
      .header('content-length', String(download.size))
      .header('cache-control', 'no-store')
      .header('x-content-type-options', 'nosniff')
      .send(createReadStream(download.path));
  });
}
