/**
 * The Search tab's form: vector, full-text or hybrid, with every setting LanceDB takes. Problems
 * are shown under the field they belong to; nothing is sent while there are any.
 */
import type { FormEvent, ReactNode } from 'react';
import { RadioGroup } from '../common/RadioGroup';
import { SelectField } from '../common/SelectField';
import { TextField } from '../common/TextField';
import type { VectorColumn } from '../common/schema/column-paths';
import type { Problems, SearchForm, SearchMode } from './search-form';

const METRICS = [
  ['', 'The index’s own'],
  ['l2', 'L2 (Euclidean)'],
  ['cosine', 'Cosine'],
  ['dot', 'Dot product'],
  ['hamming', 'Hamming (binary)'],
] as const;

function Problem({ field, problems }: { field: keyof SearchForm; problems: Problems }) {
  const text = problems[field];
  return text ? (
    <span className="field-problem" role="alert" data-field={field}>
      {text}
    </span>
  ) : null;
}

export function SearchFormPanel({
  form,
  onChange,
  problems,
  vectorColumns,
  textColumns,
  ftsColumns,
  allColumns,
  running,
  onSubmit,
  onExplain,
  onRandomRow,
  vectorFrom,
  extraActions,
}: {
  form: SearchForm;
  onChange: (patch: Partial<SearchForm>) => void;
  problems: Problems;
  vectorColumns: readonly VectorColumn[];
  textColumns: readonly string[];
  /** The text columns with a full-text index: the others are marked as needing one. */
  ftsColumns: readonly string[];
  allColumns: readonly string[];
  running: boolean;
  onSubmit: () => void;
  onExplain: (analyze: boolean) => void;
  onRandomRow: () => void;
  /** Where the query vector came from ("the row at offset 4,512 · id = 4512"), when a row gave it. */
  vectorFrom?: string;
  extraActions?: ReactNode;
}) {
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onSubmit();
  };
  const toggle = (list: string[], item: string) =>
    list.includes(item) ? list.filter((c) => c !== item) : [...list, item];
  return (
    <form className="search-form" aria-label="Search" onSubmit={submit} noValidate>
      <RadioGroup<SearchMode>
        label="Search kind"
        className="search-modes"
        value={form.mode}
        options={[
          ['vector', 'Vector'],
          ['text', 'Full text'],
          ['hybrid', 'Hybrid'],
        ]}
        onChange={(mode) => onChange({ mode })}
      />
      {form.mode !== 'text' && (
        <fieldset className="search-group">
          <legend>Vector</legend>
          {vectorColumns.length === 0 ? (
            <p className="muted">This table has no vector column.</p>
          ) : (
            <SelectField
              label="Vector column"
              value={form.vectorColumn}
              options={[
                ['', 'Choose…'],
                ...vectorColumns.map((c) => [c.path, `${c.path} (${c.dimension})`] as const),
              ]}
              onChange={(vectorColumn) => onChange({ vectorColumn })}
            >
              <Problem field="vectorColumn" problems={problems} />
            </SelectField>
          )}
          <label className="field">
            <span>Query vector</span>
            <textarea
              aria-label="Query vector"
              className="mono vector-input"
              rows={3}
              placeholder="[0.12, -0.4, …] or pick a row"
              value={form.vectorText}
              onChange={(e) => onChange({ vectorText: e.target.value })}
            />
            <Problem field="vectorText" problems={problems} />
          </label>
          <div className="row">
            <button type="button" onClick={onRandomRow} disabled={!form.vectorColumn}>
              Random row
            </button>
            <span className="muted">or “Find similar” on a row of the Data tab</span>
          </div>
          {vectorFrom && (
            <p className="muted vector-from" role="status" aria-label="Vector source">
              {vectorFrom}
            </p>
          )}
          <div className="field-grid">
            <SelectField
              label="Metric"
              value={form.metric}
              options={METRICS}
              onChange={(metric) => onChange({ metric })}
            >
              <Problem field="metric" problems={problems} />
            </SelectField>
            <TextField
              label="nprobes"
              inputMode="numeric"
              placeholder="LanceDB’s"
              value={form.nprobes}
              onChange={(nprobes) => onChange({ nprobes })}
            >
              <Problem field="nprobes" problems={problems} />
            </TextField>
            <TextField
              label="Refine factor"
              inputMode="numeric"
              placeholder="none"
              value={form.refineFactor}
              onChange={(refineFactor) => onChange({ refineFactor })}
            >
              <Problem field="refineFactor" problems={problems} />
            </TextField>
            <TextField
              label="Distance from"
              inputMode="decimal"
              value={form.lower}
              onChange={(lower) => onChange({ lower })}
            >
              <Problem field="lower" problems={problems} />
            </TextField>
            <TextField
              label="Distance below"
              inputMode="decimal"
              value={form.upper}
              onChange={(upper) => onChange({ upper })}
            >
              <Problem field="upper" problems={problems} />
            </TextField>
          </div>
          <label className="check">
            <input
              type="checkbox"
              checked={form.exact}
              onChange={(e) => onChange({ exact: e.target.checked })}
            />
            Exact search (bypass the vector index)
          </label>
        </fieldset>
      )}
      {form.mode !== 'vector' && (
        <fieldset className="search-group">
          <legend>Full text</legend>
          <TextField
            label="Words"
            value={form.textQuery}
            placeholder="what to look for"
            onChange={(textQuery) => onChange({ textQuery })}
          >
            <Problem field="textQuery" problems={problems} />
          </TextField>
          <div className="field" role="group" aria-label="Text columns">
            <span>Columns</span>
            <div className="row wrap">
              {textColumns.length === 0 && <span className="muted">No text columns.</span>}
              {textColumns.map((c) => (
                <label key={c} className="check">
                  <input
                    type="checkbox"
                    checked={form.textColumns.includes(c)}
                    onChange={() => onChange({ textColumns: toggle(form.textColumns, c) })}
                  />
                  {c}
                  {!ftsColumns.includes(c) && <span className="muted"> (no full-text index)</span>}
                </label>
              ))}
            </div>
            <Problem field="textColumns" problems={problems} />
          </div>
          <div className="field-grid">
            <SelectField
              label="Match"
              value={form.textKind === 'phrase' ? 'phrase' : form.operator}
              options={[
                ['or', 'Any of the words'],
                ['and', 'All of the words'],
                ['phrase', 'The exact phrase'],
              ]}
              onChange={(v) =>
                onChange(
                  v === 'phrase'
                    ? { textKind: 'phrase' }
                    : { textKind: 'match', operator: v as 'or' | 'and' },
                )
              }
            />
            <TextField
              label="Fuzziness"
              inputMode="numeric"
              placeholder="0"
              value={form.fuzziness}
              onChange={(fuzziness) => onChange({ fuzziness })}
            >
              <Problem field="fuzziness" problems={problems} />
            </TextField>
          </div>
        </fieldset>
      )}
      <fieldset className="search-group">
        <legend>Rows</legend>
        <div className="field-grid">
          <TextField
            label="k (rows)"
            inputMode="numeric"
            value={form.k}
            onChange={(k) => onChange({ k })}
          >
            <Problem field="k" problems={problems} />
          </TextField>
        </div>
        <TextField
          label="Where"
          className="mono"
          placeholder="SQL filter, e.g. category = 'c1'"
          value={form.filter}
          onChange={(filter) => onChange({ filter })}
        >
          <Problem field="filter" problems={problems} />
        </TextField>
        {form.mode !== 'text' && (
          <label className="check">
            <input
              type="checkbox"
              checked={!form.prefilter}
              onChange={(e) => onChange({ prefilter: !e.target.checked })}
            />
            Filter after the search (postfilter)
          </label>
        )}
        <details className="return-columns">
          <summary>
            Columns to return:{' '}
            {form.returnColumns.length === 0 ? 'all' : form.returnColumns.join(', ')}
          </summary>
          <div className="row wrap" role="group" aria-label="Columns to return">
            {allColumns.map((c) => (
              <label key={c} className="check">
                <input
                  type="checkbox"
                  checked={form.returnColumns.includes(c)}
                  onChange={() => onChange({ returnColumns: toggle(form.returnColumns, c) })}
                />
                {c}
              </label>
            ))}
          </div>
        </details>
      </fieldset>
      <div className="search-actions">
        <button type="submit" className="primary" disabled={running}>
          {running ? 'Searching…' : 'Search'}
        </button>
        <button type="button" onClick={() => onExplain(false)}>
          Explain
        </button>
        <button type="button" onClick={() => onExplain(true)}>
          Analyze
        </button>
        {extraActions}
      </div>
    </form>
  );
}
