/**
 * "Test connection" for an object store: opens the catalog as Connect would, within a deadline,
 * and lists its root. The engine checks the store when it opens a root, so a missing bucket,
 * refused keys, a denied permission and an endpoint that does not answer each come back with the
 * engine's own message and code; a failure is never reported as an empty catalog.
 */
import type { CatalogClient } from '../catalog/client';
import { ERROR_CODES, isCatalogError } from '../../src-shared/vocabulary/errors';
import type { TestResult } from './connection-test';

function duration(ms: number): string {
  return ms < 1000 ? `${ms} ms` : `${Math.round(ms / 1000)} s`;
}

export async function testObjectStore(
  uri: string,
  open: () => Promise<CatalogClient>,
  timeoutMs = 10_000,
): Promise<TestResult> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<'late'>((resolve) => {
    timer = setTimeout(() => resolve('late'), timeoutMs);
  });
  const opening = open();
  const attempt = (async () => {
    const catalog = await opening;
    try {
      const [namespaces, tables] = await Promise.all([
        catalog.listNamespaces([]),
        catalog.listTables([]),
      ]);
      return { namespaces: namespaces.namespaces.length, tables: tables.tables.length };
    } finally {
      await catalog.close();
    }
  })();
  try {
    const outcome = await Promise.race([attempt, deadline]);
    if (outcome === 'late') {
      // The catalog may still open after the answer; it closes itself in `attempt`.
      attempt.catch(() => undefined);
      return {
        ok: false,
        code: ERROR_CODES.ServiceUnavailable,
        message: `${uri} did not answer within ${duration(timeoutMs)}; check the endpoint and that the store is running`,
      };
    }
    return {
      ok: true,
      namespaces: outcome.namespaces,
      message:
        outcome.namespaces + outcome.tables === 0
          ? `Connected: ${uri} holds no tables or namespaces yet`
          : `Connected: ${outcome.namespaces} top-level namespace(s), ${outcome.tables} table(s) at the root`,
    };
  } catch (error) {
    if (isCatalogError(error)) return { ok: false, code: error.code, message: error.message };
    return {
      ok: false,
      code: ERROR_CODES.Internal,
      message: `Cannot open ${uri}: ${error instanceof Error ? error.message : String(error)}`,
    };
  } finally {
    clearTimeout(timer);
  }
}
