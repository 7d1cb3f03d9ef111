/**
 * The web mode's StudioApi: procedures as POST /rpc/<name> with the run token, events over SSE.
 * Arrow results arrive as bytes; everything else as the contract's Result JSON.
 */
import { EVENTS, type EventName } from '../../src-main/shared/contract';
import type { StudioApi } from '../../src-main/shared/studio-api';

export function webBridge(token: string): StudioApi {
  return {
    async call(name, input) {
      try {
        const response = await fetch(`/rpc/${name}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-studio-token': token },
          body: JSON.stringify(input ?? {}),
        });
        if ((response.headers.get('content-type') ?? '').includes('arrow')) {
          return { ok: true, value: new Uint8Array(await response.arrayBuffer()) as never };
        }
        return (await response.json()) as never;
      } catch (error) {
        return {
          ok: false,
          error: {
            code: 17,
            name: 'ServiceUnavailable',
            message: `The app backend is not reachable: ${String(error)}`,
          },
        };
      }
    },
    on(listener) {
      const source = new EventSource(`/events?token=${encodeURIComponent(token)}`);
      for (const name of Object.keys(EVENTS) as EventName[]) {
        source.addEventListener(name, (event) =>
          listener(name, JSON.parse((event as MessageEvent<string>).data)),
        );
      }
      return () => source.close();
    },
  };
}
