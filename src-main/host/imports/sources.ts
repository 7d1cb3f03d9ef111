/**
 * Import sources: CSV (and TSV), JSON arrays and NDJSON (`text-source.ts`), Parquet
 * (`parquet-source.ts`) and Arrow IPC files, each read as a schema plus a sequence of Arrow
 * batches. Text formats are sampled to infer the schema; Parquet and Arrow carry theirs. With
 * edited columns, the source yields the edited schema.
 *
 * Nothing is changed on the way in without a word: JSON integers beyond 2^53 keep their digits,
 * a text column keeps a CSV cell as written, and a later row whose value does not fit the type
 * inferred from the first rows fails the import naming that row.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import type { Table as ArrowTable } from 'apache-arrow';
import { decodeIpc } from '../../catalog/arrow-data';
import { errors } from '../../../src-shared/vocabulary/errors';
import type { ImportColumn } from '../../../src-shared/studio-procedures';
import { tableSource } from './arrow-source';
import { parquetSource } from './parquet-source';
import { textSource } from './text-source';
import type { ImportFormat, Source } from './source';
import { formatOfName } from './import-formats';

export type { ImportFormat, Source } from './source';

export function detectFormat(path: string): ImportFormat {
  const format = formatOfName(path);
  if (format) return format;
  throw errors.InvalidInput(
    `Cannot tell the format of ${path}; name it .csv, .tsv, .json, .ndjson, .parquet or .arrow`,
  );
}

function checkFile(path: string): void {
  if (!existsSync(path)) throw errors.InvalidInput(`The file ${path} does not exist`);
  if (!statSync(path).isFile()) throw errors.InvalidInput(`${path} is not a file`);
}

export async function openSource(
  path: string,
  format: ImportFormat = detectFormat(path),
  columns?: readonly ImportColumn[],
): Promise<Source> {
  checkFile(path);
  switch (format) {
    case 'csv':
    case 'tsv':
    case 'ndjson':
    case 'json':
      return textSource(path, format, columns);
    case 'arrow': {
      let table: ArrowTable;
      try {
        table = decodeIpc(readFileSync(path));
      } catch (cause) {
        throw errors.InvalidInput(
          `The Arrow file cannot be read: ${(cause as Error).message ?? String(cause)}`,
        );
      }
      const whole = table;
      return tableSource(
        format,
        whole.schema,
        whole.numRows,
        async function* () {
          yield whole;
        },
        columns,
      );
    }
    case 'parquet':
      return parquetSource(path, columns);
  }
}
