/**
 * Pan and zoom: map coordinates to CSS pixels as screen = map · scale + offset, with y pointing
 * down on screen as on the canvas. Only this changes on pan or zoom; the points stay where they are.
 */

export interface ViewTransform {
  scale: number;
  tx: number;
  ty: number;
}

/** The transform that fits every point into width × height with a margin. */
export function fitView(
  coords: Float32Array,
  width: number,
  height: number,
  margin = 16,
): ViewTransform {
  let minX = Infinity;
  let minY = Infinity;
  let maxX = -Infinity;
  let maxY = -Infinity;
  for (let i = 0; i < coords.length; i += 2) {
    minX = Math.min(minX, coords[i]!);
    maxX = Math.max(maxX, coords[i]!);
    minY = Math.min(minY, coords[i + 1]!);
    maxY = Math.max(maxY, coords[i + 1]!);
  }
  if (!Number.isFinite(minX)) return { scale: 1, tx: width / 2, ty: height / 2 };
  const spanX = Math.max(maxX - minX, 1e-9);
  const spanY = Math.max(maxY - minY, 1e-9);
  const scale = Math.min((width - 2 * margin) / spanX, (height - 2 * margin) / spanY);
  return {
    scale,
    tx: width / 2 - ((minX + maxX) / 2) * scale,
    ty: height / 2 - ((minY + maxY) / 2) * scale,
  };
}

export function toScreen(v: ViewTransform, x: number, y: number): [number, number] {
  return [x * v.scale + v.tx, y * v.scale + v.ty];
}

export function toMap(v: ViewTransform, sx: number, sy: number): [number, number] {
  return [(sx - v.tx) / v.scale, (sy - v.ty) / v.scale];
}

/** Zoom by `factor` keeping the map point under (sx, sy) where it is. */
export function zoomAt(v: ViewTransform, factor: number, sx: number, sy: number): ViewTransform {
  const scale = v.scale * factor;
  return { scale, tx: sx - (sx - v.tx) * factor, ty: sy - (sy - v.ty) * factor };
}

export function panBy(v: ViewTransform, dx: number, dy: number): ViewTransform {
  return { ...v, tx: v.tx + dx, ty: v.ty + dy };
}
