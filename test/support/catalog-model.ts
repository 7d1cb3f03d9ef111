/**
 * A sequential model of the catalog's structure, and a linearizability checker for a recorded
 * history of calls against it. The model answers each call the way the engine does in a given
 * state (the same order of checks, so the same error code); the checker searches for one order
 * of the calls, consistent with their real-time order, in which every call gets exactly the answer
 * it got. Finding none means the catalog did something no one-at-a-time execution can explain.
 *
 * The search is the classic one (Wing & Gong, with Lowe's memo of visited states): from the calls
 * not yet placed, try those that started before every other unplaced call ended.
 */
import { ERROR_CODES } from '../../src-shared/vocabulary/errors';

export type CatalogOp =
  | { kind: 'create'; ns: string; name: string; token: string }
  | { kind: 'declare'; ns: string; name: string }
  | { kind: 'rename'; ns: string; name: string; toNs: string; toName: string }
  | { kind: 'drop'; ns: string; name: string }
  | { kind: 'create_ns'; ns: string }
  | { kind: 'drop_ns'; ns: string }
  | { kind: 'list'; ns: string }
  /** What a table holds (its data token), as plain LanceDB reads it after the run. */
  | { kind: 'read'; ns: string; name: string };

/** What a call answered: ok (with the listing for `list`) or an error code. */
export type Outcome = { ok: true; names?: string[] } | { ok: false; code: number };

export interface HistoryEntry {
  op: CatalogOp;
  outcome: Outcome;
  start: number;
  end: number;
  client: string;
}

/** Namespaces (one level; '' is the root) and tables by `ns/name`, each holding a data token. */
export interface CatalogState {
  namespaces: ReadonlySet<string>;
  tables: ReadonlyMap<string, string>;
}

const key = (ns: string, name: string) => `${ns}/${name}`;

/** What the catalog under test can do: object stores cannot move a root table's folder. */
export interface ModelTraits {
  movesRootFolders?: boolean;
}

export function apply(
  state: CatalogState,
  op: CatalogOp,
  traits: ModelTraits = {},
): { outcome: Outcome; next: CatalogState } {
  const fail = (code: number) => ({ outcome: { ok: false as const, code }, next: state });
  const hasNs = (ns: string) => ns === '' || state.namespaces.has(ns);
  const withTables = (change: (tables: Map<string, string>) => void): CatalogState => {
    const tables = new Map(state.tables);
    change(tables);
    return { namespaces: state.namespaces, tables };
  };
  switch (op.kind) {
    case 'create':
    case 'declare': {
      if (!hasNs(op.ns)) return fail(ERROR_CODES.NamespaceNotFound);
      if (state.tables.has(key(op.ns, op.name))) return fail(ERROR_CODES.TableAlreadyExists);
      const token = op.kind === 'create' ? op.token : 'declared';
      return {
        outcome: { ok: true },
        next: withTables((t) => t.set(key(op.ns, op.name), token)),
      };
    }
    case 'rename': {
      const from = key(op.ns, op.name);
      const token = state.tables.get(from);
      if (token === undefined)
        return fail(hasNs(op.ns) ? ERROR_CODES.TableNotFound : ERROR_CODES.NamespaceNotFound);
      if (!hasNs(op.toNs)) return fail(ERROR_CODES.NamespaceNotFound);
      if (state.tables.has(key(op.toNs, op.toName))) return fail(ERROR_CODES.TableAlreadyExists);
      // A rename into, out of or within the root changes the folder `<name>.lance`.
      if (traits.movesRootFolders === false && (op.ns === '' || op.toNs === '')) {
        return fail(ERROR_CODES.Unsupported);
      }
      return {
        outcome: { ok: true },
        next: withTables((t) => {
          t.delete(from);
          t.set(key(op.toNs, op.toName), token);
        }),
      };
    }
    case 'drop': {
      if (!state.tables.has(key(op.ns, op.name)))
        return fail(hasNs(op.ns) ? ERROR_CODES.TableNotFound : ERROR_CODES.NamespaceNotFound);
      return { outcome: { ok: true }, next: withTables((t) => t.delete(key(op.ns, op.name))) };
    }
    case 'create_ns': {
      if (state.namespaces.has(op.ns)) return fail(ERROR_CODES.NamespaceAlreadyExists);
      return {
        outcome: { ok: true },
        next: { namespaces: new Set([...state.namespaces, op.ns]), tables: state.tables },
      };
    }
    case 'drop_ns': {
      if (!state.namespaces.has(op.ns)) return fail(ERROR_CODES.NamespaceNotFound);
      if ([...state.tables.keys()].some((k) => k.startsWith(`${op.ns}/`)))
        return fail(ERROR_CODES.NamespaceNotEmpty);
      const namespaces = new Set(state.namespaces);
      namespaces.delete(op.ns);
      return { outcome: { ok: true }, next: { namespaces, tables: state.tables } };
    }
    case 'read': {
      const token = state.tables.get(key(op.ns, op.name));
      if (token === undefined)
        return fail(hasNs(op.ns) ? ERROR_CODES.TableNotFound : ERROR_CODES.NamespaceNotFound);
      return { outcome: { ok: true, names: [token] }, next: state };
    }
    case 'list': {
      if (!hasNs(op.ns)) return fail(ERROR_CODES.NamespaceNotFound);
      const names = [...state.tables.keys()]
        .filter((k) => k.startsWith(`${op.ns}/`))
        .map((k) => k.slice(op.ns.length + 1))
        .sort();
      return { outcome: { ok: true, names }, next: state };
    }
  }
}

function sameOutcome(a: Outcome, b: Outcome): boolean {
  if (a.ok !== b.ok) return false;
  if (!a.ok || !b.ok) return (a as { code: number }).code === (b as { code: number }).code;
  return JSON.stringify(a.names ?? null) === JSON.stringify(b.names ?? null);
}

function stateKey(state: CatalogState): string {
  return `${[...state.namespaces].sort().join(',')}|${[...state.tables.entries()]
    .sort(([a], [b]) => (a < b ? -1 : 1))
    .map(([k, v]) => `${k}=${v}`)
    .join(',')}`;
}

export interface CheckResult {
  linearizable: boolean;
  /** The state after the order found (when one was found). */
  final?: CatalogState;
  /** Calls placed in the longest prefix found, when none was complete: where to look. */
  placed: number;
  statesVisited: number;
}

/** Searches for an order of `history` that the model explains; bounded by `maxStates`. */
export function checkLinearizable(
  history: readonly HistoryEntry[],
  initial: CatalogState,
  options: ModelTraits & { maxStates?: number } = {},
): CheckResult {
  const maxStates = options.maxStates ?? 2_000_000;
  const calls = [...history].sort((a, b) => a.start - b.start);
  const n = calls.length;
  const placed = new Uint8Array(n);
  const seen = new Set<string>();
  let best = 0;
  let visited = 0;

  // Depth-first, with an explicit stack: a long history is thousands of calls deep.
  interface Frame {
    state: CatalogState;
    next: number;
    chosen: number;
    minEnd: number;
    /** A call that changes nothing and may go next: the only one this frame tries (see below). */
    forced: number;
  }
  const stack: Frame[] = [];
  let count = 0;
  const enter = (state: CatalogState): boolean => {
    const memo = `${Buffer.from(placed).toString('base64')}#${stateKey(state)}`;
    if (seen.has(memo)) return false;
    seen.add(memo);
    if (++visited > maxStates)
      throw new Error(`linearizability search gave up after ${visited} states`);
    best = Math.max(best, count);
    let minEnd = Infinity;
    for (let i = 0; i < n; i++) if (!placed[i]) minEnd = Math.min(minEnd, calls[i]!.end);
    stack.push({ state, next: 0, chosen: -1, minEnd, forced: forcedCall(state, minEnd) });
    return true;
  };

  /**
   * A read (list, read) or a refused call changes no state in the model, whatever the state. If
   * one may go next (it began before every unplaced call ended) and the model gives its outcome
   * here, some order places it next if any order exists: moving it forward changes no other
   * call's state and breaks no real-time order. So the search need not branch on the others.
   */
  const forcedCall = (state: CatalogState, minEnd: number): number => {
    for (let i = 0; i < n; i++) {
      const call = calls[i]!;
      if (call.start > minEnd) break;
      if (placed[i]) continue;
      const changesNothing = call.op.kind === 'list' || call.op.kind === 'read' || !call.outcome.ok;
      if (changesNothing && sameOutcome(apply(state, call.op, options).outcome, call.outcome)) {
        return i;
      }
    }
    return -1;
  };

  const search = (): CatalogState | undefined => {
    if (!enter(initial)) return undefined;
    while (stack.length > 0) {
      const frame = stack[stack.length - 1]!;
      if (count === n) return frame.state;
      if (frame.chosen >= 0) {
        placed[frame.chosen] = 0;
        count -= 1;
        frame.chosen = -1;
      }
      let descended = false;
      for (; frame.next < n; frame.next++) {
        const i = frame.next;
        const call = calls[i]!;
        if (placed[i] || (frame.forced >= 0 && i !== frame.forced)) continue;
        if (call.start > frame.minEnd) break; // sorted by start: nothing later can go first
        const { outcome, next } = apply(frame.state, call.op, options);
        if (!sameOutcome(outcome, call.outcome)) continue;
        placed[i] = 1;
        count += 1;
        frame.chosen = i;
        if (enter(next)) {
          // Set only when descending: the loop's own increment moves past a call that was refused.
          frame.next = i + 1;
          descended = true;
          break;
        }
        placed[i] = 0;
        count -= 1;
        frame.chosen = -1;
      }
      if (!descended) stack.pop();
    }
    return undefined;
  };

  const final = search();
  return final
    ? { linearizable: true, final, placed: n, statesVisited: visited }
    : { linearizable: false, placed: best, statesVisited: visited };
}
