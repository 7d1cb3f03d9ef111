/**
 * The map itself: points on a canvas, pan (drag) and zoom (wheel, or + / − / 0 and the arrow
 * keys), hover with the nearest point's row, click to open it, and a lasso in lasso mode. Drawing
 * is coalesced to one paint a frame; pan and zoom only change the view transform, so a paint is
 * one pixel loop (draw-points.ts) and never a layout of the points.
 */
import { useEffect, useMemo, useRef, useState, type PointerEvent } from 'react';
import { paintSquares, pixelLayer, type PixelLayer } from './draw-points';
import { buildGrid, nearestPoint, type SpatialGrid } from './spatial-grid';
import { rowsInLasso } from './lasso';
import { packed } from './colour-scale';
import { fitView, panBy, toMap, toScreen, zoomAt, type ViewTransform } from './view-transform';

export interface PointMarks {
  /** Rows a search returned: ringed. */
  results?: readonly number[];
  /** Where the search's query falls: a cross. */
  query?: [number, number];
  /** Rows a lasso picked: drawn over the rest in the accent colour. */
  selected?: readonly number[];
}

interface Props {
  coords: Float32Array;
  colours: Uint32Array;
  marks: PointMarks;
  mode: 'pan' | 'lasso';
  /** When `coords` reached the page: the paint after it reports the time to the screen. */
  frameAt?: number;
  /** A new value refits the view (a new projection, not a new UMAP frame). */
  fitKey: string;
  onHover: (row: number, at: { x: number; y: number } | undefined) => void;
  onOpen: (row: number) => void;
  onLasso: (rows: number[]) => void;
  label: string;
}

const HIT_RADIUS_PX = 6;

function cssColour(element: Element, name: string, fallback: string): string {
  const value = getComputedStyle(element).getPropertyValue(name).trim();
  return /^#[0-9a-f]{6}$/i.test(value) ? value : fallback;
}

export function PointCanvas({
  coords,
  frameAt,
  colours,
  marks,
  mode,
  fitKey,
  onHover,
  onOpen,
  onLasso,
  label,
}: Props) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const [size, setSize] = useState({ width: 0, height: 0, dpr: 1 });
  // The view fits the points (every UMAP frame too, as they spread out from the PCA picture)
  // until it is moved by hand; a new projection (fitKey) fits again. Fitted during render, so a
  // frame reaches the screen in one commit.
  const [manual, setManual] = useState<{ key: string; view: ViewTransform }>();
  const fitted = useMemo(
    () => (size.width > 0 ? fitView(coords, size.width, size.height) : undefined),
    [coords, size],
  );
  const view = manual?.key === fitKey ? manual.view : fitted;
  const setView = (next: ViewTransform) => setManual({ key: fitKey, view: next });
  const [hovered, setHovered] = useState(-1);
  const [lasso, setLasso] = useState<number[]>();
  const drag = useRef<{ x: number; y: number; moved: boolean }>(undefined);
  const layer = useRef<PixelLayer>(undefined);
  const paintMs = useRef(0);
  // Built on the first hover after the points move, not with every frame: most frames are
  // never hovered, and 50,000 points would add a few milliseconds to each.
  const grid = useRef<{ coords: Float32Array; grid: SpatialGrid }>(undefined);
  const gridOf = (points: Float32Array) => {
    if (grid.current?.coords !== points) grid.current = { coords: points, grid: buildGrid(points) };
    return grid.current.grid;
  };

  useEffect(() => {
    const element = canvas.current?.parentElement;
    if (!element) return;
    const observer = new ResizeObserver(() => {
      const rect = element.getBoundingClientRect();
      setSize({
        width: Math.floor(rect.width),
        height: Math.floor(rect.height),
        dpr: window.devicePixelRatio || 1,
      });
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  useEffect(() => {
    const element = canvas.current;
    const ctx = element?.getContext('2d');
    if (!element || !ctx || !view || size.width === 0) return;
    const frame = requestAnimationFrame(() => {
      const started = performance.now();
      const w = Math.round(size.width * size.dpr);
      const h = Math.round(size.height * size.dpr);
      if (element.width !== w || element.height !== h) {
        element.width = w;
        element.height = h;
      }
      if (!layer.current || layer.current.image.width !== w || layer.current.image.height !== h) {
        layer.current = pixelLayer(ctx, w, h);
      }
      const pixels = layer.current;
      pixels.pixels.fill(0);
      const dot = Math.max(2, Math.round(2 * size.dpr));
      paintSquares(pixels, coords, colours, view, size.dpr, dot);
      if (marks.selected?.length) {
        const accent = packed(cssColour(element, '--accent', '#2563eb'));
        paintSquares(pixels, coords, colours, view, size.dpr, dot + 2, marks.selected, accent);
      }
      ctx.putImageData(pixels.image as ImageData, 0, 0);
      ctx.save();
      ctx.scale(size.dpr, size.dpr);
      ctx.lineWidth = 1.5;
      ctx.strokeStyle = cssColour(element, '--fg', '#1b1f24');
      ctx.beginPath();
      for (const r of marks.results ?? []) {
        const [x, y] = toScreen(view, coords[r * 2]!, coords[r * 2 + 1]!);
        ctx.moveTo(x + 5, y);
        ctx.arc(x, y, 5, 0, Math.PI * 2);
      }
      ctx.stroke();
      if (marks.query) {
        const [x, y] = toScreen(view, marks.query[0], marks.query[1]);
        ctx.strokeStyle = cssColour(element, '--danger', '#b91c1c');
        ctx.lineWidth = 3;
        ctx.beginPath();
        ctx.moveTo(x - 8, y - 8);
        ctx.lineTo(x + 8, y + 8);
        ctx.moveTo(x + 8, y - 8);
        ctx.lineTo(x - 8, y + 8);
        ctx.stroke();
      }
      if (hovered >= 0 && hovered < coords.length / 2) {
        const [x, y] = toScreen(view, coords[hovered * 2]!, coords[hovered * 2 + 1]!);
        ctx.strokeStyle = cssColour(element, '--accent', '#2563eb');
        ctx.lineWidth = 2;
        ctx.beginPath();
        ctx.arc(x, y, 7, 0, Math.PI * 2);
        ctx.stroke();
      }
      if (lasso && lasso.length >= 4) {
        ctx.strokeStyle = cssColour(element, '--accent', '#2563eb');
        ctx.setLineDash([4, 3]);
        ctx.lineWidth = 1.5;
        ctx.beginPath();
        ctx.moveTo(lasso[0]!, lasso[1]!);
        for (let i = 2; i < lasso.length; i += 2) ctx.lineTo(lasso[i]!, lasso[i + 1]!);
        ctx.closePath();
        ctx.stroke();
      }
      ctx.restore();
      paintMs.current = performance.now() - started;
      // For the tests and the benchmark: how long the last paint took, on the main thread.
      element.dataset.paintMs = paintMs.current.toFixed(1);
      element.dataset.painted = String(coords.length / 2);
      if (frameAt !== undefined && element.dataset.frameAt !== String(frameAt)) {
        // The first paint of a frame: from its arrival (rendering, hit grid, paint) to pixels.
        element.dataset.frameAt = String(frameAt);
        element.dataset.frameToPaintMs = (performance.now() - frameAt).toFixed(1);
      }
    });
    return () => cancelAnimationFrame(frame);
  }, [coords, frameAt, colours, marks, view, size, hovered, lasso]);

  const local = (e: { clientX: number; clientY: number }) => {
    const rect = canvas.current!.getBoundingClientRect();
    return { x: e.clientX - rect.left, y: e.clientY - rect.top };
  };
  const hit = (x: number, y: number) => {
    if (!view) return -1;
    const [mx, my] = toMap(view, x, y);
    return nearestPoint(gridOf(coords), mx, my, HIT_RADIUS_PX / view.scale);
  };

  const onPointerDown = (e: PointerEvent<HTMLCanvasElement>) => {
    const p = local(e);
    e.currentTarget.setPointerCapture(e.pointerId);
    drag.current = { ...p, moved: false };
    if (mode === 'lasso') setLasso([p.x, p.y]);
  };
  const onPointerMove = (e: PointerEvent<HTMLCanvasElement>) => {
    const p = local(e);
    const d = drag.current;
    if (d && mode === 'lasso') {
      setLasso((l) => (l ? [...l, p.x, p.y] : l));
      return;
    }
    if (d && view) {
      if (Math.abs(p.x - d.x) + Math.abs(p.y - d.y) > 2) d.moved = true;
      if (d.moved) {
        setView(panBy(view, p.x - d.x, p.y - d.y));
        drag.current = { ...p, moved: true };
      }
      return;
    }
    const row = hit(p.x, p.y);
    setHovered(row);
    onHover(row, row >= 0 ? p : undefined);
  };
  const onPointerUp = (e: PointerEvent<HTMLCanvasElement>) => {
    const d = drag.current;
    drag.current = undefined;
    if (mode === 'lasso' && lasso && view) {
      const polygon: number[] = [];
      for (let i = 0; i < lasso.length; i += 2)
        polygon.push(...toMap(view, lasso[i]!, lasso[i + 1]!));
      setLasso(undefined);
      if (polygon.length >= 6) onLasso(rowsInLasso(coords, polygon));
      return;
    }
    if (d && !d.moved) {
      const p = local(e);
      const row = hit(p.x, p.y);
      if (row >= 0) onOpen(row);
    }
  };
  const onWheel = (e: React.WheelEvent<HTMLCanvasElement>) => {
    if (!view) return;
    const p = local(e);
    setView(zoomAt(view, Math.exp(-e.deltaY * 0.0015), p.x, p.y));
  };
  const onKeyDown = (e: React.KeyboardEvent<HTMLCanvasElement>) => {
    if (!view) return;
    const centre = { x: size.width / 2, y: size.height / 2 };
    const step = 40;
    const next: Record<string, () => ViewTransform> = {
      '+': () => zoomAt(view, 1.25, centre.x, centre.y),
      '=': () => zoomAt(view, 1.25, centre.x, centre.y),
      '-': () => zoomAt(view, 0.8, centre.x, centre.y),
      ArrowLeft: () => panBy(view, step, 0),
      ArrowRight: () => panBy(view, -step, 0),
      ArrowUp: () => panBy(view, 0, step),
      ArrowDown: () => panBy(view, 0, -step),
    };
    if (e.key === '0') {
      // Back to the fitted view.
      e.preventDefault();
      setManual(undefined);
      return;
    }
    const action = next[e.key];
    if (!action) return;
    e.preventDefault();
    setView(action());
  };

  return (
    <canvas
      ref={canvas}
      className={`map-canvas map-mode-${mode}`}
      style={{ width: size.width, height: size.height }}
      role="img"
      aria-label={label}
      tabIndex={0}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerUp}
      onPointerLeave={() => {
        if (drag.current) return;
        setHovered(-1);
        onHover(-1, undefined);
      }}
      onWheel={onWheel}
      onKeyDown={onKeyDown}
    />
  );
}
