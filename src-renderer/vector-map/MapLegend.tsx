/** What the colours mean: a swatch per category (with counts of "other" and missing), or the gradient's ends. */
import { formatNumber } from '../../src-shared/format';
import { GRADIENT, MISSING, OTHER, PALETTE, type ColourValues } from './colour-scale';

const fmt = (n: number) => formatNumber(n, { significant: 6 });

export function MapLegend({ colour, column }: { colour: ColourValues; column: string }) {
  if (colour.kind === 'none') return null;
  if (colour.kind === 'number') {
    return (
      <figure className="map-legend" aria-label={`Colour by ${column}`}>
        <figcaption>{column}</figcaption>
        <div className="map-gradient-row">
          <span className="mono">{Number.isFinite(colour.min) ? fmt(colour.min) : '—'}</span>
          <span
            className="map-gradient"
            role="img"
            aria-label={`low ${fmt(colour.min)} to high ${fmt(colour.max)}`}
            style={{ background: `linear-gradient(to right, ${GRADIENT.join(', ')})` }}
          />
          <span className="mono">{Number.isFinite(colour.max) ? fmt(colour.max) : '—'}</span>
        </div>
        <p className="muted">
          <span className="map-swatch" style={{ background: MISSING }} /> no value
        </p>
      </figure>
    );
  }
  return (
    <figure className="map-legend" aria-label={`Colour by ${column}`}>
      <figcaption>{column}</figcaption>
      <ul>
        {colour.labels.map((label, i) => (
          <li key={label}>
            <span className="map-swatch" style={{ background: PALETTE[i] }} />
            <span className="map-legend-label">{label}</span>
          </li>
        ))}
        {colour.others + colour.nulls > 0 && (
          <li>
            <span className="map-swatch" style={{ background: OTHER }} />
            <span className="map-legend-label muted">
              {colour.others > 0 ? `other values (${fmt(colour.others)})` : ''}
              {colour.others > 0 && colour.nulls > 0 ? ', ' : ''}
              {colour.nulls > 0 ? `no value (${fmt(colour.nulls)})` : ''}
            </span>
          </li>
        )}
      </ul>
    </figure>
  );
}
