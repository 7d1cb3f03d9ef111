/**
 * A request's id: the `x-request-id` its client (or a load balancer in front) sent, when it is a
 * short plain token, so that one id follows the request from the balancer's log to ours; else a
 * new UUID. Anything longer or with other characters is not taken, so that a client cannot write
 * what it likes into the log.
 */
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

const USABLE = /^[A-Za-z0-9._:-]{1,128}$/;

export function requestIdOf(req: IncomingMessage): string {
  const given = req.headers['x-request-id'];
  return typeof given === 'string' && USABLE.test(given) ? given : randomUUID();
}
