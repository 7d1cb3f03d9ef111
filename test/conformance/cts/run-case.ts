/**
 * Runs one conformance case through a transport (the server over HTTP, or the engine's
 * CatalogClient): creates the fixtures, sends each step, and compares the answer with the step's
 * expectation. An unmet expectation is returned, not thrown, so that a thrown error always means
 * the case could not be run at all.
 */
import { codeName, statusOfCode } from './codes';
import type { Reply, Transport } from './transport';
import type { CtsCase, CtsExpect, CtsRequest, CtsStep } from './types';

export interface CaseOutcome {
  /** The first unmet expectation, or undefined when the case passed. */
  problem?: string;
  /** Every exchange, one line each, for the failure message. */
  transcript: string[];
}

/** A fixture the case depends on could not be created; the case itself was never tried. */
export class FixtureError extends Error {}

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

async function createFixtures(send: Transport, c: CtsCase, transcript: string[]): Promise<void> {
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
    const reply = await send(request);
    transcript.push(`given: ${request.method} ${request.route} → ${describeReply(reply)}`);
    if (!isSuccess(reply.status)) {
      throw new FixtureError(`fixture ${request.route} failed: ${describeReply(reply)}`);
    }
  }
}

export async function runCase(send: Transport, c: CtsCase): Promise<CaseOutcome> {
  const transcript: string[] = [];
  await createFixtures(send, c, transcript);
  const steps: [string, CtsStep][] = [
    ...(c.before ?? []).map((step) => ['before', step] as [string, CtsStep]),
    ['when', { request: c.request, expect: c.expect }],
    ...(c.after ?? []).map((step) => ['then', step] as [string, CtsStep]),
  ];
  for (const [phase, { request, expect }] of steps) {
    const reply = await send(request);
    transcript.push(`${phase}: ${request.method} ${request.route} → ${describeReply(reply)}`);
    const problem = unmet(expect, reply);
    if (problem) return { problem: `${phase} ${request.route}: ${problem}`, transcript };
  }
  return { transcript };
}
