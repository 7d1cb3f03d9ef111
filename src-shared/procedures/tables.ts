/** Tables: listed, made, read, renamed, dropped; their versions, maintenance and exports. */
import { z } from 'zod';
import {
  CreateModeSchema,
  JobRecordSchema,
  QueryRequestSchema,
  TableStatsSchema,
  VersionInfoSchema,
  TransactionInfoSchema,
  CleanupRequestSchema,
  FragmentStatsSchema,
  MAX_TRANSACTIONS_PER_CALL,
  JsonArrowSchemaSchema,
} from '../catalog-api';
import { EXPORT_FORMATS } from '../export-formats';
import {
  Path,
  Name,
  ArrowBytes,
  WriteResultSchema,
  InNs,
  InTable,
  VersionDiffSchema,
} from '../studio-schemas';
import { E, procedure } from './define';

export const TABLES_PROCEDURES = {
  'tables:list': procedure(
    InNs.extend({
      pageToken: z.string().optional(),
      limit: z.number().int().min(1).max(10_000).optional(),
    }).strict(),
    z.object({ tables: z.array(z.string()), pageToken: z.string().optional() }),
    [E.NamespaceNotFound],
  ),
  'tables:create-empty': procedure(
    InTable.extend({ schema: JsonArrowSchemaSchema, mode: CreateModeSchema.optional() }).strict(),
    z.object({}),
    [E.NamespaceNotFound, E.TableAlreadyExists],
    'write',
  ),
  'tables:describe': procedure(
    InTable.strict(),
    z.object({
      version: z.number(),
      location: z.string(),
      rowCount: z.number(),
      schema: JsonArrowSchemaSchema,
      stats: TableStatsSchema,
    }),
    [E.TableNotFound, E.NamespaceNotFound, E.InvalidTableState],
  ),
  'tables:count': procedure(
    InTable.extend({ filter: z.string().max(10_000).optional() }).strict(),
    z.number(),
    [E.TableNotFound, E.TableColumnNotFound],
  ),
  'tables:page': procedure(
    InTable.extend({
      offset: z.number().int().min(0),
      limit: z.number().int().min(0).max(100_000),
      columns: z.array(z.string()).max(10_000).optional(),
      filter: z.string().max(10_000).optional(),
      orderBy: QueryRequestSchema.shape.orderBy,
    }).strict(),

    /** Arrow IPC stream bytes. */
    ArrowBytes,
    [E.TableNotFound, E.TableColumnNotFound],
  ),
  'tables:drop': procedure(
    InTable.strict(),
    z.object({}),
    [E.TableNotFound, E.NamespaceNotFound],
    'write',
  ),
  'tables:rename': procedure(
    InTable.extend({ newName: Name, newPath: Path.optional() }).strict(),
    z.object({}),
    [E.TableNotFound, E.TableAlreadyExists, E.NamespaceNotFound, E.InvalidTableState],
    'write',
  ),
  /** Oldest first; `newest` answers only the last few (the timeline's first window). */
  'tables:versions': procedure(
    InTable.extend({ newest: z.number().int().min(1).optional() }).strict(),
    z.array(VersionInfoSchema),
    [E.TableNotFound],
  ),
  /**
   * The newest version, polled by open tabs to see another writer's commit. Given `since` (the
   * version a tab shows), `elsewhere` counts the versions after it that this app did not commit:
   * its own writes, through any of its connections, never raise the banner.
   */
  'tables:head': procedure(
    InTable.extend({ since: z.number().int().min(0).optional() }).strict(),
    z.object({ version: z.number(), elsewhere: z.number().int().min(0).optional() }),
    [E.TableNotFound],
  ),
  /** What each version's commit did, for a window of the timeline. */
  'tables:transactions': procedure(
    InTable.extend({
      versions: z.array(z.number().int().min(0)).max(MAX_TRANSACTIONS_PER_CALL),
    }).strict(),
    z.array(TransactionInfoSchema),
    [E.TableNotFound],
  ),
  'tables:version-diff': procedure(
    InTable.extend({ from: z.number().int().min(1), to: z.number().int().min(1) }).strict(),
    VersionDiffSchema,
    [E.TableNotFound, E.TableVersionNotFound],
  ),
  'tables:restore': procedure(
    InTable.extend({
      version: z.number().int().min(1),
      /**
       * The latest version the user saw when confirming: if another writer has committed since,
       * nothing is restored (ConcurrentModification) and the user decides again.
       */
      expectLatest: z.number().int().min(1).optional(),
    }).strict(),
    WriteResultSchema,
    [E.TableNotFound, E.TableVersionNotFound, E.ConcurrentModification],
    'write',
  ),
  'tables:stats': procedure(InTable.strict(), TableStatsSchema, [E.TableNotFound]),
  /** Starts a job that merges small fragments and updates indexes; no version removed. */
  'tables:compact': procedure(InTable.strict(), JobRecordSchema, [E.TableNotFound], 'write'),
  'tables:fragments': procedure(InTable.strict(), FragmentStatsSchema, [E.TableNotFound]),
  /**
   * Starts a job that removes old versions with the files only they hold; tagged and checked-out
   * ones stay. What it removed and kept is the job's summary.
   */
  'tables:cleanup': procedure(
    InTable.extend(CleanupRequestSchema.shape).strict(),
    JobRecordSchema,
    [E.TableNotFound],
    'write',
  ),
  'tables:query': procedure(
    InTable.extend({ request: QueryRequestSchema }).strict(),
    /** Arrow IPC stream bytes. */
    ArrowBytes,
    [E.TableNotFound, E.TableColumnNotFound],
  ),
  'tables:explain': procedure(
    InTable.extend({ request: QueryRequestSchema, analyze: z.boolean().optional() }).strict(),
    z.string(),
    [E.TableNotFound, E.TableColumnNotFound],
  ),
  /**
   * A table's rows (all, or those a filter matches) written, as a job, to a file on this machine
   * or, with `download`, to a file the host keeps for the browser to download (the web mode).
   */
  'tables:export': procedure(
    InTable.extend({
      filter: z.string().optional(),
      columns: z.array(z.string().min(1)).optional(),
      format: z.enum(EXPORT_FORMATS),
      /** The file to write (`path` is the table's namespace): absolute; replaced only with `overwrite`. */
      file: z.string().min(1).max(4096).optional(),
      overwrite: z.boolean().optional(),
      /** Instead of `file`: the host keeps the file for one download (see `FileAccess.downloadUrl`). */
      download: z.literal(true).optional(),
    }).strict(),
    JobRecordSchema,
    [E.TableNotFound, E.TableColumnNotFound],
  ),
} as const;
