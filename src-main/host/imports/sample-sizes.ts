/**
 * What the sample says about the size of the whole file: about how many rows it holds, and how
 * many bytes a text column's cell takes on average. Only a hint for the first batch's buffers
 * (`ColumnSink.expect`): a wrong guess costs a copy, never a value.
 */
export interface SampleSizes {
  rows: number;
  /** Average bytes of a line of the file. */
  lineBytes: number;
  /** Average UTF-8 bytes of a cell of the column. */
  cellBytes(column: string): number;
}

export function sampleSizes(
  raw: ReadonlyArray<Record<string, unknown>>,
  names: readonly string[],
  fileBytes: number,
): SampleSizes {
  const bytesOf = (value: unknown) => (typeof value === 'string' ? Buffer.byteLength(value) : 8);
  const totals = new Map(names.map((name) => [name, 0]));
  for (const row of raw)
    for (const name of names) totals.set(name, totals.get(name)! + bytesOf(row[name]));
  const count = Math.max(1, raw.length);
  // Each cell also takes a delimiter (or the line's end).
  const lineBytes = names.reduce((sum, name) => sum + totals.get(name)! / count + 1, 0);
  return {
    rows: Math.ceil(fileBytes / Math.max(1, lineBytes)),
    lineBytes,
    cellBytes: (column) => (totals.get(column) ?? 0) / count,
  };
}
