/** Shorthands the case tables use to write requests and expectations. */
import type { CtsFailure, CtsRequest, CtsSuccess } from './types';

/** A POST; without `json` it has no body, as the contract says for exists, drop and the listings. */
export const post = (route: string, json?: unknown): CtsRequest => ({
  method: 'POST',
  route,
  ...(json === undefined ? {} : { json }),
});

export const get = (route: string, query?: Record<string, string>): CtsRequest => ({
  method: 'GET',
  route,
  ...(query ? { query } : {}),
});

/** A request whose body is the zero-row `id: int32` Arrow stream; its other fields go in the query. */
export const postArrow = (route: string, query?: Record<string, string>): CtsRequest => ({
  method: 'POST',
  route,
  arrow: 'empty',
  ...(query ? { query } : {}),
});

export const ok = (checks: Omit<CtsSuccess, 'ok'> = {}): CtsSuccess => ({ ok: true, ...checks });

export const code = (expected: number, ...alternatives: number[]): CtsFailure =>
  alternatives.length > 0 ? { code: expected, orCode: alternatives } : { code: expected };
