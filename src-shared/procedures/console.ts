/** The SQL console: queries run, their history, results exported. */
import { z } from 'zod';
import { JobRecordSchema } from '../catalog-api';
import { EXPORT_FORMATS } from '../export-formats';
import { InConn } from '../studio-schemas';
import { E, procedure } from './define';
import { SearchAnswer } from './search';
import { HistoryEntrySchema } from './search';

export const CONSOLE_PROCEDURES = {
  /** A console query: its rows, or where and why the text cannot be run (nothing ran). */
  'console:run': procedure(
    InConn.extend({ sql: z.string().min(1).max(1_000_000) }).strict(),
    z.union([
      SearchAnswer.extend({
        namespacePath: z.array(z.string()),
        table: z.string(),
        /** Set when a scan without LIMIT was cut at this many rows for the screen. */
        cappedAt: z.number().optional(),
      }),
      z.object({
        problem: z.object({
          message: z.string(),
          offset: z.number(),
          length: z.number(),
          line: z.number(),
          column: z.number(),
        }),
      }),
    ]),
    [E.TableNotFound, E.TableColumnNotFound, E.NamespaceNotFound],
  ),
  'console:history': procedure(InConn.strict(), z.array(HistoryEntrySchema), []),
  /**
   * A console query's whole answer written, as a job, to a file on this machine or, with
   * `download`, to a file the host keeps for the browser to download (the web mode).
   */
  'console:export': procedure(
    InConn.extend({
      sql: z.string().min(1).max(1_000_000),
      format: z.enum(EXPORT_FORMATS),
      /** Absolute; an existing file is replaced only with `overwrite`. */
      path: z.string().min(1).max(4096).optional(),
      overwrite: z.boolean().optional(),
      /** Instead of `path`: the host keeps the file for one download (see `FileAccess.downloadUrl`). */
      download: z.literal(true).optional(),
    }).strict(),
    JobRecordSchema,
    [E.TableNotFound, E.TableColumnNotFound, E.NamespaceNotFound],
  ),
} as const;
