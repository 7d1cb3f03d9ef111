/**
 * The conformance suite on the `rest` back end: our REST client talking to our server on
 * loopback, over a temp folder. Same operations, same answers, same error codes as `dir`.
 */
import { connectNamespace } from '../../../src-main/catalog';
import { catalogClientConformance } from '../../conformance/catalog-client.suite';
import { startCatalogServer } from '../../support/catalog-server';

catalogClientConformance('rest', async () => {
  const server = await startCatalogServer();
  const client = await connectNamespace('rest', { uri: server.url });
  return {
    client,
    cleanup: async () => {
      await client.close();
      await server.close();
    },
  };
});
