/**
 * Top-level column names a table may have. A dot in a top-level name would make the name and a
 * nested path (`meta.score`) the same text, so LanceDB refuses it only deep inside the write, after
 * the table was declared; checking first gives the caller a 400 naming the column and leaves
 * nothing behind.
 */
import type { Schema } from 'apache-arrow';
import { errors } from '../../../../src-shared/vocabulary/errors';

export function assertTopLevelColumnNames(schema: Schema): void {
  for (const field of schema.fields) {
    if (field.name === '') throw errors.InvalidInput('A column name cannot be empty');
    if (field.name.includes('.')) {
      throw errors.InvalidInput(
        `Column ${JSON.stringify(field.name)} has a dot in its name; top-level column names cannot contain "." (it separates nested field paths)`,
      );
    }
  }
}
