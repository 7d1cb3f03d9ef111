/** What routes share: the options the server was built with, and its counters. */
import type { ServerOptions } from './server-options';

export interface ServerState {
  options: ServerOptions;
  inFlight: number;
}
