/**
 * Which points a lasso encloses: the even-odd rule against the drawn polygon, after a bounding
 * box test that skips most points at once. In the map's own coordinates, so a zoomed lasso
 * picks the same rows as it shows.
 */

/** `polygon` as interleaved x, y; the last vertex joins the first. */
export function insidePolygon(x: number, y: number, polygon: ArrayLike<number>): boolean {
  let inside = false;
  const count = polygon.length >> 1;
  for (let i = 0, j = count - 1; i < count; j = i, i += 1) {
    const xi = polygon[i * 2]!;
    const yi = polygon[i * 2 + 1]!;
    const xj = polygon[j * 2]!;
    const yj = polygon[j * 2 + 1]!;
    if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}

/** The rows whose point (interleaved x, y in `coords`) is inside the polygon, in row order. */
export function rowsInLasso(coords: Float32Array, polygon: ArrayLike<number>): number[] {
  if (polygon.length < 6) return [];
  let minX = Infinity;
  let minY = Infinity;
  let maxX = -Infinity;
  let maxY = -Infinity;
  for (let i = 0; i < polygon.length; i += 2) {
    minX = Math.min(minX, polygon[i]!);
    maxX = Math.max(maxX, polygon[i]!);
    minY = Math.min(minY, polygon[i + 1]!);
    maxY = Math.max(maxY, polygon[i + 1]!);
  }
  const rows: number[] = [];
  const n = coords.length >> 1;
  for (let r = 0; r < n; r += 1) {
    const x = coords[r * 2]!;
    const y = coords[r * 2 + 1]!;
    if (x < minX || x > maxX || y < minY || y > maxY) continue;
    if (insidePolygon(x, y, polygon)) rows.push(r);
  }
  return rows;
}
