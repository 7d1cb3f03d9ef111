/**
 * The API the renderer sees, whichever transport carries it: `window.studio` in Electron (from
 * the preload), or the HTTP + SSE client in web mode. Derived from the contract.
 */
import type {
  EventName,
  EventPayload,
  ProcedureInput,
  ProcedureName,
  ProcedureOutput,
  Result,
} from './studio-procedures';

export interface StudioApi {
  call<N extends ProcedureName>(
    name: N,
    input: ProcedureInput<N>,
  ): Promise<Result<ProcedureOutput<N>>>;
  on(listener: <E extends EventName>(event: E, payload: EventPayload<E>) => void): () => void;
}
