/**
 * How a case reaches a back end. A transport takes a case's request and gives back what the
 * contract would answer: an HTTP status, and the JSON body (the error body on a failure).
 */
import { arrow } from '../../../src-main/catalog/arrow';
import type { CtsRequest } from './types';

export interface Reply {
  status: number;
  body: unknown;
  text: string;
}

export type Transport = (request: CtsRequest) => Promise<Reply>;

/** Upstream's standard table: zero rows, one `id: int32` column. */
export const EMPTY_TABLE = new arrow.Table(
  new arrow.Schema([new arrow.Field('id', new arrow.Int32(), false)]),
);
const EMPTY_ARROW_STREAM = arrow.tableToIPC(EMPTY_TABLE, 'stream');

/** The server over HTTP, as any client of the contract sees it. */
export function httpTransport(baseUrl: string): Transport {
  return async (request) => {
    const query = request.query ? `?${new URLSearchParams(request.query).toString()}` : '';
    const init: RequestInit = { method: request.method };
    if (request.arrow) {
      init.body = EMPTY_ARROW_STREAM;
      init.headers = { 'content-type': 'application/vnd.apache.arrow.stream' };
    } else if (request.json !== undefined) {
      init.body = JSON.stringify(request.json);
      init.headers = { 'content-type': 'application/json' };
    }
    const response = await fetch(`${baseUrl}${request.route}${query}`, init);
    const text = await response.text();
    let body: unknown;
    if ((response.headers.get('content-type') ?? '').includes('json') && text.trim() !== '') {
      body = JSON.parse(text);
    }
    return { status: response.status, body, text };
  };
}
