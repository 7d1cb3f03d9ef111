/**
 * Hit tests for hover and click: points binned into a uniform grid over their bounds (about four
 * a cell), so finding the point under the pointer looks at a few cells rather than 50,000 points.
 * Rebuilt when the layout moves (a UMAP frame), not on pan or zoom: it is in map coordinates.
 */

export interface SpatialGrid {
  minX: number;
  minY: number;
  cell: number;
  cols: number;
  rows: number;
  /** Points of cell c at order[start[c]] … order[start[c + 1] - 1]. */
  start: Int32Array;
  order: Int32Array;
  coords: Float32Array;
}

export function buildGrid(coords: Float32Array): SpatialGrid {
  const n = coords.length >> 1;
  let minX = Infinity;
  let minY = Infinity;
  let maxX = -Infinity;
  let maxY = -Infinity;
  for (let r = 0; r < n; r += 1) {
    const x = coords[r * 2]!;
    const y = coords[r * 2 + 1]!;
    if (x < minX) minX = x;
    if (x > maxX) maxX = x;
    if (y < minY) minY = y;
    if (y > maxY) maxY = y;
  }
  if (n === 0) [minX, minY, maxX, maxY] = [0, 0, 1, 1];
  const width = Math.max(maxX - minX, 1e-9);
  const height = Math.max(maxY - minY, 1e-9);
  const cell = Math.max(Math.sqrt((width * height * 4) / Math.max(n, 1)), 1e-9);
  const cols = Math.min(Math.floor(width / cell) + 1, 4096);
  const rows = Math.min(Math.floor(height / cell) + 1, 4096);
  const cellOf = (r: number) => {
    const cx = Math.min(Math.floor((coords[r * 2]! - minX) / cell), cols - 1);
    const cy = Math.min(Math.floor((coords[r * 2 + 1]! - minY) / cell), rows - 1);
    return cy * cols + cx;
  };
  const start = new Int32Array(cols * rows + 1);
  for (let r = 0; r < n; r += 1) start[cellOf(r) + 1]! += 1;
  for (let c = 0; c < cols * rows; c += 1) start[c + 1]! += start[c]!;
  const fill = start.slice(0, cols * rows);
  const order = new Int32Array(n);
  for (let r = 0; r < n; r += 1) order[fill[cellOf(r)]!++] = r;
  return { minX, minY, cell, cols, rows, start, order, coords };
}

/** The row nearest to (x, y) within `radius` (map units), or -1. */
export function nearestPoint(grid: SpatialGrid, x: number, y: number, radius: number): number {
  const { minX, minY, cell, cols, rows, start, order, coords } = grid;
  const c0 = Math.max(Math.floor((x - radius - minX) / cell), 0);
  const c1 = Math.min(Math.floor((x + radius - minX) / cell), cols - 1);
  const r0 = Math.max(Math.floor((y - radius - minY) / cell), 0);
  const r1 = Math.min(Math.floor((y + radius - minY) / cell), rows - 1);
  let best = -1;
  let bestDist = radius * radius;
  for (let cy = r0; cy <= r1; cy += 1) {
    for (let cx = c0; cx <= c1; cx += 1) {
      const c = cy * cols + cx;
      for (let i = start[c]!; i < start[c + 1]!; i += 1) {
        const r = order[i]!;
        const dx = coords[r * 2]! - x;
        const dy = coords[r * 2 + 1]! - y;
        const dist = dx * dx + dy * dy;
        if (dist <= bestDist) {
          bestDist = dist;
          best = r;
        }
      }
    }
  }
  return best;
}
