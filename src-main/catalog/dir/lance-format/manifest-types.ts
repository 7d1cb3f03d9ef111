/**
 * The shape of a Lance manifest as manifest-decode.ts gives it: the schema's fields, the
 * fragments with their data and deletion files, the indexes, the base paths, the flags.
 */
export interface ManifestField {
  id: number;
  /** -1 for a top-level column. */
  parentId: number;
  name: string;
  /** Lance's name for the Arrow type: `int64`, `string`, `struct`, `fixed_size_list:float:4`… */
  logicalType: string;
  nullable: boolean;
}

export interface ManifestDataFile {
  /** Relative to the table's folder (or to its base path): `data/…`. */
  path: string;
  fields: number[];
  /** 0 when the writer did not record it. */
  fileSizeBytes: number;
  baseId?: number;
}

export interface ManifestDeletionFile {
  /** `_deletions/{fragment}-{read_version}-{id}.{arrow|bin}`, as Lance names it. */
  path: string;
  numDeletedRows: number;
  baseId?: number;
}

export interface ManifestFragment {
  id: number;
  /** 0 when an older writer left it unset. */
  physicalRows: number;
  dataFiles: ManifestDataFile[];
  deletionFile?: ManifestDeletionFile;
}

export interface ManifestIndex {
  /** Hyphenated; the index's files lie in `_indices/<uuid>/`. */
  uuid: string;
  name: string;
  fields: number[];
  datasetVersion: number;
  baseId?: number;
  /** The files and sizes the writer recorded; empty when it recorded none. */
  files: Array<{ path: string; sizeBytes: number }>;
}

export interface ManifestBasePath {
  id: number;
  name?: string;
  isDatasetRoot: boolean;
  path: string;
}

export interface LanceManifest {
  version: number;
  timestampMillis: number;
  schema: ManifestField[];
  schemaMetadata: Record<string, string>;
  fragments: ManifestFragment[];
  indexes: ManifestIndex[];
  basePaths: ManifestBasePath[];
  readerFlags: bigint;
  writerFlags: bigint;
  maxFragmentId?: number;
  branch?: string;
  transactionFile?: string;
  /** Whether the transaction is a section of this file. */
  transactionSection: boolean;
  dataFormat?: { fileFormat: string; version: string };
  writerVersion?: { library: string; version: string };
  config: Record<string, string>;
  tableMetadata: Record<string, string>;
  /** The manifest file format's version, from the footer. */
  fileVersion: { major: number; minor: number };
}
