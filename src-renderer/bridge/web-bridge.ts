/**
 * The web mode's StudioApi: procedures as POST /rpc/<name> and events as a fetched SSE stream,
 * both carrying the run token in the `x-studio-token` header. Arrow results arrive as bytes;
 * everything else as the contract's Result JSON. An export's download is a navigation, with the
 * token in its path.
 */
import { EVENTS, type EventName } from '../../src-shared/studio-procedures';
import type { StudioApi } from '../../src-shared/studio-api';
import { followEventStream } from './event-stream';

const TOKEN_HEADER = 'x-studio-token';
/** Beside an Arrow answer, the rest of a procedure's value (see /rpc in the web-mode server). */
const ARROW_FACTS_HEADER = 'x-studio-arrow-facts';

/**
 * The run token: the page lives under `/s/<token>/` (the web server redirects the printed
 * `/?token=…` address there), so it is read from the path, or from the query of an older link.
 */
export function tokenOf(location: { pathname: string; search: string }): string {
  const inPath = /^\/s\/([^/]+)\//.exec(location.pathname)?.[1];
  return inPath ?? new URLSearchParams(location.search).get('token') ?? '';
}

/** A request that never reached the host, as the contract's error value. */
function unreachable(what: string, error: unknown) {
  return {
    ok: false as const,
    error: { code: 17, name: 'ServiceUnavailable', message: `${what}: ${String(error)}` },
  };
}

export function webBridge(token: string): StudioApi {
  return {
    files: {
      async upload(file) {
        try {
          const response = await fetch('/upload', {
            method: 'POST',
            headers: {
              'content-type': 'application/octet-stream',
              [TOKEN_HEADER]: token,
              'x-file-name': encodeURIComponent(file.name),
            },
            body: file,
          });
          return (await response.json()) as never;
        } catch (error) {
          return unreachable('The upload did not reach the app backend', error);
        }
      },
      // A navigation carries no header, so the token is in the path, as the page's own is.
      downloadUrl: (jobId) => `/download/${encodeURIComponent(token)}/${encodeURIComponent(jobId)}`,
    },
    async call(name, input) {
      try {
        const response = await fetch(`/rpc/${name}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', [TOKEN_HEADER]: token },
          body: JSON.stringify(input ?? {}),
        });
        if ((response.headers.get('content-type') ?? '').includes('arrow')) {
          const bytes = new Uint8Array(await response.arrayBuffer());
          const facts = response.headers.get(ARROW_FACTS_HEADER);
          return {
            ok: true,
            value: (facts
              ? { ...(JSON.parse(decodeURIComponent(facts)) as object), arrow: bytes }
              : bytes) as never,
          };
        }
        return (await response.json()) as never;
      } catch (error) {
        return unreachable('The app backend is not reachable', error);
      }
    },
    on(listener) {
      const names = new Set(Object.keys(EVENTS));
      return followEventStream({
        url: '/events',
        headers: { [TOKEN_HEADER]: token },
        onEvent: ({ event, data }) => {
          if (names.has(event)) listener(event as EventName, JSON.parse(data) as never);
        },
      });
    },
  };
}
