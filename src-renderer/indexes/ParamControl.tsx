/**
 * One parameter of an index spec as a control: its kind decides the input (number, select,
 * checkbox, text, comma-separated list); its default, limits and help are shown beside it, and
 * a suggestion worked out for this table can be taken with one click.
 */
import { useId } from 'react';
import type { ParamSpec } from '../../src-shared/vocabulary/index-types/spec-types';
import { formatNumber } from '../../src-shared/format';

function limits(param: ParamSpec): string | undefined {
  const t = param.type;
  if (t.kind !== 'integer' && t.kind !== 'number') return undefined;
  if (t.min !== undefined && t.max !== undefined)
    return `${formatNumber(t.min)} to ${formatNumber(t.max)}`;
  if (t.min !== undefined) return `at least ${formatNumber(t.min)}`;
  if (t.max !== undefined) return `at most ${formatNumber(t.max)}`;
  return undefined;
}

function defaultText(param: ParamSpec): string {
  if (param.default === null) return 'none';
  if (typeof param.default === 'boolean') return param.default ? 'on' : 'off';
  return String(param.default);
}

export function ParamControl({
  param,
  value,
  suggested,
  onChange,
}: {
  param: ParamSpec;
  value: string | boolean;
  suggested: number | undefined;
  onChange: (value: string | boolean) => void;
}) {
  const helpId = useId();
  const t = param.type;
  const range = limits(param);
  const meta = (
    <span className="param-meta help" id={helpId}>
      <span>{param.help}</span>
      <span>
        Default {defaultText(param)}
        {range ? ` · ${range}` : ''}
        {t.kind === 'string' && t.patternHelp ? ` · ${t.patternHelp}` : ''}
      </span>
      {suggested !== undefined && String(suggested) !== value && (
        <button type="button" className="link" onClick={() => onChange(String(suggested))}>
          Use suggested ({suggested})
        </button>
      )}
    </span>
  );
  if (t.kind === 'boolean') {
    return (
      <div className="field">
        <label className="check">
          <input
            type="checkbox"
            aria-label={param.label}
            aria-describedby={helpId}
            checked={value === true}
            onChange={(e) => onChange(e.target.checked)}
          />
          {param.label}
        </label>
        {meta}
      </div>
    );
  }
  return (
    <label className="field">
      <span>{param.label}</span>
      {t.kind === 'enum' ? (
        <select
          aria-label={param.label}
          aria-describedby={helpId}
          value={String(value)}
          onChange={(e) => onChange(e.target.value)}
        >
          {t.values.map((v) => (
            <option key={v} value={v}>
              {v}
            </option>
          ))}
        </select>
      ) : (
        <input
          aria-label={param.label}
          aria-describedby={helpId}
          {...(t.kind === 'integer' || t.kind === 'number'
            ? {
                type: 'number',
                step: t.kind === 'integer' ? 1 : 'any',
                ...(t.min !== undefined ? { min: t.min } : {}),
                ...(t.max !== undefined ? { max: t.max } : {}),
              }
            : { type: 'text' })}
          placeholder={
            t.kind === 'string-list'
              ? 'comma-separated'
              : param.default === null
                ? 'not set'
                : `default ${defaultText(param)}`
          }
          value={String(value)}
          onChange={(e) => onChange(e.target.value)}
        />
      )}
      {meta}
    </label>
  );
}
