/**
 * The actions the app can show as code ("Show code"), each with the user's real names and
 * parameters. Their fields reuse the contract's types, so a form's state or a request the app
 * sends becomes an action without a translation of its own.
 */
import type { CreateMode, DropNamespaceOptions, QueryRequest } from '../catalog-api';
import type { IndexRequest } from '../index-request';
import type { JsonArrowSchema } from '../vocabulary/json-arrow-types';

/** Where a table is: its namespace path (empty at the root) and its name. */
export interface TableRef {
  namespacePath: string[];
  table: string;
}

/** Only rows at a distance in [lower, upper) are returned by a vector search. */
export interface DistanceRange {
  lower?: number;
  upper?: number;
}

/**
 * A search as the app runs it. `distanceRange` is spelled here too so that snippets can carry it
 * whether or not the contract's QueryRequest has it yet; a vector with a full-text query is a
 * hybrid search, reranked with reciprocal rank fusion (RRF).
 */
export type SnippetQuery = QueryRequest & { distanceRange?: DistanceRange };

export type ImportFormat = 'csv' | 'tsv' | 'json' | 'ndjson' | 'parquet' | 'arrow';

export type CodeAction =
  | { kind: 'search'; target: TableRef; query: SnippetQuery }
  | {
      /** A vector search at one point of the recall chart: a search preset, not a new verb. */
      kind: 'recall-setting';
      target: TableRef;
      query: SnippetQuery & { vector: number[] };
      nprobes: number;
      refineFactor?: number;
    }
  | { kind: 'create-table'; target: TableRef; schema: JsonArrowSchema; mode?: CreateMode }
  | {
      kind: 'import';
      target: TableRef;
      /** The file as the user picked it, an absolute path on their machine. */
      file: string;
      format: ImportFormat;
      mode: 'create' | 'append';
    }
  | { kind: 'create-index'; target: TableRef; request: IndexRequest }
  | {
      kind: 'create-namespace';
      namespacePath: string[];
      properties?: Record<string, string>;
      mode?: CreateMode;
    }
  | { kind: 'drop-table'; target: TableRef }
  | { kind: 'drop-namespace'; namespacePath: string[]; options?: DropNamespaceOptions }
  | {
      kind: 'rename-table';
      target: TableRef;
      newName: string;
      /** Absent: the table stays in its namespace. */
      newNamespacePath?: string[];
    };

export type CodeActionKind = CodeAction['kind'];

/**
 * The connection a snippet runs against. A remote's auth is the header's name only: snippets read
 * the secret from an environment variable, so a shown or copied snippet never holds it.
 */
export type SnippetConnection =
  | { kind: 'folder' | 'object-store'; uri: string }
  | { kind: 'remote'; url: string; authHeader?: string };

export interface CodeSnippets {
  typescript: string;
  python: string;
  curl: string;
}

/** The search a recall-setting action stands for. */
export function recallQuery(action: Extract<CodeAction, { kind: 'recall-setting' }>): SnippetQuery {
  return {
    ...action.query,
    nprobes: action.nprobes,
    ...(action.refineFactor === undefined ? {} : { refineFactor: action.refineFactor }),
  };
}
