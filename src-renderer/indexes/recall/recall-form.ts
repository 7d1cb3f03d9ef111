/**
 * The recall check's form as plain data: the grid of settings is typed as two lists (nprobes,
 * and refine factors or ef for HNSW indexes) whose every pairing is tried. Problems are named by
 * field, and nothing is started while there are any.
 */
import type { RecallCheckRequest, RecallSetting } from '../../../src-shared/recall/recall-schemas';
import { formatNumber } from '../../../src-shared/format';

export interface RecallForm {
  queries: string;
  k: string;
  target: string;
  nprobes: string;
  /** Refine factors (IVF) or ef values (HNSW); "none" is LanceDB's default. */
  second: string;
}

export const DEFAULT_RECALL_FORM: RecallForm = {
  queries: '100',
  k: '10',
  target: '0.95',
  nprobes: '1, 8, 32, 128',
  second: 'none, 5, 10',
};

export type RecallProblems = Partial<Record<keyof RecallForm, string>>;

function list(text: string, allowNone: boolean): Array<number | undefined> | string {
  const parts = text.split(/[\s,]+/).filter((p) => p !== '');
  if (parts.length === 0) return 'List at least one value';
  const out: Array<number | undefined> = [];
  for (const part of parts) {
    if (allowNone && part.toLowerCase() === 'none') out.push(undefined);
    else if (/^\d+$/.test(part) && Number(part) >= 1) out.push(Number(part));
    else return `${part} is not a whole number of at least 1${allowNone ? ' (or none)' : ''}`;
  }
  return [...new Set(out)];
}

export function toRecallRequest(
  form: RecallForm,
  column: string,
  index: string,
  hnsw: boolean,
  rowCount: number | undefined,
): { request: RecallCheckRequest } | { problems: RecallProblems } {
  const problems: RecallProblems = {};
  const whole = (text: string, max: number) =>
    /^\d+$/.test(text.trim()) && Number(text) >= 1 && Number(text) <= max
      ? Number(text)
      : undefined;
  const queries = whole(form.queries, 10_000);
  if (queries === undefined) problems.queries = 'A whole number from 1 to 10,000';
  const k = whole(form.k, 10_000);
  if (k === undefined) problems.k = 'A whole number from 1 to 10,000';
  else if (rowCount !== undefined && k > rowCount)
    problems.k = `The table has ${formatNumber(rowCount)} rows, fewer than k`;
  const target = Number(form.target);
  if (!(target > 0 && target <= 1)) problems.target = 'A recall above 0 and at most 1';
  const nprobes = list(form.nprobes, false);
  if (typeof nprobes === 'string') problems.nprobes = nprobes;
  const second = list(form.second, true);
  if (typeof second === 'string') problems.second = second;
  if (
    typeof nprobes !== 'string' &&
    typeof second !== 'string' &&
    nprobes.length * second.length > 200
  )
    problems.nprobes = `${nprobes.length * second.length} settings; at most 200`;
  if (Object.keys(problems).length > 0) return { problems };
  const grid: RecallSetting[] = [];
  for (const n of nprobes as number[])
    for (const s of second as Array<number | undefined>)
      grid.push({
        nprobes: n,
        ...(s === undefined ? {} : hnsw ? { ef: s } : { refineFactor: s }),
      });
  return { request: { column, index, k: k!, queries: queries!, target, grid } };
}
