/**
 * The catalog tree: every open connection, its namespaces and tables, loaded lazily and
 * virtualized, so 10,000 entries scroll and open as fast as 10. It follows the WAI-ARIA tree
 * pattern: one tab stop, arrows to move, Right/Left to open and close, Enter to open a table,
 * and the context menu on right click or Shift+F10.
 */
import { useVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import type { Connection } from '../../../src-shared/studio-procedures';
import { describeError } from '../../api/studio-error';
import { rightsBadge } from '../../api/connection-rights';
import { useWorkspace } from '../../state/workspace';
import { TreeRowMenu } from './TreeRowMenu';
import { ancestorKeys, buildTreeRows, nodeKey, type TreeRow } from './tree-rows';
import { useExpandedListings } from './use-expanded-listings';

const ROW_HEIGHT = 26;

export function CatalogTree({
  connections,
  onCloseConnection,
}: {
  connections: readonly Connection[];
  onCloseConnection: (connectionId: string) => void;
}) {
  const ws = useWorkspace();
  // In the workspace, not here: the filter replaces this component, and a reload restarts it.
  const { expanded, setExpanded } = ws;
  const [focused, setFocused] = useState(0);
  const scrollRef = useRef<HTMLDivElement>(null);
  const listingOf = useExpandedListings(connections, expanded);

  // A newly opened connection starts expanded (one seen before keeps how it was left).
  const seen = useRef(new Set<string>());
  useEffect(() => {
    const fresh = connections.filter((c) => !seen.current.has(c.id));
    for (const c of connections) seen.current.add(c.id);
    if (fresh.length > 0) {
      setExpanded((prev) => {
        const known = (id: string) => [...prev].some((key) => key.startsWith(`["${id}"`));
        const opened = fresh.filter((c) => !known(c.id)).map((c) => nodeKey(c.id, []));
        return opened.length > 0 ? new Set([...prev, ...opened]) : prev;
      });
    }
  }, [connections, setExpanded]);

  // Reveal a namespace (deep link, palette jump): open each ancestor.
  useEffect(() => {
    const target = ws.revealTarget;
    if (!target) return;
    const keys = ancestorKeys(target.connectionId, target.path);
    setExpanded((prev) => new Set([...prev, ...keys]));
  }, [ws.revealTarget, setExpanded]);

  const rows = useMemo(
    () => buildTreeRows(connections, expanded, listingOf),
    [connections, expanded, listingOf],
  );

  const activeKey = ws.activeTab
    ? nodeKey(ws.activeTab.ref.connectionId, ws.activeTab.ref.path, ws.activeTab.ref.table)
    : undefined;

  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 12,
  });

  const focusedIndex = Math.min(focused, Math.max(0, rows.length - 1));

  // A newly opened table's row, once its namespace is listed, is scrolled into view and takes
  // the tree's focus position: once per table opened, so the keys move freely afterwards.
  const activeIndex = activeKey ? rows.findIndex((r) => r.key === activeKey) : -1;
  const shownFor = useRef<string | undefined>(undefined);
  useEffect(() => {
    if (activeIndex < 0 || !activeKey || shownFor.current === activeKey) return;
    shownFor.current = activeKey;
    setFocused(activeIndex);
    virtualizer.scrollToIndex(activeIndex, { align: 'auto' });
  }, [activeIndex, activeKey, virtualizer]);

  const toggle = (row: TreeRow, open?: boolean) => {
    if (row.kind !== 'connection' && row.kind !== 'namespace') return;
    setExpanded((prev) => {
      const next = new Set(prev);
      const willOpen = open ?? !next.has(row.key);
      if (willOpen) next.add(row.key);
      else next.delete(row.key);
      return next;
    });
  };

  const activate = (row: TreeRow) => {
    if (row.kind === 'table') {
      ws.openTable({ connectionId: row.connection.id, path: row.path, table: row.table });
    } else toggle(row);
  };

  const moveFocus = (index: number) => {
    const clamped = Math.max(0, Math.min(rows.length - 1, index));
    setFocused(clamped);
    virtualizer.scrollToIndex(clamped, { align: 'auto' });
    requestAnimationFrame(() => {
      scrollRef.current?.querySelector<HTMLElement>(`[data-index="${clamped}"]`)?.focus();
    });
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const row = rows[focusedIndex];
    if (!row) return;
    const open = (row.kind === 'connection' || row.kind === 'namespace') && row.expanded;
    switch (event.key) {
      case 'ArrowDown':
        moveFocus(focusedIndex + 1);
        break;
      case 'ArrowUp':
        moveFocus(focusedIndex - 1);
        break;
      case 'Home':
        moveFocus(0);
        break;
      case 'End':
        moveFocus(rows.length - 1);
        break;
      case 'PageDown':
        moveFocus(focusedIndex + 15);
        break;
      case 'PageUp':
        moveFocus(focusedIndex - 15);
        break;
      case 'ArrowRight':
        if (row.kind === 'connection' || row.kind === 'namespace') {
          if (open) moveFocus(focusedIndex + 1);
          else toggle(row, true);
        }
        break;
      case 'ArrowLeft': {
        if (open) {
          toggle(row, false);
          break;
        }
        for (let i = focusedIndex - 1; i >= 0; i -= 1) {
          if (rows[i]!.depth < row.depth) {
            moveFocus(i);
            break;
          }
        }
        break;
      }
      case 'Enter':
      case ' ':
        activate(row);
        break;
      default:
        return;
    }
    event.preventDefault();
  };

  return (
    <div
      ref={scrollRef}
      className="tree"
      role="tree"
      aria-label="Catalog tree"
      onKeyDown={onKeyDown}
      data-testid="catalog-tree"
    >
      <div style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
        {virtualizer.getVirtualItems().map((item) => {
          const row = rows[item.index]!;
          return (
            <TreeRowMenu key={row.key} row={row} onCloseConnection={onCloseConnection}>
              <div
                data-index={item.index}
                className={`tree-row tree-${row.kind}${activeKey === row.key ? ' selected' : ''}`}
                style={{
                  transform: `translateY(${item.start}px)`,
                  height: ROW_HEIGHT,
                  paddingLeft: 8 + row.depth * 16,
                }}
                {...rowAria(row, activeKey, item.index === focusedIndex)}
                onClick={() => {
                  setFocused(item.index);
                  activate(row);
                }}
                onFocus={() => setFocused(item.index)}
              >
                <RowContent row={row} />
              </div>
            </TreeRowMenu>
          );
        })}
      </div>
    </div>
  );
}

function rowAria(row: TreeRow, activeKey: string | undefined, focused: boolean) {
  if (row.kind === 'status') {
    return {
      role: 'treeitem',
      'aria-level': row.depth + 1,
      'aria-disabled': true,
      tabIndex: focused ? 0 : -1,
    };
  }
  const label =
    row.kind === 'connection'
      ? row.connection.name
      : row.kind === 'namespace'
        ? row.path[row.path.length - 1]!
        : row.table;
  return {
    role: 'treeitem',
    'aria-level': row.depth + 1,
    'aria-label': label,
    'aria-selected': activeKey === row.key,
    ...(row.kind === 'table' ? {} : { 'aria-expanded': row.expanded }),
    'data-kind': row.kind,
    tabIndex: focused ? 0 : -1,
  };
}

function RowContent({ row }: { row: TreeRow }) {
  switch (row.kind) {
    case 'connection': {
      const badge = rightsBadge(row.connection);
      return (
        <>
          <span className="twisty" aria-hidden>
            {row.expanded ? '▾' : '▸'}
          </span>
          <span className="swatch" style={{ background: row.connection.color }} aria-hidden />
          <span className="tree-label">{row.connection.name}</span>
          {badge && (
            <span className="badge" title={badge.title}>
              {badge.label}
            </span>
          )}
        </>
      );
    }
    case 'namespace':
      return (
        <>
          <span className="twisty" aria-hidden>
            {row.expanded ? '▾' : '▸'}
          </span>
          <span className="icon" aria-hidden>
            ◫
          </span>
          <span className="tree-label">{row.path[row.path.length - 1]}</span>
        </>
      );
    case 'table':
      return (
        <>
          <span className="twisty" aria-hidden />
          <span className="icon" aria-hidden>
            ▦
          </span>
          <span className="tree-label">{row.table}</span>
        </>
      );
    case 'status':
      return (
        <span className={row.error ? 'tree-status error' : 'tree-status'}>
          {row.error ? `${row.text}: ${describeError(row.error).detail}` : row.text}
        </span>
      );
  }
}
