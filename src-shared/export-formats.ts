/** The file formats an export writes, named once for the contract, the host and the form. */
export const EXPORT_FORMATS = ['csv', 'json', 'ndjson', 'parquet', 'arrow'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

export const EXPORT_FORMAT_LABELS: Record<ExportFormat, string> = {
  csv: 'CSV',
  json: 'JSON',
  ndjson: 'NDJSON',
  parquet: 'Parquet',
  arrow: 'Arrow IPC stream',
};
