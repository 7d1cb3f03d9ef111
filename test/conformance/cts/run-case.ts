/**
 * Runs one conformance case against a server over HTTP: creates the fixtures, sends each step,
 * and compares the answer with the step's expectation. An unmet expectation is returned, not
 * thrown, so that a thrown error always means the case could not be run at all.
 */
import { arrow } from '../../../src-main/catalog/arrow';
import { codeName, statusOfCode } from './codes';
import type { CtsCase, CtsExpect, CtsRequest, CtsStep } from './types';

export interface CaseOutcome {
  /** The first unmet expectation, or undefined when the case passed. */
  problem?: string;
  /** Every exchange, one line each, for the failure message. */
  transcript: string[];
}

/** A fixture the case depends on could not be created; the case itself was never tried. */
export class FixtureError extends Error {}

interface Reply {
  status: number;
  body: unknown;
  text: string;
}

// Upstream's standard table: zero rows, one `id: int32` column.
const EMPTY_ARROW_STREAM = arrow.tableToIPC(
  new arrow.Table(new arrow.Schema([new arrow.Field('id', new arrow.Int32(), false)])),
  'stream',
);

async function send(baseUrl: string, request: CtsRequest): Promise<Reply> {
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
}

const isSuccess = (status: number) => status >= 200 && status < 300;

function describeReply(reply: Reply): string {
  const body = reply.body as { code?: unknown; detail?: unknown } | undefined;
  if (isSuccess(reply.status)) return `${reply.status}`;
  if (typeof body?.code === 'number') {
    return `${reply.status} ${codeName(body.code)}: ${String(body.detail ?? '')}`;
  }
  return `${reply.status} ${reply.text.slice(0, 200)}`;
}

function describeExpect(expect: CtsExpect): string {
  if ('ok' in expect) return 'success';
  return [expect.code, ...(expect.orCode ?? [])].map(codeName).join(' or ');
}

/** Why the reply does not meet the expectation, or undefined when it does. */
export function unmet(expect: CtsExpect, reply: Reply): string | undefined {
  const wanted = `expected ${describeExpect(expect)}, got ${describeReply(reply)}`;
  if ('ok' in expect) {
    if (!isSuccess(reply.status)) return wanted;
    if (expect.bareNumber !== undefined && reply.body !== expect.bareNumber) {
      return `expected the bare number ${expect.bareNumber}, got ${reply.text.slice(0, 200)}`;
    }
    if (expect.list) {
      const { field, length, minLength, includes } = expect.list;
      const list = (reply.body as Record<string, unknown> | undefined)?.[field];
      if (!Array.isArray(list)) return `expected a list in "${field}", got ${reply.text}`;
      if (length !== undefined && list.length !== length) {
        return `expected ${length} entries in "${field}", got ${JSON.stringify(list)}`;
      }
      if (minLength !== undefined && list.length < minLength) {
        return `expected at least ${minLength} entries in "${field}", got ${JSON.stringify(list)}`;
      }
      const absent = (includes ?? []).filter((name) => !list.includes(name));
      if (absent.length > 0) return `expected "${field}" to include ${absent.join(', ')}`;
    }
    return undefined;
  }
  if (isSuccess(reply.status)) return wanted;
  const body = reply.body as { code?: unknown; status?: unknown } | undefined;
  if (typeof body?.code !== 'number') return `${wanted} (no error body with a code)`;
  if (![expect.code, ...(expect.orCode ?? [])].includes(body.code)) return wanted;
  // The contract fixes the status each code travels with, and the spec's body repeats it.
  if (reply.status !== statusOfCode(body.code)) {
    return `${codeName(body.code)} travels as HTTP ${statusOfCode(body.code)}, got ${reply.status}`;
  }
  if (body.status !== reply.status) {
    return `the error body's status ${String(body.status)} differs from HTTP ${reply.status}`;
  }
  return undefined;
}

async function createFixtures(baseUrl: string, c: CtsCase, transcript: string[]): Promise<void> {
  const setUp: CtsRequest[] = [
    ...(c.given.namespaces ?? []).map((path) => ({
      method: 'POST' as const,
      route: `/v1/namespace/${path.join('$')}/create`,
      json: { mode: 'create' },
    })),
    ...(c.given.tables ?? []).map((id) => ({
      method: 'POST' as const,
      route: `/v1/table/${id.join('$')}/create`,
      query: { mode: 'create' },
      arrow: 'empty' as const,
    })),
  ];
  for (const request of setUp) {
    const reply = await send(baseUrl, request);
    transcript.push(`given: ${request.method} ${request.route} → ${describeReply(reply)}`);
    if (!isSuccess(reply.status)) {
      throw new FixtureError(`fixture ${request.route} failed: ${describeReply(reply)}`);
    }
  }
}

export async function runCase(baseUrl: string, c: CtsCase): Promise<CaseOutcome> {
  const transcript: string[] = [];
  await createFixtures(baseUrl, c, transcript);
  const steps: [string, CtsStep][] = [
    ...(c.before ?? []).map((step) => ['before', step] as [string, CtsStep]),
    ['when', { request: c.request, expect: c.expect }],
    ...(c.after ?? []).map((step) => ['then', step] as [string, CtsStep]),
  ];
  for (const [phase, { request, expect }] of steps) {
    const reply = await send(baseUrl, request);
    transcript.push(`${phase}: ${request.method} ${request.route} → ${describeReply(reply)}`);
    const problem = unmet(expect, reply);
    if (problem) return { problem: `${phase} ${request.route}: ${problem}`, transcript };
  }
  return { transcript };
}
