/** "No rows found", and for a filtered vector search why that can be and what to try. */
import type { IndexInfo, QueryRequest } from '../../src-shared/catalog-api';
import { emptyResultAdvice } from './empty-result';
import type { SearchForm } from './search-form';

export function EmptyResult({
  request,
  indexes,
  partitions,
  onTry,
}: {
  request: QueryRequest;
  indexes: readonly IndexInfo[];
  partitions: number | undefined;
  onTry: (patch: Partial<SearchForm>) => void;
}) {
  const advice = emptyResultAdvice(request, indexes, partitions);
  return (
    <div className="empty-state" role="status" aria-label="No rows found">
      <p>No rows found.</p>
      {advice && <p className="muted">{advice.why}</p>}
      {advice && advice.tries.length > 0 && (
        <div className="row wrap">
          {advice.tries.map((t) => (
            <button key={t.label} type="button" onClick={() => onTry(t.patch)}>
              {t.label}
            </button>
          ))}
        </div>
      )}
    </div>
  );
}
