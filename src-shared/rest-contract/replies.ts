/**
 * Shapes of the REST contract's JSON replies that more than one route answers with. They are
 * loose (`passthrough`): a reply may carry fields beyond the contract (this server's additions, or
 * a newer server's), and a client reads what it knows.
 */
import { z } from 'zod';

export const Strings = z.record(z.string(), z.string());
const opt = <T extends z.ZodType>(schema: T) => schema.optional();

/** `{ version }`: a write that made a new version. */
export const VersionReply = z.object({ version: z.number() }).passthrough();
/** `{}`: a write that answers nothing. */
export const EmptyReply = z.object({}).passthrough();
/** A page of names (or ids) with the token of the next page. */
export const NamePage = <T extends z.ZodType>(key: string, item: T) =>
  z.object({ [key]: z.array(item), page_token: opt(z.string()) }).passthrough();
export const TableIdPage = NamePage('tables', z.union([z.string(), z.array(z.string())]));

/** The contract's TableVersion. */
export const WireVersion = z
  .object({
    version: z.number(),
    timestamp_millis: z.number(),
    metadata: opt(Strings),
    manifest_path: opt(z.string()),
    manifest_size: opt(z.number()),
  })
  .passthrough();

/** A job as LanceDB's job handle reads it (`job_state`), with the catalog's detail alongside. */
export const JobReply = z
  .object({
    job_id: z.string(),
    job_type: z.string(),
    job_state: z.string(),
    state: z.string(),
    phase: opt(z.string()),
    table: z.string(),
    created_at_millis: z.number(),
    started_at_millis: opt(z.number()),
    ended_at_millis: opt(z.number()),
    spec: z.unknown(),
    progress: z.unknown(),
    estimate_ms: opt(z.number()),
    failure: opt(
      z.object({
        phase: opt(z.string()),
        message: z.string(),
        retryable: z.boolean(),
        code: z.number(),
      }),
    ),
  })
  .passthrough();
