/** A vector's shape in a few pixels: bucket means as a polyline (see vector-math). */
import { useMemo } from 'react';
import { sparklinePoints } from '../decode/vector-math';

export function Sparkline({
  values,
  width = 64,
  height = 16,
}: {
  values: ArrayLike<number>;
  width?: number;
  height?: number;
}) {
  const points = useMemo(() => sparklinePoints(values, width, height), [values, width, height]);
  return (
    <svg
      className="sparkline"
      width={width}
      height={height}
      viewBox={`-1 -1 ${width + 2} ${height + 2}`}
      aria-hidden="true"
    >
      <polyline points={points} fill="none" stroke="currentColor" strokeWidth="1.2" />
    </svg>
  );
}
