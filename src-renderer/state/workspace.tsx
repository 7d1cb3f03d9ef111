/**
 * What the window shows: open table tabs (each with its sub-tab), the open dialog, and the
 * jobs panel and palette. The active table is mirrored in the URL hash, so a reload or a
 * pasted deep link lands on the same table.
 */
import { createContext, useContext, useEffect, useMemo, useReducer, type ReactNode } from 'react';
import type { NamespacePath, TableRef } from '../api/query-keys';
import type { ColumnAction } from '../columns/schema-change';
import { parseTableHash, tableHash, tableKey, type TableTab } from './deep-link';

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
  | { kind: 'column-change'; table: TableRef; action: ColumnAction; segments: string[] };

export interface OpenTab {
  ref: TableRef;
  tab: TableTab;
}

interface State {
  tabs: OpenTab[];
  active: string | undefined;
  dialog: Dialog | undefined;
  jobsOpen: boolean;
  paletteOpen: boolean;
  /** The namespace to reveal in the tree, after a palette jump or a deep link. */
  revealTarget: { connectionId: string; path: NamespacePath } | undefined;
}

type Action =
  | { type: 'open-table'; ref: TableRef; tab?: TableTab }
  | { type: 'close-tab'; key: string }
  | { type: 'close-connection'; connectionId: string }
  | { type: 'activate'; key: string }
  | { type: 'set-tab'; key: string; tab: TableTab }
  | { type: 'retarget'; from: TableRef; to: TableRef }
  | { type: 'dialog'; dialog: Dialog | undefined }
  | { type: 'jobs'; open: boolean }
  | { type: 'palette'; open: boolean }
  | { type: 'reveal'; connectionId: string; path: NamespacePath };

function reduce(state: State, action: Action): State {
  switch (action.type) {
    case 'open-table': {
      const key = tableKey(action.ref);
      const existing = state.tabs.find((t) => tableKey(t.ref) === key);
      const tabs = existing
        ? state.tabs.map((t) =>
            tableKey(t.ref) === key && action.tab ? { ...t, tab: action.tab } : t,
          )
        : [...state.tabs, { ref: action.ref, tab: action.tab ?? 'overview' }];
      return { ...state, tabs, active: key };
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
      return { ...state, tabs, active };
    }
    case 'activate':
      return { ...state, active: action.key };
    case 'set-tab':
      return {
        ...state,
        tabs: state.tabs.map((t) =>
          tableKey(t.ref) === action.key ? { ...t, tab: action.tab } : t,
        ),
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
  }
}

/** Bound functions, not methods: components take them apart (`onClose={ws.closeDialog}`). */
export interface Workspace extends State {
  activeTab: OpenTab | undefined;
  openTable: (ref: TableRef, tab?: TableTab) => void;
  closeTab: (key: string) => void;
  closeConnectionTabs: (connectionId: string) => void;
  activate: (key: string) => void;
  setTab: (key: string, tab: TableTab) => void;
  /** After a rename: the open tab follows the table to its new name. */
  retarget: (from: TableRef, to: TableRef) => void;
  openDialog: (dialog: Dialog) => void;
  closeDialog: () => void;
  setJobsOpen: (open: boolean) => void;
  setPaletteOpen: (open: boolean) => void;
  reveal: (connectionId: string, path: NamespacePath) => void;
}

const WorkspaceContext = createContext<Workspace | null>(null);

function initialState(): State {
  const link = parseTableHash(window.location.hash);
  return {
    tabs: link ? [{ ref: link.ref, tab: link.tab }] : [],
    active: link ? tableKey(link.ref) : undefined,
    dialog: undefined,
    jobsOpen: false,
    paletteOpen: false,
    revealTarget: link ? { connectionId: link.ref.connectionId, path: link.ref.path } : undefined,
  };
}

export function WorkspaceProvider({ children }: { children: ReactNode }) {
  const [state, dispatch] = useReducer(reduce, undefined, initialState);
  const activeTab = state.tabs.find((t) => tableKey(t.ref) === state.active);

  useEffect(() => {
    const hash = activeTab ? tableHash(activeTab.ref, activeTab.tab) : '';
    if (window.location.hash !== hash) {
      window.history.replaceState(
        null,
        '',
        `${window.location.pathname}${window.location.search}${hash}`,
      );
    }
  }, [activeTab]);

  useEffect(() => {
    const onHash = () => {
      const link = parseTableHash(window.location.hash);
      if (link) dispatch({ type: 'open-table', ref: link.ref, tab: link.tab });
    };
    window.addEventListener('hashchange', onHash);
    return () => window.removeEventListener('hashchange', onHash);
  }, []);

  const value = useMemo<Workspace>(
    () => ({
      ...state,
      activeTab,
      openTable: (ref, tab) => dispatch({ type: 'open-table', ref, ...(tab ? { tab } : {}) }),
      closeTab: (key) => dispatch({ type: 'close-tab', key }),
      closeConnectionTabs: (connectionId) => dispatch({ type: 'close-connection', connectionId }),
      activate: (key) => dispatch({ type: 'activate', key }),
      setTab: (key, tab) => dispatch({ type: 'set-tab', key, tab }),
      retarget: (from, to) => dispatch({ type: 'retarget', from, to }),
      openDialog: (dialog) => dispatch({ type: 'dialog', dialog }),
      closeDialog: () => dispatch({ type: 'dialog', dialog: undefined }),
      setJobsOpen: (open) => dispatch({ type: 'jobs', open }),
      setPaletteOpen: (open) => dispatch({ type: 'palette', open }),
      reveal: (connectionId, path) => dispatch({ type: 'reveal', connectionId, path }),
    }),
    [state, activeTab],
  );
  return <WorkspaceContext.Provider value={value}>{children}</WorkspaceContext.Provider>;
}

export function useWorkspace(): Workspace {
  const value = useContext(WorkspaceContext);
  if (!value) throw new Error('WorkspaceProvider is missing');
  return value;
}
