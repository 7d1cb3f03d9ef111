/**
 * The conformance suite on the `dir` back end with an `az://` root, on Azurite (Microsoft's Azure
 * Blob Storage emulator, started by this file): the same engine code as on a folder and on S3,
 * with the catalog's own files going through Azure's conditional put and Lance's commits through
 * LanceDB's Azure support.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll } from 'vitest';
import { connect } from '../../../src-main/catalog';
import { catalogClientConformance } from '../../conformance/catalog-client.suite';
import { startAzurite, type Azurite } from '../../support/azurite';

let azurite: Azurite;
beforeAll(async () => {
  azurite = await startAzurite();
  await azurite.createContainer('conformance');
}, 30_000);
afterAll(async () => {
  await azurite?.stop();
});

catalogClientConformance(
  'dir on az://',
  async () => {
    const root = `az://conformance/${randomBytes(6).toString('hex')}`;
    const client = await connect(root, { storageOptions: azurite.storageOptions() });
    return { client, cleanup: () => client.close() };
  },
  { movesRootFolders: false },
);
