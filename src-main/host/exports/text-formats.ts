/**
 * The text formats, each as the text before the rows, the text of one batch's rows and the text
 * after them, so that a file is written a batch at a time.
 *
 * - CSV (RFC 4180): a header of column names, CRLF line ends, a field quoted when it holds a
 *   quote, a comma or a line break (quotes doubled). Null is an empty field and the empty string
 *   a quoted one (`""`), so the two stay apart. Lists, vectors, structs and maps are JSON text in
 *   one cell; binary is base64; dates ISO 8601; 64-bit integers all their digits.
 * - JSON: one array of objects, a row per line.
 * - NDJSON: one object per line.
 */
import type { RecordBatch, Schema } from 'apache-arrow';
import type { CellValue } from './cell-values';
import { jsonText } from './json-text';
import { rowCells } from './row-cells';

export interface TextFormat {
  start: string;
  /** The rows of one batch; `rowsBefore` is how many rows earlier batches had. */
  batch(batch: RecordBatch, rowsBefore: number): string;
  /** The text after the rows, given how many there were. */
  end(rows: number): string;
}

export function csvFormat(schema: Schema): TextFormat {
  const cells = rowCells(schema);
  const line = (fields: string[]) => `${fields.join(',')}\r\n`;
  return {
    start: line(schema.fields.map((field) => csvField(field.name))),
    batch: (batch) => {
      let text = '';
      for (const row of cells(batch)) text += line(row.map(csvCell));
      return text;
    },
    end: () => '',
  };
}

export function jsonArrayFormat(schema: Schema): TextFormat {
  const objects = jsonObjects(schema);
  return {
    start: '[',
    batch: (batch, rowsBefore) => {
      let text = '';
      let index = rowsBefore;
      for (const object of objects(batch)) text += `${index++ === 0 ? '\n' : ',\n'}${object}`;
      return text;
    },
    end: (rows) => (rows === 0 ? ']\n' : '\n]\n'),
  };
}

export function ndjsonFormat(schema: Schema): TextFormat {
  const objects = jsonObjects(schema);
  return {
    start: '',
    batch: (batch) => {
      let text = '';
      for (const object of objects(batch)) text += `${object}\n`;
      return text;
    },
    end: () => '',
  };
}

function jsonObjects(schema: Schema): (batch: RecordBatch) => Iterable<string> {
  const cells = rowCells(schema);
  const keys = schema.fields.map((field) => JSON.stringify(field.name));
  return function* (batch) {
    for (const row of cells(batch)) {
      yield `{${row.map((cell, j) => `${keys[j]}:${jsonText(cell)}`).join(',')}}`;
    }
  };
}

function csvCell(value: CellValue): string {
  if (value === null) return '';
  if (value === '') return '""';
  switch (typeof value) {
    case 'string':
      return csvField(value);
    case 'number':
    case 'bigint':
      return String(value);
    case 'boolean':
      return value ? 'true' : 'false';
    default:
      return csvField(jsonText(value));
  }
}

function csvField(text: string): string {
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}
