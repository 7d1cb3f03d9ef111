import { describe, expect, it } from 'vitest';
import type { VersionInfo } from '../../../src-shared/catalog-api';
import {
  latestDataBytes,
  mergeableSmallFragments,
  versionDataBytes,
} from '../../../src-shared/table-sizes';

const version = (n: number, size?: string): VersionInfo => ({
  version: n,
  timestampMillis: n,
  metadata: size === undefined ? {} : { total_files_size: size },
});

describe('table sizes', () => {
  it("reads a version's data bytes from its summary, and says so when it has none", () => {
    expect(versionDataBytes(version(1, '55468032'))).toBe(55_468_032);
    expect(versionDataBytes(version(1))).toBeUndefined();
    expect(versionDataBytes(version(1, 'x'))).toBeUndefined();
  });
  it('takes the newest version, in whatever order the list comes', () => {
    expect(latestDataBytes([version(3, '30'), version(1, '10'), version(2, '20')])).toBe(30);
    expect(latestDataBytes([])).toBeUndefined();
  });
  it('counts no lone small fragment as one to merge', () => {
    expect(mergeableSmallFragments({ numFragments: 1, numSmallFragments: 1 })).toBe(0);
    expect(mergeableSmallFragments({ numFragments: 3, numSmallFragments: 1 })).toBe(0);
    expect(mergeableSmallFragments({ numFragments: 6, numSmallFragments: 6 })).toBe(6);
  });
});
