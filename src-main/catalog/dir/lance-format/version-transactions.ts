/**
 * What each version's commit did, read from the transaction Lance keeps with every manifest: an
 * append, a delete, an index built, a compaction, a restore… LanceDB's Node API lists versions
 * with only a number, a time and row totals, so the timeline's operations come from the files.
 *
 * A manifest names its transaction in one of two ways (lance `protos/table.proto`): a section of
 * the manifest file itself (newer writers), or a file under `_transactions/` (older ones). The
 * transaction (`protos/transaction.proto`) holds the operation as a oneof; only the fields a
 * timeline shows are read, and a field this reader does not know is skipped, not refused.
 */
import { BinaryReader, WireType } from '@bufbuild/protobuf/wire';
import type { TransactionInfo } from '../../../../src-shared/catalog-api';
import { MANIFEST, readManifest, readManifestLayout, section } from './lance-manifest';
import { columnChanges } from './schema-changes';
import { manifests, type TableFiles } from '../table/dir-versions';

/** The operation oneof's field numbers, by the name the timeline shows. */
const OPERATIONS: Record<number, TransactionInfo['operation']> = {
  100: 'append',
  101: 'delete',
  102: 'overwrite',
  103: 'create_index',
  104: 'rewrite',
  105: 'merge',
  106: 'restore',
  107: 'reserve_fragments',
  108: 'update',
  109: 'project',
  110: 'update_config',
  111: 'data_replacement',
  112: 'update_mem_wal_state',
  113: 'clone',
  114: 'update_bases',
  115: 'data_overlay',
  116: 'append_fri_transitions',
};
/** Operations that change the schema in ways the transaction does not name. */
const SCHEMA_OPERATIONS = new Set<TransactionInfo['operation']>(['merge', 'project']);
const TRANSACTION = { readVersion: 1, uuid: 2, tag: 3 } as const;
const CREATE_INDEX = { newIndices: 1, removedIndices: 2 } as const;
const INDEX_METADATA = { name: 3 } as const;
const RESTORE = { version: 1 } as const;
const DELETE = { predicate: 3 } as const;

/** The transactions of the given versions, in the order asked; a version without one says so. */
export async function describeTransactions(
  files: TableFiles,
  versions: readonly number[],
): Promise<TransactionInfo[]> {
  const present = await manifests(files);
  return Promise.all(
    versions.map(async (version): Promise<TransactionInfo> => {
      const file = present.get(version);
      if (!file) return { version, operation: 'unknown', missing: true };
      const bytes = await files.store.get(file.key);
      const transaction = await transactionOf(files, bytes, file.key);
      if (!transaction) return { version, operation: 'unknown' };
      const info: TransactionInfo = { ...decodeTransaction(transaction), version };
      const before = present.get(version - 1);
      if (SCHEMA_OPERATIONS.has(info.operation) && before) {
        // Which columns changed, by the schema before: Merge and Project alone do not say.
        const previous = readManifest(await files.store.get(before.key), before.key);
        info.columns = columnChanges(previous.schema, readManifest(bytes, file.key).schema);
      }
      return info;
    }),
  );
}

async function transactionOf(
  files: TableFiles,
  bytes: Uint8Array,
  name: string,
): Promise<Uint8Array | undefined> {
  const { manifest, footer, bad } = readManifestLayout(bytes, name);
  const reader = new BinaryReader(manifest);
  let file: string | undefined;
  while (reader.pos < reader.len) {
    const [no, wireType] = reader.tag();
    if (no === MANIFEST.transactionSection && wireType === WireType.Varint) {
      return section(bytes, BigInt(reader.uint64()), footer, bad);
    }
    if (no === MANIFEST.transactionFile && wireType === WireType.LengthDelimited) {
      file = reader.string();
      continue;
    }
    reader.skip(wireType, no);
  }
  if (!file) return undefined;
  const key = `${files.folder}/_transactions/${file}`;
  // A cleaned-up table may have dropped old transaction files; the version is still listed.
  return (await files.store.exists(key)) ? files.store.get(key) : undefined;
}

export function decodeTransaction(bytes: Uint8Array): Omit<TransactionInfo, 'version'> {
  const reader = new BinaryReader(bytes);
  const info: Omit<TransactionInfo, 'version'> = { operation: 'unknown' };
  while (reader.pos < reader.len) {
    const [no, wireType] = reader.tag();
    if (no === TRANSACTION.readVersion && wireType === WireType.Varint) {
      info.readVersion = Number(reader.uint64());
    } else if (no === TRANSACTION.uuid && wireType === WireType.LengthDelimited) {
      info.uuid = reader.string();
    } else if (no === TRANSACTION.tag && wireType === WireType.LengthDelimited) {
      const tag = reader.string();
      if (tag) info.tag = tag;
    } else if (OPERATIONS[no] && wireType === WireType.LengthDelimited) {
      info.operation = OPERATIONS[no];
      Object.assign(info, operationDetails(no, reader.bytes()));
    } else {
      reader.skip(wireType, no);
    }
  }
  return info;
}

function operationDetails(no: number, body: Uint8Array): Partial<TransactionInfo> {
  const reader = new BinaryReader(body);
  const added: string[] = [];
  const removed: string[] = [];
  const details: Partial<TransactionInfo> = {};
  while (reader.pos < reader.len) {
    const [field, wireType] = reader.tag();
    if (no === 103 && wireType === WireType.LengthDelimited) {
      const name = indexName(reader.bytes());
      if (field === CREATE_INDEX.newIndices && name) added.push(name);
      else if (field === CREATE_INDEX.removedIndices && name) removed.push(name);
    } else if (no === 106 && field === RESTORE.version && wireType === WireType.Varint) {
      details.restoredVersion = Number(reader.uint64());
    } else if (no === 101 && field === DELETE.predicate && wireType === WireType.LengthDelimited) {
      const predicate = reader.string();
      if (predicate) details.predicate = predicate;
    } else {
      reader.skip(wireType, field);
    }
  }
  if (added.length > 0) details.indexesAdded = added;
  if (removed.length > 0) details.indexesRemoved = removed;
  return details;
}

function indexName(metadata: Uint8Array): string | undefined {
  const reader = new BinaryReader(metadata);
  while (reader.pos < reader.len) {
    const [field, wireType] = reader.tag();
    if (field === INDEX_METADATA.name && wireType === WireType.LengthDelimited) {
      return reader.string();
    }
    reader.skip(wireType, field);
  }
  return undefined;
}
