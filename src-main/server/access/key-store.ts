/**
 * Principals and API keys managed through the admin routes, kept in the catalog's own state (two
 * state tables under `<root>/.catalog-studio/`, beside the lock, the leases and the jobs), so that
 * every replica serving the root shares them. Each process keeps a view of them, read again in the
 * background every `refreshMs`; a change made through one replica is therefore honoured by every
 * other one within about that long, with no restart.
 *
 * Fails closed: when the view has not been read successfully for `staleMs`, API keys are refused
 * (503) rather than trusted, since one of them may have been revoked meanwhile. A key of the
 * `--auth` file seeded into the store is governed by the store (revoking it there refuses it
 * even though the file still lists it).
 */
import type * as lancedb from '@lancedb/lancedb';
import { lance } from '../../catalog/dir/lance-errors';
import { retryRivalCreate } from '../../catalog/dir/coordination/rival-create';
import type { StateTables } from '../../catalog/dir/coordination/state-tables';
import { sqlString } from '../../catalog/sql-string';
import { errors } from '../../../src-shared/vocabulary/errors';
import type { NewKey, PrincipalInfo } from '../../../src-shared/rest-contract/access';
import type { AuthConfig, Role } from '../auth/auth-config';
import type { Principal } from '../auth/authenticator';
import { findByDigest, keyDigest, newApiKey, newKeyId } from './api-keys';
import {
  info,
  keyState,
  KEYS,
  KEYS_SCHEMA,
  parseScopes,
  PRINCIPALS,
  PRINCIPALS_SCHEMA,
  unique,
  type KeyRow,
  type PrincipalRow,
} from './access-rows';

interface View {
  principals: Map<string, PrincipalRow>;
  keys: Array<Omit<KeyRow, 'digest'> & { digest: Buffer }>;
}

export interface KeyStoreOptions {
  /** How often the view is read again (default 2 s). */
  refreshMs?: number;
  /** How old the view may be before keys are refused (default 5 s). */
  staleMs?: number;
  /** The `--auth` file: its principals with API keys are copied in while the store is empty. */
  seed?: AuthConfig;
  now?: () => number;
}

export class KeyStore {
  private view: View | undefined;
  /** When the read behind the current view started: the view is at least this recent. */
  private viewAt = Number.NEGATIVE_INFINITY;
  private timer: NodeJS.Timeout | undefined;
  private closed = false;
  private readonly refreshMs: number;
  private readonly staleMs: number;
  private readonly now: () => number;
  /** Names the `--auth` file gives; the API may not create a principal of the same name. */
  readonly fileNames: ReadonlySet<string>;

  constructor(
    private readonly state: StateTables,
    private readonly options: KeyStoreOptions = {},
  ) {
    this.refreshMs = options.refreshMs ?? 2000;
    this.staleMs = options.staleMs ?? 5000;
    this.now = options.now ?? Date.now;
    this.fileNames = new Set((options.seed?.principals ?? []).map((p) => p.name));
  }

  private principalsTable(): Promise<lancedb.Table> {
    return this.state.open(PRINCIPALS, PRINCIPALS_SCHEMA);
  }

  private keysTable(): Promise<lancedb.Table> {
    return this.state.open(KEYS, KEYS_SCHEMA);
  }

  /** Reads the view once (waiting for it), then keeps reading it in the background. */
  async start(): Promise<void> {
    await this.refresh().catch((error: unknown) => {
      console.error(`The key store could not be read: ${(error as Error).message}`);
    });
    this.schedule();
  }

  private schedule(): void {
    if (this.closed) return;
    this.timer = setTimeout(() => {
      void this.refresh()
        .catch((error: unknown) =>
          console.error(`The key store could not be read: ${(error as Error).message}`),
        )
        .finally(() => this.schedule());
    }, this.refreshMs);
    this.timer.unref();
  }

  close(): void {
    this.closed = true;
    clearTimeout(this.timer);
  }

  /** Reads both tables into a new view; seeds the store first while it holds no principal. */
  async refresh(): Promise<void> {
    const started = this.now();
    let { principals, keys } = await this.read();
    if (principals.length === 0 && this.options.seed) {
      await this.seed(this.options.seed);
      ({ principals, keys } = await this.read());
    }
    this.view = {
      principals: new Map(principals.map((p) => [p.name, p])),
      keys: keys.map((k) => ({ ...k, digest: Buffer.from(k.digest, 'hex') })),
    };
    this.viewAt = Math.max(this.viewAt, started);
  }

  private async read(): Promise<{ principals: PrincipalRow[]; keys: KeyRow[] }> {
    const [principals, keys] = await Promise.all([
      this.principalsTable().then((t) => lance(() => t.query().toArray())),
      this.keysTable().then((t) => lance(() => t.query().toArray())),
    ]);
    // Replicas seeding a newborn table at once can each insert the same row (rival-create.ts):
    // rows are the same but for their times, so one of each is kept.
    return {
      principals: unique(
        principals.map((row) => ({ ...row }) as PrincipalRow),
        (p) => p.name,
      ),
      keys: unique(
        keys.map((row) => ({ ...row }) as KeyRow),
        (k) => k.key_id,
      ),
    };
  }

  /**
   * Copies the file's principals and their API keys (as digests) in. Keyed by name and by digest,
   * so replicas seeding at once write the same rows once; run again by the next refresh if a
   * rival creation of the table erased it (rival-create.ts).
   */
  private async seed(config: AuthConfig): Promise<void> {
    const now = this.now();
    const principals: PrincipalRow[] = [];
    const keys: KeyRow[] = [];
    for (const p of config.principals) {
      if (!p.api_keys?.length || p.databases) continue;
      principals.push({
        name: p.name,
        role: p.role,
        namespaces: p.namespaces ? JSON.stringify(p.namespaces) : null,
        source: 'file',
        created_at: now,
        updated_at: now,
        revoked_at: null,
      });
      for (const key of p.api_keys) {
        const digest = key.startsWith('sha256:')
          ? key.slice('sha256:'.length).toLowerCase()
          : keyDigest(key).toString('hex');
        keys.push({
          key_id: `k_${digest.slice(0, 16)}`,
          principal: p.name,
          digest,
          created_at: now,
          created_by: 'auth file',
          expires_at: null,
          revoked_at: null,
        });
      }
    }
    if (principals.length === 0) return;
    await this.insert(KEYS, keys, 'key_id');
    await this.insert(PRINCIPALS, principals, 'name');
  }

  private async insert(name: string, rows: object[], on: string): Promise<void> {
    if (rows.length === 0) return;
    const table = name === KEYS ? await this.keysTable() : await this.principalsTable();
    await retryRivalCreate(() =>
      lance(() =>
        table
          .mergeInsert(on)
          .whenNotMatchedInsertAll()
          .execute(rows as Array<Record<string, unknown>>),
      ),
    );
  }

  /**
   * The principal a key names, from the view: undefined when the store does not know the key
   * (the `--auth` file may). Throws for a revoked or expired key, and when the view is stale.
   */
  lookup(secret: string): Principal | undefined {
    const age = this.now() - this.viewAt;
    if (!this.view || age > this.staleMs) {
      throw errors.ServiceUnavailable(
        'The key store could not be read recently; API keys are refused until it can be (one may have been revoked)',
      );
    }
    const key = findByDigest(this.view.keys, secret);
    if (!key) return undefined;
    const principal = this.view.principals.get(key.principal);
    const state = keyState(key, principal, this.now());
    if (state === 'revoked') throw errors.Unauthenticated('The API key has been revoked');
    if (state === 'expired') throw errors.Unauthenticated('The API key has expired');
    const namespaces = parseScopes(principal!.namespaces);
    return {
      name: principal!.name,
      role: principal!.role as Role,
      ...(namespaces ? { namespaces } : {}),
    };
  }

  /** Every principal with its keys, read now (not from the view). */
  async list(): Promise<PrincipalInfo[]> {
    const { principals, keys } = await this.read();
    const now = this.now();
    return principals.sort((a, b) => a.name.localeCompare(b.name)).map((p) => info(p, keys, now));
  }

  private async principal(name: string): Promise<{ row: PrincipalRow; keys: KeyRow[] }> {
    const table = await this.principalsTable();
    const rows = (await lance(() =>
      table
        .query()
        .where(`name = ${sqlString(name)}`)
        .toArray(),
    )) as PrincipalRow[];
    const [row] = unique(rows, (p) => p.name);
    if (!row) throw errors.InvalidInput(`No principal named ${JSON.stringify(name)}`);
    const keysTable = await this.keysTable();
    const keys = (await lance(() =>
      keysTable
        .query()
        .where(`principal = ${sqlString(name)}`)
        .toArray(),
    )) as KeyRow[];
    return {
      row: { ...row },
      keys: unique(
        keys.map((k) => ({ ...k })),
        (k) => k.key_id,
      ),
    };
  }

  async describe(name: string): Promise<PrincipalInfo> {
    const { row, keys } = await this.principal(name);
    return info(row, keys, this.now());
  }

  async createPrincipal(
    input: { name: string; role: Role; namespaces: string[][] | null; expiresAt: number | null },
    by: string,
  ): Promise<{ principal: PrincipalInfo; key: NewKey }> {
    if (this.fileNames.has(input.name)) {
      throw errors.InvalidInput(
        `${input.name} is a principal of the --auth file; choose another name`,
      );
    }
    const now = this.now();
    const row: PrincipalRow = {
      name: input.name,
      role: input.role,
      namespaces: input.namespaces ? JSON.stringify(input.namespaces) : null,
      source: 'api',
      created_at: now,
      updated_at: now,
      revoked_at: null,
    };
    const table = await this.principalsTable();
    const result = await retryRivalCreate(() =>
      lance(() =>
        table
          .mergeInsert('name')
          .whenNotMatchedInsertAll()
          .execute([row as unknown as Record<string, unknown>]),
      ),
    );
    if (result.numInsertedRows === 0)
      throw errors.InvalidInput(`A principal named ${JSON.stringify(input.name)} already exists`);
    const key = await this.createKey(input.name, input.expiresAt, by);
    return { principal: await this.describe(input.name), key };
  }

  async updatePrincipal(
    input: { name: string; role?: Role; namespaces?: string[][] | null },
    _by: string,
  ): Promise<PrincipalInfo> {
    const { row } = await this.principal(input.name);
    if (row.revoked_at !== null)
      throw errors.InvalidInput(`${input.name} has been revoked; create a new principal`);
    const values: Record<string, string> = { updated_at: String(this.now()) };
    if (input.role) values.role = sqlString(input.role);
    if (input.namespaces !== undefined) {
      values.namespaces =
        input.namespaces === null ? 'NULL' : sqlString(JSON.stringify(input.namespaces));
    }
    const table = await this.principalsTable();
    await lance(() =>
      table.update({ where: `name = ${sqlString(input.name)}`, valuesSql: values }),
    );
    await this.refreshSoon();
    return this.describe(input.name);
  }

  /** Revokes the principal and with it every key it has. */
  async revokePrincipal(name: string, _by: string): Promise<PrincipalInfo> {
    await this.principal(name);
    const now = String(this.now());
    const principals = await this.principalsTable();
    await lance(() =>
      principals.update({
        where: `name = ${sqlString(name)} AND revoked_at IS NULL`,
        valuesSql: { revoked_at: now, updated_at: now },
      }),
    );
    const keys = await this.keysTable();
    await lance(() =>
      keys.update({
        where: `principal = ${sqlString(name)} AND revoked_at IS NULL`,
        valuesSql: { revoked_at: now },
      }),
    );
    await this.refreshSoon();
    return this.describe(name);
  }

  /** A new key for the principal; its secret is in the answer and nowhere else. */
  async createKey(principal: string, expiresAt: number | null, by: string): Promise<NewKey> {
    const { row } = await this.principal(principal);
    if (row.revoked_at !== null)
      throw errors.InvalidInput(`${principal} has been revoked; create a new principal`);
    if (expiresAt !== null && expiresAt <= this.now())
      throw errors.InvalidInput('expires_at is in the past');
    const secret = newApiKey();
    const key: KeyRow = {
      key_id: newKeyId(),
      principal,
      digest: keyDigest(secret).toString('hex'),
      created_at: this.now(),
      created_by: by,
      expires_at: expiresAt,
      revoked_at: null,
    };
    await this.insert(KEYS, [key], 'key_id');
    await this.refreshSoon();
    return { principal, key_id: key.key_id, api_key: secret, expires_at: expiresAt };
  }

  async revokeKey(keyId: string, _by: string): Promise<PrincipalInfo> {
    const table = await this.keysTable();
    const [key] = (await lance(() =>
      table
        .query()
        .where(`key_id = ${sqlString(keyId)}`)
        .toArray(),
    )) as KeyRow[];
    if (!key) throw errors.InvalidInput(`No API key ${JSON.stringify(keyId)}`);
    await lance(() =>
      table.update({
        where: `key_id = ${sqlString(keyId)} AND revoked_at IS NULL`,
        valuesSql: { revoked_at: String(this.now()) },
      }),
    );
    await this.refreshSoon();
    return this.describe(key.principal);
  }

  /** This process honours its own change at once; the others at their next refresh. */
  private async refreshSoon(): Promise<void> {
    await this.refresh().catch(() => undefined);
  }
}
