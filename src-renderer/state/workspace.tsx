/**
 * What the window shows: the view (start screen, a namespace's page, a table and its tab, the
 * console, a job), the open table tabs (each with its sub-tab), the open dialog, and the jobs
 * panel and palette. The view is mirrored in the URL hash, one history entry per view
 * (use-route-history.ts), so Back and Forward move between views and a reload or a pasted
 * link lands on the same one.
 */
import { createContext, useContext, useEffect, useMemo, useReducer, type ReactNode } from 'react';
import type { NamespacePath, NamespaceRef, TableRef } from '../api/query-keys';
import type { TableAt } from '../../src-shared/studio-schemas';
import { parseRoute, tableKey, type ConsoleFrom, type Route, type TableTab } from './deep-link';
import { useRouteHistory, type Navigation } from './use-route-history';

/** A change to one column that opens its own dialog (adding a column has its own kind). */
export type ColumnAction = 'rename' | 'cast' | 'nullable' | 'drop';

export type Dialog =
  | { kind: 'open-folder'; create: boolean }
  | { kind: 'connect-url' }
  | { kind: 'open-object-store' }
  | { kind: 'create-namespace'; connectionId: string; parent: NamespacePath }
  | { kind: 'create-table'; connectionId: string; path: NamespacePath }
  | { kind: 'create-index'; table: TableRef; column?: string }
  | { kind: 'rename-table'; table: TableRef }
  | { kind: 'drop-table'; table: TableRef }
  | { kind: 'drop-namespace'; connectionId: string; path: NamespacePath }
  | { kind: 'drop-index'; table: TableRef; name: string }
  | { kind: 'add-column'; table: TableRef }
  | { kind: 'column-change'; table: TableRef; action: ColumnAction; segments: string[] }
  | { kind: 'delete-rows'; table: TableRef; predicate: string; rows?: number }
  | { kind: 'compact-table'; table: TableRef; small: number }
  | {
      kind: 'export-table';
      table: TableRef;
      filter: string;
      /** The grid's selected rows, named by a predicate (row-predicate.ts). */
      selection?: { predicate: string; rows: number };
    }
  | { kind: 'serve'; connectionId: string; name: string }
  | { kind: 'copy'; connectionId: string; path: NamespacePath; table?: string };

export interface OpenTab {
  ref: TableRef;
  tab: TableTab;
  /** The version checked out or the branch chosen in this tab; absent: the latest of main. */
  at?: TableAt;
}

interface State {
  tabs: OpenTab[];
  active: string | undefined;
  dialog: Dialog | undefined;
  jobsOpen: boolean;
  paletteOpen: boolean;
  /** The namespace to reveal in the tree, after a palette jump or a deep link. */
  revealTarget: { connectionId: string; path: NamespacePath } | undefined;
  /** The tree's expanded nodes (tree-rows.ts node keys): here, so a filter or reload keeps them. */
  expanded: ReadonlySet<string>;
  /**
   * A view other than a table (start screen, a namespace's page, the console, a job), shown
   * instead of the active table until a table is chosen; absent: the active table, or the start
   * screen when no table is open.
   */
  page: Page | undefined;
  /** How the last change of view enters the browser's history. */
  navigation: Navigation;
}

/** A view that is not a table tab. */
export type Page = Exclude<Route, { view: 'table' }>;

type Action =
  | { type: 'open-table'; ref: TableRef; tab?: TableTab }
  | { type: 'close-tab'; key: string }
  | { type: 'close-connection'; connectionId: string }
  | { type: 'activate'; key: string }
  | { type: 'set-tab'; key: string; tab: TableTab }
  | { type: 'set-at'; key: string; at: TableAt | undefined }
  | { type: 'retarget'; from: TableRef; to: TableRef }
  | { type: 'dialog'; dialog: Dialog | undefined }
  | { type: 'jobs'; open: boolean }
  | { type: 'palette'; open: boolean }
  | { type: 'reveal'; connectionId: string; path: NamespacePath }
  | { type: 'expanded'; update: (previous: ReadonlySet<string>) => ReadonlySet<string> }
  | { type: 'page'; page: Page | undefined }
  /** The browser moved (Back, Forward, an edited or followed link): show what it names. */
  | { type: 'navigate'; route: Route };

/** The routes' changes of view that replace the history entry rather than add one. */
const REPLACING: ReadonlySet<Action['type']> = new Set([
  'close-tab',
  'close-connection',
  'retarget',
  'navigate',
]);

function reduce(state: State, action: Action): State {
  const next = change(state, action);
  if (next === state) return state;
  return { ...next, navigation: REPLACING.has(action.type) ? 'replace' : 'push' };
}

function reveal(page: Page | undefined): Pick<State, 'revealTarget'> | object {
  if (page?.view === 'namespace')
    return { revealTarget: { connectionId: page.connectionId, path: page.path } };
  if (page?.view === 'console' && page.from)
    return { revealTarget: { connectionId: page.connectionId, path: page.from.path } };
  return {};
}

function change(state: State, action: Action): State {
  switch (action.type) {
    case 'open-table': {
      const key = tableKey(action.ref);
      const existing = state.tabs.find((t) => tableKey(t.ref) === key);
      const tabs = existing
        ? state.tabs.map((t) =>
            tableKey(t.ref) === key && action.tab ? { ...t, tab: action.tab } : t,
          )
        : [...state.tabs, { ref: action.ref, tab: action.tab ?? 'overview' }];
      // A table opened from anywhere (created, imported, found) is shown in the tree too.
      const revealTarget = { connectionId: action.ref.connectionId, path: action.ref.path };
      return { ...state, tabs, active: key, revealTarget, page: undefined };
    }
    case 'close-tab': {
      const at = state.tabs.findIndex((t) => tableKey(t.ref) === action.key);
      if (at === -1) return state;
      const tabs = state.tabs.filter((_, i) => i !== at);
      const active =
        state.active === action.key
          ? tabs[Math.min(at, tabs.length - 1)] &&
            tableKey(tabs[Math.min(at, tabs.length - 1)]!.ref)
          : state.active;
      return { ...state, tabs, active };
    }
    case 'close-connection': {
      const tabs = state.tabs.filter((t) => t.ref.connectionId !== action.connectionId);
      const active = tabs.some((t) => tableKey(t.ref) === state.active)
        ? state.active
        : tabs[0] && tableKey(tabs[0].ref);
      // A page of the closed connection goes with it.
      const page =
        state.page &&
        'connectionId' in state.page &&
        state.page.connectionId === action.connectionId
          ? undefined
          : state.page;
      return { ...state, tabs, active, page };
    }
    case 'activate':
      return { ...state, active: action.key, page: undefined };
    case 'set-tab':
      return {
        ...state,
        page: undefined,
        tabs: state.tabs.map((t) =>
          tableKey(t.ref) === action.key ? { ...t, tab: action.tab } : t,
        ),
      };
    case 'set-at':
      return {
        ...state,
        tabs: state.tabs.map((t) => {
          if (tableKey(t.ref) !== action.key) return t;
          const { at: _previous, ...rest } = t;
          return action.at ? { ...rest, at: action.at } : rest;
        }),
      };
    case 'retarget': {
      const from = tableKey(action.from);
      const tabs = state.tabs.map((t) => (tableKey(t.ref) === from ? { ...t, ref: action.to } : t));
      return { ...state, tabs, active: state.active === from ? tableKey(action.to) : state.active };
    }
    case 'dialog':
      return { ...state, dialog: action.dialog };
    case 'jobs':
      return { ...state, jobsOpen: action.open };
    case 'palette':
      return { ...state, paletteOpen: action.open };
    case 'reveal':
      return { ...state, revealTarget: { connectionId: action.connectionId, path: action.path } };
    case 'expanded':
      return { ...state, expanded: action.update(state.expanded) };
    case 'page':
      return { ...state, page: action.page, ...reveal(action.page) };
    case 'navigate':
      return action.route.view === 'table'
        ? change(state, { type: 'open-table', ref: action.route.ref, tab: action.route.tab })
        : change(state, { type: 'page', page: action.route });
  }
}

/** Bound functions, not methods: components take them apart (`onClose={ws.closeDialog}`). */
export interface Workspace extends State {
  activeTab: OpenTab | undefined;
  /** The view shown, as its address names it. */
  route: Route;
  openTable: (ref: TableRef, tab?: TableTab) => void;
  closeTab: (key: string) => void;
  closeConnectionTabs: (connectionId: string) => void;
  activate: (key: string) => void;
  setTab: (key: string, tab: TableTab) => void;
  /** Checks out a version or switches branch in a table's tab (undefined: latest of main). */
  setAt: (key: string, at: TableAt | undefined) => void;
  /** After a rename: the open tab follows the table to its new name. */
  retarget: (from: TableRef, to: TableRef) => void;
  openDialog: (dialog: Dialog) => void;
  closeDialog: () => void;
  setJobsOpen: (open: boolean) => void;
  setPaletteOpen: (open: boolean) => void;
  reveal: (connectionId: string, path: NamespacePath) => void;
  setExpanded: (update: (previous: ReadonlySet<string>) => ReadonlySet<string>) => void;
  /** A namespace's page; the empty path is the connection's root. */
  openNamespace: (ref: NamespaceRef) => void;
  /** Leaves a page for the active table (or the start screen when none is open). */
  closeNamespace: () => void;
  openConsole: (connectionId: string, from?: ConsoleFrom) => void;
  openAccess: (connectionId: string) => void;
  openJob: (jobId: string) => void;
  goStart: () => void;
}

const WorkspaceContext = createContext<Workspace | null>(null);

/**
 * Open tabs and the tree's expansion are kept for the browser tab's session (sessionStorage): a
 * reload brings them back, as the host keeps its connections (and their ids) across it. A deep
 * link still decides which tab is active.
 */
const SESSION_KEY = 'catalog-studio:workspace';

interface Saved {
  tabs: OpenTab[];
  active: string | undefined;
  expanded: string[];
}

function savedSession(): Saved | undefined {
  try {
    const saved = JSON.parse(window.sessionStorage.getItem(SESSION_KEY) ?? 'null') as Saved | null;
    return saved && Array.isArray(saved.tabs) && Array.isArray(saved.expanded) ? saved : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The saved tabs, and the view the address names. A bare address (the one printed at start-up,
 * or an Electron window) shows the saved active table, or the start screen.
 */
function initialState(): State {
  const saved = savedSession();
  const restored: State = {
    tabs: saved?.tabs ?? [],
    active: saved?.active,
    dialog: undefined,
    jobsOpen: false,
    paletteOpen: false,
    revealTarget: undefined,
    expanded: new Set(saved?.expanded ?? []),
    page: undefined,
    navigation: 'replace',
  };
  const hash = window.location.hash;
  const route = hash === '' || hash === '#' ? undefined : parseRoute(hash);
  return route
    ? { ...change(restored, { type: 'navigate', route }), navigation: 'replace' }
    : restored;
}

function currentRoute(state: State, activeTab: OpenTab | undefined): Route {
  if (state.page) return state.page;
  return activeTab ? { view: 'table', ref: activeTab.ref, tab: activeTab.tab } : { view: 'start' };
}

export function WorkspaceProvider({ children }: { children: ReactNode }) {
  const [state, dispatch] = useReducer(reduce, undefined, initialState);
  const activeTab = state.tabs.find((t) => tableKey(t.ref) === state.active);

  const route = useMemo(() => currentRoute(state, activeTab), [state, activeTab]);
  useRouteHistory(route, state.navigation, (next) => dispatch({ type: 'navigate', route: next }));

  useEffect(() => {
    const saved: Saved = { tabs: state.tabs, active: state.active, expanded: [...state.expanded] };
    try {
      window.sessionStorage.setItem(SESSION_KEY, JSON.stringify(saved));
    } catch {
      // Storage full or refused: the session is simply not kept.
    }
  }, [state.tabs, state.active, state.expanded]);

  // The actions never change, so an effect that depends on one runs for its own reasons only.
  const actions = useMemo(
    () => ({
      openTable: (ref: TableRef, tab?: TableTab) =>
        dispatch({ type: 'open-table', ref, ...(tab ? { tab } : {}) }),
      closeTab: (key: string) => dispatch({ type: 'close-tab', key }),
      closeConnectionTabs: (connectionId: string) =>
        dispatch({ type: 'close-connection', connectionId }),
      activate: (key: string) => dispatch({ type: 'activate', key }),
      setTab: (key: string, tab: TableTab) => dispatch({ type: 'set-tab', key, tab }),
      setAt: (key: string, at: TableAt | undefined) => dispatch({ type: 'set-at', key, at }),
      retarget: (from: TableRef, to: TableRef) => dispatch({ type: 'retarget', from, to }),
      openDialog: (dialog: Dialog) => dispatch({ type: 'dialog', dialog }),
      closeDialog: () => dispatch({ type: 'dialog', dialog: undefined }),
      setJobsOpen: (open: boolean) => dispatch({ type: 'jobs', open }),
      setPaletteOpen: (open: boolean) => dispatch({ type: 'palette', open }),
      reveal: (connectionId: string, path: NamespacePath) =>
        dispatch({ type: 'reveal', connectionId, path }),
      setExpanded: (update: (previous: ReadonlySet<string>) => ReadonlySet<string>) =>
        dispatch({ type: 'expanded', update }),
      openNamespace: (ref: NamespaceRef) =>
        dispatch({ type: 'page', page: { view: 'namespace', ...ref } }),
      closeNamespace: () => dispatch({ type: 'page', page: undefined }),
      openConsole: (connectionId: string, from?: ConsoleFrom) =>
        dispatch({
          type: 'page',
          page: { view: 'console', connectionId, ...(from ? { from } : {}) },
        }),
      openJob: (jobId: string) => dispatch({ type: 'page', page: { view: 'job', jobId } }),
      openAccess: (connectionId: string) =>
        dispatch({ type: 'page', page: { view: 'access', connectionId } }),
      goStart: () => dispatch({ type: 'page', page: { view: 'start' } }),
    }),
    [],
  );
  const value = useMemo<Workspace>(
    () => ({ ...state, activeTab, route, ...actions }),
    [state, activeTab, route, actions],
  );
  return <WorkspaceContext.Provider value={value}>{children}</WorkspaceContext.Provider>;
}

export function useWorkspace(): Workspace {
  const value = useContext(WorkspaceContext);
  if (!value) throw new Error('WorkspaceProvider is missing');
  return value;
}
