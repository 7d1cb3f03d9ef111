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

/**
 * Getting at a file on the user's machine, which each transport does its own way: Electron has a
 * native dialog and knows a dropped file's path; a browser can only send the file's bytes.
 */
export interface FileAccess {
  /** The native open dialog (Electron); undefined when cancelled. */
  pick?(): Promise<string | undefined>;
  /** A dropped or chosen file's path, where the transport knows it (Electron). */
  pathOf?(file: File): string | undefined;
  /** Sends the file's bytes to the host, which answers the path it was saved at (web mode). */
  upload?(file: File): Promise<Result<{ path: string }>>;
  /**
   * Where the browser downloads the file of an export job made with `download` once it has
   * succeeded (web mode). Its presence is what tells a form to offer a download at all.
   */
  downloadUrl?: (jobId: string) => string;
}

export interface StudioApi {
  files?: FileAccess;
  call<N extends ProcedureName>(
    name: N,
    input: ProcedureInput<N>,
  ): Promise<Result<ProcedureOutput<N>>>;
  on(listener: <E extends EventName>(event: E, payload: EventPayload<E>) => void): () => void;
}
