/**
 * A version's transaction as the contract's DescribeTransaction answers it: a map of strings.
 * The directory implementation names `uuid`, `version`, `read_version`, `operation` and `tag`;
 * this server adds the details a timeline shows, lists and the changed columns as JSON. Both ends use these two
 * functions, so the map's keys are written once.
 */
import { TransactionInfoSchema, type TransactionInfo } from './catalog-api';

export function toTransactionProperties(info: TransactionInfo): Record<string, string> {
  const properties: Record<string, string> = {
    version: String(info.version),
    operation: info.operation,
  };
  if (info.readVersion !== undefined) properties.read_version = String(info.readVersion);
  if (info.uuid !== undefined) properties.uuid = info.uuid;
  if (info.tag !== undefined) properties.tag = info.tag;
  if (info.restoredVersion !== undefined) {
    properties.restored_version = String(info.restoredVersion);
  }
  if (info.indexesAdded) properties.indexes_added = JSON.stringify(info.indexesAdded);
  if (info.indexesRemoved) properties.indexes_removed = JSON.stringify(info.indexesRemoved);
  if (info.predicate !== undefined) properties.predicate = info.predicate;
  if (info.columns) properties.columns = JSON.stringify(info.columns);
  return properties;
}

/** Reads the map back; a value another server wrote that does not fit is left out, not trusted. */
export function fromTransactionProperties(
  version: number,
  properties: Record<string, string>,
): TransactionInfo {
  const number = (value: string | undefined) =>
    value !== undefined && /^\d+$/.test(value) ? Number(value) : undefined;
  const list = (value: string | undefined): string[] | undefined => {
    if (value === undefined) return undefined;
    try {
      const parsed: unknown = JSON.parse(value);
      return Array.isArray(parsed) && parsed.every((x) => typeof x === 'string')
        ? parsed
        : undefined;
    } catch {
      return undefined;
    }
  };
  const columns = (value: string | undefined) => {
    if (value === undefined) return undefined;
    try {
      const parsed = TransactionInfoSchema.shape.columns.safeParse(JSON.parse(value));
      return parsed.success ? parsed.data : undefined;
    } catch {
      return undefined;
    }
  };
  const operation = TransactionInfoSchema.shape.operation.safeParse(properties.operation);
  const candidate = {
    version,
    operation: operation.success ? operation.data : 'unknown',
    readVersion: number(properties.read_version),
    uuid: properties.uuid,
    tag: properties.tag,
    restoredVersion: number(properties.restored_version),
    indexesAdded: list(properties.indexes_added),
    indexesRemoved: list(properties.indexes_removed),
    predicate: properties.predicate,
    columns: columns(properties.columns),
  };
  return TransactionInfoSchema.parse(
    Object.fromEntries(Object.entries(candidate).filter(([, value]) => value !== undefined)),
  );
}
