/**
 * A remote table's versions: listing them, restoring an old one as the latest, and the version
 * manifests of the contract's external-manifest routes (describe, create, delete).
 */
import { REST, routeRequest } from '../../../src-shared/rest-contract';
import type { WriteResult } from '../client';
import type {
  BranchOption,
  ListVersionsOptions,
  CreateVersionRequest,
  DeleteVersionsRequest,
  TransactionInfo,
  VersionDetail,
  VersionInfo,
} from '../../../src-shared/catalog-api';
import { ERROR_CODES, errors, isCatalogError } from '../../../src-shared/vocabulary/errors';
import { fromTransactionProperties } from '../../../src-shared/transaction-properties';
import { countRows } from './rest-table-data';
import type { RestTableCore } from './rest-table-core';

/** Versions described at once by describeTransactions: a window of 200 is 25 round trips. */
const TRANSACTION_CALLS_AT_ONCE = 8;

/** The contract's TableVersion. */
interface WireVersion {
  version: number;
  manifest_path?: string;
  manifest_size?: number;
  timestamp_millis?: number;
  metadata?: Record<string, string>;
}

function fromWireVersion(v: WireVersion): VersionDetail {
  return {
    version: v.version,
    timestampMillis: v.timestamp_millis ?? 0,
    metadata: v.metadata ?? {},
    ...(v.manifest_path ? { manifestPath: v.manifest_path } : {}),
    ...(v.manifest_size !== undefined ? { manifestSize: v.manifest_size } : {}),
  };
}

/** The contract's ListTableVersions; the newest few are its first page, newest first. */
export async function listVersions(
  t: RestTableCore,
  { branch, newest }: ListVersionsOptions = {},
): Promise<VersionInfo[]> {
  const b = t.branchOf(branch);
  const reply = await t.session.json<{
    versions: Array<{
      version: number;
      timestamp_millis?: number;
      timestamp?: string;
      metadata?: Record<string, string>;
    }>;
  }>({
    ...t.at(REST.listTableVersions),
    query: {
      branch: b,
      ...(newest !== undefined ? { descending: 'true', limit: String(newest) } : {}),
    },
  });
  const versions = reply.versions
    .map((v) => ({
      version: v.version,
      timestampMillis: v.timestamp_millis ?? (v.timestamp ? Date.parse(v.timestamp) : 0),
      metadata: v.metadata ?? {},
    }))
    .sort((x, y) => x.version - y.version);
  // A server that ignores the limit answers every version: the newest are still its last.
  return newest === undefined ? versions : versions.slice(-newest);
}

/** Refuses a version the branch `b` (main when undefined) does not have. */
export async function requireVersion(
  t: RestTableCore,
  version: number,
  b: string | undefined,
): Promise<void> {
  if (!(await listVersions(t, b ? { branch: b } : {})).some((v) => v.version === version)) {
    throw errors.TableVersionNotFound(`Version ${version} of ${t.id} does not exist`);
  }
}

export async function restore(
  t: RestTableCore,
  version: number,
  { branch }: BranchOption = {},
): Promise<WriteResult> {
  t.writable();
  const b = t.branchOf(branch);
  const reply = await t.post<{ version: number }>(REST.restoreTable, {
    version,
    ...(b ? { branch: b } : {}),
  });
  return { version: reply.version, numRows: await countRows(t, b ? { branch: b } : {}) };
}

export async function describeVersion(
  t: RestTableCore,
  version: number | undefined,
  { branch }: BranchOption = {},
): Promise<VersionDetail> {
  const b = t.branchOf(branch);
  const reply = await t.post<{ version: WireVersion }>(REST.describeTableVersion, {
    ...(version !== undefined ? { version } : {}),
    ...(b ? { branch: b } : {}),
  });
  return fromWireVersion(reply.version);
}

export async function createVersion(
  t: RestTableCore,
  request: CreateVersionRequest,
): Promise<VersionDetail> {
  t.writable();
  const reply = await t.post<{ version: WireVersion }>(REST.createTableVersion, {
    version: request.version,
    manifest_path: request.manifestPath,
    ...(request.namingScheme ? { naming_scheme: request.namingScheme } : {}),
    ...(t.branch ? { branch: t.branch } : {}),
  });
  return fromWireVersion(reply.version);
}

export async function deleteVersions(
  t: RestTableCore,
  { ranges }: DeleteVersionsRequest,
): Promise<number> {
  t.writable();
  const reply = await t.post<{ deleted_count: number }>(REST.deleteTableVersions, {
    ranges: ranges.map((r) => ({ start_version: r.start, end_version: r.end })),
    ...(t.branch ? { branch: t.branch } : {}),
  });
  return reply.deleted_count;
}

/**
 * The contract's DescribeTransaction, once per version (the route's id is the table's followed by
 * the transaction's, which is the version number), a few at a time so that a timeline's window costs a few round trips.
 */
export async function describeTransactions(
  t: RestTableCore,
  versions: number[],
  { branch }: BranchOption = {},
): Promise<TransactionInfo[]> {
  const b = t.branchOf(branch);
  const answers: TransactionInfo[] = new Array<TransactionInfo>(versions.length);
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < versions.length) {
      const at = next++;
      const version = versions[at]!;
      let reply: { properties?: Record<string, string> };
      try {
        reply = await t.session.json<{ properties?: Record<string, string> }>({
          ...routeRequest(REST.describeTransaction, {
            id: [...t.namespacePath, t.name, String(version)],
            delimiter: t.session.transport.settings.delimiter,
          }),
          json: b ? { branch: b } : {},
          notFound: ERROR_CODES.TableNotFound as never,
        });
      } catch (error) {
        // A version gone meanwhile (a cleanup) is shown as such, not a failed window.
        if (isCatalogError(error) && error.code === ERROR_CODES.TransactionNotFound) {
          answers[at] = { version, operation: 'unknown', missing: true };
          continue;
        }
        throw error;
      }
      answers[at] = fromTransactionProperties(version, reply.properties ?? {});
    }
  };
  await Promise.all(
    Array.from({ length: Math.min(TRANSACTION_CALLS_AT_ONCE, versions.length) }, worker),
  );
  return answers;
}

/**
 * The contract has no cheaper call for the newest version than DescribeTable (listing versions
 * reads every manifest); a pinned handle asks for its own version.
 */
export async function latestVersion(
  t: RestTableCore,
  { branch }: BranchOption = {},
): Promise<number> {
  const b = t.branchOf(branch);
  const reply = await t.post<{ version?: number }>(REST.describeTable, {
    ...(t.pinnedVersion ? { version: t.pinnedVersion } : {}),
    ...(b ? { branch: b } : {}),
  });
  if (reply.version === undefined) {
    throw errors.InvalidTableState(`Table ${t.id} is declared but has no data yet`);
  }
  return reply.version;
}
