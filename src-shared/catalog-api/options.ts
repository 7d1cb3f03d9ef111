/**
 * Options of the catalog's calls on namespaces and tables: create, list, open, rename, insert,
 * count, and the branch a call reads.
 */
import { z } from 'zod';

const Properties = z.record(z.string(), z.string());

export const NamespacePathSchema = z.array(z.string());

export const CreateModeSchema = z.enum(['create', 'exist_ok', 'overwrite']);
export type CreateMode = z.infer<typeof CreateModeSchema>;

export const ListOptionsSchema = z
  .object({
    /** Opaque; in practice the last name of the previous page ("start after"). */
    pageToken: z.string().optional(),
    limit: z.number().int().min(1).max(100_000).optional(),
  })
  .strict();
export type ListOptions = z.infer<typeof ListOptionsSchema>;

export const CreateNamespaceOptionsSchema = z
  .object({ mode: CreateModeSchema.optional(), properties: Properties.optional() })
  .strict();
export type CreateNamespaceOptions = z.infer<typeof CreateNamespaceOptionsSchema>;

export const DropNamespaceOptionsSchema = z
  .object({
    mode: z.enum(['fail', 'skip']).optional(),
    behavior: z.enum(['restrict', 'cascade']).optional(),
  })
  .strict();
export type DropNamespaceOptions = z.infer<typeof DropNamespaceOptionsSchema>;

export const CreateTableOptionsSchema = z
  .object({
    mode: CreateModeSchema.optional(),
    properties: Properties.optional(),
    storageOptions: Properties.optional(),
  })
  .strict();
export type CreateTableOptions = z.infer<typeof CreateTableOptionsSchema>;

export const OpenTableOptionsSchema = z
  .object({ version: z.number().int().min(1).optional(), branch: z.string().min(1).optional() })
  .strict();
export type OpenTableOptions = z.infer<typeof OpenTableOptionsSchema>;

export const RenameTableOptionsSchema = z
  .object({ newNamespacePath: NamespacePathSchema.optional() })
  .strict();
export type RenameTableOptions = z.infer<typeof RenameTableOptionsSchema>;

export const InsertOptionsSchema = z
  .object({
    mode: z.enum(['append', 'overwrite']).optional(),
    branch: z.string().min(1).optional(),
  })
  .strict();
export type InsertOptions = z.infer<typeof InsertOptionsSchema>;

export const BranchOptionSchema = z.object({ branch: z.string().min(1).optional() }).strict();
export type BranchOption = z.infer<typeof BranchOptionSchema>;

/** Versions of a branch, oldest first; `newest` keeps only the last few (a timeline's window). */
export const ListVersionsOptionsSchema = BranchOptionSchema.extend({
  newest: z.number().int().min(1).optional(),
}).strict();
export type ListVersionsOptions = z.infer<typeof ListVersionsOptionsSchema>;

export const CountOptionsSchema = z
  .object({
    filter: z.string().optional(),
    branch: z.string().min(1).optional(),
    version: z.number().int().min(1).optional(),
  })
  .strict();
export type CountOptions = z.infer<typeof CountOptionsSchema>;

export const CreateBranchOptionsSchema = z
  .object({
    fromBranch: z.string().min(1).optional(),
    fromVersion: z.number().int().min(1).optional(),
  })
  .strict();
export type CreateBranchOptions = z.infer<typeof CreateBranchOptionsSchema>;
