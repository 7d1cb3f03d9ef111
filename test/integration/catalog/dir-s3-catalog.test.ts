/**
 * The conformance suite on the `dir` back end with an `s3://` root, on the real S3 store the test
 * run starts (Ceph's RADOS Gateway, test/support/s3-store.global.ts): the same engine code as on a
 * folder, with the catalog's own files and Lance's commits going to the store.
 */
import { randomBytes } from 'node:crypto';
import { describe, it } from 'vitest';
import { connect } from '../../../src-main/catalog';
import { catalogClientConformance } from '../../conformance/catalog-client.suite';
import { s3Root, s3StorageOptions, s3Unavailable } from '../../support/s3-store';

const unavailable = s3Unavailable();
if (unavailable) {
  describe.skip(`CatalogClient conformance: dir on s3:// (skipped: ${unavailable})`, () => {
    it('needs the S3 store', () => undefined);
  });
} else {
  catalogClientConformance(
    'dir on s3://',
    async () => {
      const root = s3Root(`conformance-${randomBytes(6).toString('hex')}`);
      const client = await connect(root, { storageOptions: s3StorageOptions() });
      return { client, cleanup: () => client.close() };
    },
    { movesRootFolders: false },
  );
}
