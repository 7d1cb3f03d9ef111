/**
 * A remote table's versions: listing them, restoring an old one as the latest, and the version
 * manifests of the contract's external-manifest routes (describe, create, delete).
 */
import type { WriteResult } from '../client';
import type {
  BranchOption,
  CreateVersionRequest,
  DeleteVersionsRequest,
  VersionDetail,
  VersionInfo,
} from '../../../src-shared/catalog-api';
import { errors } from '../../../src-shared/vocabulary/errors';
import { countRows } from './rest-table-data';
import type { RestTableCore } from './rest-table-core';

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

export async function listVersions(
  t: RestTableCore,
  { branch }: BranchOption = {},
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
    method: 'POST',
    path: `${t.path}/version/list`,
    query: { branch: b },
  });
  return reply.versions.map((v) => ({
    version: v.version,
    timestampMillis: v.timestamp_millis ?? (v.timestamp ? Date.parse(v.timestamp) : 0),
    metadata: v.metadata ?? {},
  }));
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
  const reply = await t.post<{ version: number }>('restore', {
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
  const reply = await t.post<{ version: WireVersion }>('version/describe', {
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
  const reply = await t.post<{ version: WireVersion }>('version/create', {
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
  const reply = await t.post<{ deleted_count: number }>('version/delete', {
    ranges: ranges.map((r) => ({ start_version: r.start, end_version: r.end })),
    ...(t.branch ? { branch: t.branch } : {}),
  });
  return reply.deleted_count;
}
