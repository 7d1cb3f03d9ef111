/** What routes share: the options the server was built with, its limits and its counters. */
import type { ServerOptions } from './server-options';

export interface ServerState {
  options: ServerOptions;
  /** Requests admitted and not yet answered; only authenticated ones are counted. */
  inFlight: number;
  /** Decoded body limits by kind of route, in bytes. */
  limits: { json: number; arrow: number };
}
