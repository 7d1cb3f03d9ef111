/**
 * A table's Map tab: its vectors projected to 2-D (PCA at once, UMAP refining it in a worker),
 * coloured by a column, with hover, click to open a row, "Find similar", a lasso that filters the
 * grid, and the table's last search marked (its results ringed, its query a cross).
 */
import { useEffect, useMemo, useState, type FormEvent } from 'react';
import { formatDuration, formatNumber } from '../../src-shared/format';
import type { JsonArrowField } from '../../src-shared/vocabulary/json-arrow-types';
import { useTableDescription } from '../api/catalog-queries';
import type { TableRef } from '../api/query-keys';
import { ErrorMessage } from '../common/ErrorMessage';
import { RowInspector } from '../common/grid/RowInspector';
import { ProgressBar } from '../common/jobs/ProgressBar';
import { tableKey } from '../state/deep-link';
import { seedSearch } from '../state/search-seed';
import { handFilter, useLastSearch } from '../state/table-handoffs';
import { useWorkspace } from '../state/workspace';
import { pointColours } from './colour-scale';
import { MapLegend } from './MapLegend';
import { PointCanvas, type PointMarks } from './PointCanvas';
import { queryPosition, resultRows } from './search-marks';
import { useMapRow } from './use-map-row';
import { useProjection, type ProjectionState } from './use-projection';
import {
  DEFAULT_MAP_ROWS,
  MAX_MAP_ROWS,
  defaultKey,
  lassoPredicate,
  scalarFields,
  searchResultsFilter,
  vectorFields,
  type MapSettings,
} from './vector-map-data';
import './vector-map.css';

const NO_FIELDS: readonly JsonArrowField[] = [];
const NO_POINTS = new Float32Array(0);
const fmt = (n: number) => formatNumber(n);

function statusText(s: ProjectionState): string {
  const n = s.rows ? `${fmt(s.rows.n)} rows` : '';
  switch (s.status) {
    case 'idle':
      return 'Choose the columns and draw the map.';
    case 'reading':
      return 'Reading rows…';
    case 'pca':
      return `${n}: PCA…`;
    case 'neighbours':
      return `${n}: PCA shown; UMAP is finding neighbours…`;
    case 'layout':
      return `${n}: UMAP layout, epoch ${fmt(s.epoch)} of ${fmt(s.epochs)}`;
    case 'done':
      return s.umapMs !== undefined
        ? `${n}: UMAP (PCA ${formatDuration(s.pcaMs ?? 0)}, UMAP ${formatDuration(s.umapMs)})`
        : `${n}: PCA (${formatDuration(s.pcaMs ?? 0)})`;
    case 'cancelled':
      // Cancelled before the first picture: nothing is shown, so nothing is claimed.
      if (!s.stage) return 'Cancelled before the first picture.';
      return `${n}: cancelled; showing the ${s.stage === 'umap' ? `UMAP layout at epoch ${fmt(s.epoch)}` : 'PCA picture'}`;
    case 'error':
      return 'The map could not be drawn.';
  }
}

function fraction(s: ProjectionState): number | undefined {
  if (s.status === 'layout' && s.epochs > 0) return s.epoch / s.epochs;
  return undefined;
}

export function VectorMapTab({ tableRef, writable }: { tableRef: TableRef; writable: boolean }) {
  const ws = useWorkspace();
  // The table's last search, marked on the map (the Search tab publishes it).
  const search = useLastSearch(tableRef);
  const description = useTableDescription(tableRef);
  const fields = (description.data?.schema.fields ?? NO_FIELDS) as JsonArrowField[];
  const vectors = useMemo(() => vectorFields(fields), [fields]);
  const scalars = useMemo(() => scalarFields(fields), [fields]);
  const [settings, setSettings] = useState<MapSettings>({
    vectorColumn: '',
    keyColumn: '',
    colourColumn: '',
    filter: '',
    limit: DEFAULT_MAP_ROWS,
  });
  useEffect(() => {
    setSettings((s) => ({
      ...s,
      vectorColumn: vectors.includes(s.vectorColumn) ? s.vectorColumn : (vectors[0] ?? ''),
      keyColumn: scalars.includes(s.keyColumn) ? s.keyColumn : defaultKey(scalars),
    }));
  }, [vectors, scalars]);
  const [limitText, setLimitText] = useState(String(DEFAULT_MAP_ROWS));
  const [drawn, setDrawn] = useState<MapSettings>();
  const { state, run, cancel } = useProjection(tableRef);
  const [mode, setMode] = useState<'pan' | 'lasso'>('pan');
  const [hover, setHover] = useState<{ row: number; at: { x: number; y: number } }>();
  const [lassoed, setLassoed] = useState<number[]>([]);
  const inspector = useMapRow(tableRef, fields);
  const rows = state.rows;
  const coords = state.coords;
  // The points on screen: none until the first picture of these rows.
  const shown = rows && coords && coords.length === rows.n * 2 ? coords : NO_POINTS;
  /** Draws so far: each one fits the view anew. */
  const [runs, setRuns] = useState(0);

  const colours = useMemo(
    () => (rows ? pointColours(rows.colour, rows.n, '#4e79a7') : new Uint32Array()),
    [rows],
  );
  const marks = useMemo((): PointMarks => {
    if (!rows || !coords || !drawn || !search) return { selected: lassoed };
    const query = queryPosition(rows, coords, drawn.vectorColumn, search);
    return {
      selected: lassoed,
      results: resultRows(rows, drawn.keyColumn, search),
      ...(query ? { query } : {}),
    };
  }, [rows, coords, drawn, search, lassoed]);
  const lasso = useMemo(
    () =>
      rows && drawn && lassoed.length > 0
        ? lassoPredicate(
            drawn.keyColumn,
            lassoed.map((r) => rows.literals[r]!),
          )
        : undefined,
    [rows, drawn, lassoed],
  );
  // The last search's results as the map's rows: their keys as the filter.
  const searchRows = useMemo(() => {
    const keyType = fields.find((f) => f.name === settings.keyColumn)?.type.type;
    return search && search.results.length > 0 && keyType
      ? searchResultsFilter(settings.keyColumn, keyType, search.results)
      : undefined;
  }, [search, fields, settings.keyColumn]);
  const limitProblem = (() => {
    const n = Number(limitText.replaceAll(',', ''));
    return Number.isInteger(n) && n >= 1 && n <= MAX_MAP_ROWS
      ? undefined
      : `Between 1 and ${fmt(MAX_MAP_ROWS)} rows`;
  })();

  if (description.isPending) return <p className="muted">Loading…</p>;
  if (!description.data) return <ErrorMessage error={description.error} />;
  if (vectors.length === 0) {
    return <p className="empty-state">This table has no vector column to map.</p>;
  }

  const busy = ['reading', 'pca', 'neighbours', 'layout'].includes(state.status);
  const draw = (e: FormEvent) => {
    e.preventDefault();
    if (limitProblem) return;
    const next = {
      ...settings,
      filter: settings.filter.trim(),
      limit: Number(limitText.replaceAll(',', '')),
    };
    setDrawn(next);
    setRuns((n) => n + 1);
    setLassoed([]);
    setHover(undefined);
    inspector.close();
    void run(next);
  };
  const findSimilar = (row: number) => {
    if (!rows || !drawn) return;
    const vector = Array.from(rows.vectors.subarray(row * rows.dim, (row + 1) * rows.dim));
    seedSearch(tableRef, { vectorColumn: drawn.vectorColumn, vectorText: JSON.stringify(vector) });
    ws.setTab(tableKey(tableRef), 'search');
  };
  const openRow = (row: number) => {
    const literal = rows?.literals[row];
    if (!drawn || literal === null || literal === undefined) return;
    const predicate = lassoPredicate(drawn.keyColumn, [literal]).predicate;
    if (predicate) void inspector.open(predicate, row);
  };
  const picked = inspector.opened ? inspector.opened.index : -1;
  const hoverColour = (row: number) => {
    if (!rows) return '';
    const c = rows.colour;
    if (c.kind === 'category') return c.labels[c.codes[row]!] ?? 'other / no value';
    if (c.kind === 'number')
      return Number.isNaN(c.values[row]) ? 'no value' : String(c.values[row]);
    return '';
  };
  const option = (v: string) => [v, v] as const;

  return (
    <div className="vector-map-tab">
      <form className="map-settings" aria-label="Map settings" onSubmit={draw}>
        <label className="field">
          <span>Vector column</span>
          <select
            aria-label="Vector column"
            value={settings.vectorColumn}
            onChange={(e) => setSettings((s) => ({ ...s, vectorColumn: e.target.value }))}
          >
            {vectors.map((v) => (
              <option key={v} value={v}>
                {v}
              </option>
            ))}
          </select>
        </label>
        <label className="field">
          <span>Key column</span>
          <select
            aria-label="Key column"
            value={settings.keyColumn}
            onChange={(e) => setSettings((s) => ({ ...s, keyColumn: e.target.value }))}
          >
            {scalars.map(option).map(([v, t]) => (
              <option key={v} value={v}>
                {t}
              </option>
            ))}
          </select>
        </label>
        <label className="field">
          <span>Colour by</span>
          <select
            aria-label="Colour by"
            value={settings.colourColumn}
            onChange={(e) => setSettings((s) => ({ ...s, colourColumn: e.target.value }))}
          >
            <option value="">(one colour)</option>
            {scalars.map((v) => (
              <option key={v} value={v}>
                {v}
              </option>
            ))}
          </select>
        </label>
        <label className="field map-filter">
          <span>Rows matching (SQL WHERE)</span>
          <input
            className="mono"
            aria-label="Rows matching (SQL WHERE)"
            placeholder="all rows"
            spellCheck={false}
            value={settings.filter}
            onChange={(e) => setSettings((s) => ({ ...s, filter: e.target.value }))}
          />
        </label>
        <label className="field map-limit">
          <span>At most</span>
          <input
            aria-label="At most rows"
            inputMode="numeric"
            value={limitText}
            aria-invalid={Boolean(limitProblem)}
            onChange={(e) => setLimitText(e.target.value)}
          />
        </label>
        <div className="map-buttons">
          <button
            type="submit"
            className="primary"
            disabled={Boolean(limitProblem) || !settings.keyColumn}
          >
            Draw map
          </button>
          <button type="button" disabled={!busy} onClick={cancel}>
            Cancel
          </button>
        </div>
        {searchRows && (
          <button
            type="button"
            title={searchRows.why}
            disabled={!searchRows.predicate}
            onClick={() => {
              if (!searchRows.predicate) return;
              setSettings((s) => ({ ...s, filter: searchRows.predicate }));
              setLimitText(String(search?.results.length ?? DEFAULT_MAP_ROWS));
            }}
          >
            Rows of the last search
          </button>
        )}
        {limitProblem && <p className="field-problem">{limitProblem}</p>}
      </form>
      <div className="map-status">
        <span aria-live="polite" data-testid="map-status" data-status={state.status}>
          {statusText(state)}
          {rows && rows.skipped > 0 ? ` · ${fmt(rows.skipped)} rows without a vector left out` : ''}
        </span>
        {busy && <ProgressBar fraction={fraction(state)} label="Map progress" />}
        <span className="spacer" />
        <div className="map-modes" role="group" aria-label="Pointer mode">
          <button type="button" aria-pressed={mode === 'pan'} onClick={() => setMode('pan')}>
            Pan and zoom
          </button>
          <button type="button" aria-pressed={mode === 'lasso'} onClick={() => setMode('lasso')}>
            Lasso
          </button>
        </div>
      </div>
      <ErrorMessage error={state.error} label="Map error" />
      <ErrorMessage error={inspector.error} label="Row error" />
      {lassoed.length > 0 && (
        <div className="map-selection" role="region" aria-label="Lassoed rows">
          <span>{fmt(lassoed.length)} rows in the lasso</span>
          {lasso?.predicate ? (
            <button
              type="button"
              className="primary"
              onClick={() => {
                // To the Data tab's filter, and that tab shown.
                handFilter(tableRef, lasso.predicate);
                ws.setTab(tableKey(tableRef), 'data');
              }}
            >
              Show in grid
            </button>
          ) : (
            <span className="field-problem">{lasso?.why}</span>
          )}
          <button type="button" onClick={() => setLassoed([])}>
            Clear lasso
          </button>
        </div>
      )}
      {picked >= 0 && rows && (
        <div className="map-selection" role="region" aria-label="Picked row">
          <span>
            Row {drawn?.keyColumn} = <span className="mono">{rows.keys[picked]}</span>
          </span>
          <button type="button" onClick={() => findSimilar(picked)}>
            Find similar
          </button>
        </div>
      )}
      <div className="map-body">
        <div className="map-stage">
          {drawn ? (
            // Mounted from the click on Draw, so it is sized before the first picture arrives.
            <PointCanvas
              coords={shown}
              {...(state.frameAt !== undefined ? { frameAt: state.frameAt } : {})}
              colours={colours}
              marks={marks}
              mode={mode}
              fitKey={String(runs)}
              label={
                rows && shown.length > 0
                  ? `Map of ${fmt(rows.n)} rows by ${drawn.vectorColumn}: drag to pan, wheel or + and − to zoom, 0 to fit`
                  : 'Map, waiting for the projection'
              }
              onHover={(row, at) => setHover(row >= 0 && at ? { row, at } : undefined)}
              onOpen={openRow}
              onLasso={setLassoed}
            />
          ) : (
            <p className="empty-state">No map yet.</p>
          )}
          {hover && rows && (
            <div
              className="map-tooltip"
              role="tooltip"
              style={{ left: hover.at.x + 12, top: hover.at.y + 12 }}
            >
              <div>
                <span className="muted">{drawn?.keyColumn}</span>{' '}
                <span className="mono">{rows.keys[hover.row]}</span>
              </div>
              {drawn?.colourColumn && (
                <div>
                  <span className="muted">{drawn.colourColumn}</span>{' '}
                  <span className="mono">{hoverColour(hover.row)}</span>
                </div>
              )}
            </div>
          )}
          {rows && drawn?.colourColumn && (
            <MapLegend colour={rows.colour} column={drawn.colourColumn} />
          )}
        </div>
        {inspector.opened && (
          <RowInspector
            row={inspector.opened}
            table={tableRef}
            writable={writable}
            onClose={inspector.close}
          />
        )}
      </div>
      {search && drawn && search.results.length > 0 && (
        <p className="muted map-search-note">
          The last search&apos;s results are ringed
          {marks.query ? '; its query is the cross' : ''} ({fmt(marks.results?.length ?? 0)} of{' '}
          {fmt(search.results.length)} results are among these rows).
        </p>
      )}
    </div>
  );
}
