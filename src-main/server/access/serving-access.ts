/**
 * What a catalog server keeps about who may do what, and who did what, in a catalog's own state:
 * the principals managed through the API (key-store.ts) and the audit trail (audit-log.ts). With
 * several databases served, both live in the default database's root (the first one otherwise):
 * principals are the server's, as those of the `--auth` file are, and audit entries name their
 * database.
 */
import { StateTables } from '../../catalog/dir/coordination/state-tables';
import type { AuthConfig } from '../auth/auth-config';
import { AuditLog } from './audit-log';
import { KeyStore } from './key-store';

export interface ServingAccess {
  audit: AuditLog;
  keyStore?: KeyStore;
  /** Opens the key store, seeded from the `--auth` file while it holds no principal. */
  keys(seed: AuthConfig): Promise<KeyStore>;
  close(): Promise<void>;
}

/** For tests: how often each process reads the key store again (default 2 s). */
export const KEYS_REFRESH_ENV = 'CATALOG_STUDIO_KEYS_REFRESH_MS';

export async function openServingAccess(
  root: string,
  storageOptions: Record<string, string>,
): Promise<ServingAccess> {
  const state = new StateTables(root, { storageOptions });
  const audit = new AuditLog(state);
  await audit.start();
  const refreshMs = Number(process.env[KEYS_REFRESH_ENV]) || undefined;
  const access: ServingAccess = {
    audit,
    async keys(seed) {
      const store = new KeyStore(state, { seed, ...(refreshMs ? { refreshMs } : {}) });
      await store.start();
      access.keyStore = store;
      return store;
    },
    async close() {
      access.keyStore?.close();
      await audit.close();
      state.close();
    },
  };
  return access;
}

/** The root whose state holds the principals and the trail. */
export function accessRoot(databases: Map<string, string>, defaultDatabase?: string): string {
  const root = databases.get(defaultDatabase ?? '') ?? [...databases.values()][0];
  if (root === undefined) throw new Error('No database is served');
  return root;
}
