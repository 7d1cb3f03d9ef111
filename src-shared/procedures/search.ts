/** The Search tab's searches and each table's history of them. */
import { z } from 'zod';
import { QueryRequestSchema } from '../catalog-api';
import { ArrowBytes, InTable } from '../studio-schemas';
import { E, procedure } from './define';

/** One run of a search or a console query, as the history keeps it (newest first). */
/** A search's answer: its rows as Arrow IPC, and how long the engine (and transport) took. */
export const SearchAnswer = z.object({
  arrow: ArrowBytes,
  elapsedMs: z.number(),
  rows: z.number(),
});

export const HistoryEntrySchema = z.object({
  at: z.number(),
  query: z.discriminatedUnion('kind', [
    z.object({ kind: z.literal('search'), request: QueryRequestSchema }),
    z.object({ kind: z.literal('sql'), text: z.string() }),
  ]),
  elapsedMs: z.number(),
  rows: z.number(),
});
export type HistoryEntry = z.infer<typeof HistoryEntrySchema>;

export const SEARCH_PROCEDURES = {
  /** A search from the Search tab: run, timed, and kept in the table's history. */
  'search:run': procedure(InTable.extend({ request: QueryRequestSchema }).strict(), SearchAnswer, [
    E.TableNotFound,
    E.TableColumnNotFound,
  ]),
  'search:history': procedure(InTable.strict(), z.array(HistoryEntrySchema), []),
  'search:clear-history': procedure(InTable.strict(), z.object({}), []),
} as const;
