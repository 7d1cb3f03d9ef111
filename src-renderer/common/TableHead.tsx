/**
 * A table's header row. The column of row buttons has no visible heading, yet a screen reader
 * moving across a row still needs to hear what the column holds.
 */
export function TableHead({
  columns,
  actions = false,
}: {
  columns: readonly string[];
  /** A last column of row actions. */
  actions?: boolean;
}) {
  return (
    <thead>
      <tr>
        {columns.map((c) => (
          <th key={c} scope="col">
            {c}
          </th>
        ))}
        {actions && (
          <th scope="col">
            <span className="visually-hidden">Actions</span>
          </th>
        )}
      </tr>
    </thead>
  );
}
