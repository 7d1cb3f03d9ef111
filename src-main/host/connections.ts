/**
 * The open connections of the app: local folders and object-store roots (the embedded `dir`
 * catalog) and remote catalogs (the `rest` catalog), each with an id, a name, a colour, a
 * read-only switch and what it may do (connection-rights.ts).
 */
import { isUriRoot } from '../catalog/storage/root-uri';
import { existsSync, statSync } from 'node:fs';
import { basename, resolve } from 'node:path';
import { randomUUID } from 'node:crypto';
import { connect, connectNamespace } from '../catalog';
import type { CatalogClient } from '../catalog/client';
import type { JobEvent } from '../../src-shared/catalog-api';
import { errors } from '../../src-shared/vocabulary/errors';
import type { Connection, RemoteSettings } from '../../src-shared/studio-procedures';
import { objectStoreName } from './object-store-options';
import { remoteHeaders } from './remote-headers';
import { CHOSEN_READ_ONLY, folderRights, remoteRights } from './connection-rights';
import { FULL_RIGHTS, type Rights } from '../../src-shared/vocabulary/rights';
import type { OwnWrites } from './own-writes';

const COLORS = ['#2563eb', '#16a34a', '#d97706', '#db2777', '#7c3aed', '#0891b2'];

export interface OpenConnection extends Connection {
  catalog: CatalogClient;
  unsubscribe: () => void;
  /** A remote connection's settings (its key among them): never listed to the renderer. */
  remote?: RemoteSettings;
}

function defaultName(kind: Connection['kind'], target: string): string {
  switch (kind) {
    case 'folder':
      return basename(target);
    case 'remote':
      return new URL(target).host;
    case 'object-store':
      return objectStoreName(target);
  }
}

export class Connections {
  private readonly open = new Map<string, OpenConnection>();

  constructor(
    private readonly onJobEvent: (connectionId: string, event: JobEvent) => void,
    /** Where every connection's handles record the versions they commit. */
    private readonly ownWrites: OwnWrites,
  ) {}

  list(): Connection[] {
    return [...this.open.values()].map(
      ({ catalog: _c, unsubscribe: _u, remote: _r, ...rest }) => rest,
    );
  }

  get(id: string): OpenConnection {
    const connection = this.open.get(id);
    if (!connection) throw errors.InvalidInput(`Connection ${JSON.stringify(id)} is not open`);
    return connection;
  }

  /** The connection, when it may write at all; where in it is the store's or server's call. */
  writable(id: string): OpenConnection {
    const connection = this.get(id);
    if (connection.readOnly) {
      throw errors.PermissionDenied(
        `${connection.name} is open read-only; reopen it writable to change anything`,
      );
    }
    if (connection.rights.role === 'reader') {
      throw errors.PermissionDenied(
        `${connection.rights.reason ?? 'This connection may only read'}; nothing was changed`,
      );
    }
    return connection;
  }

  async openFolder(
    path: string,
    create: boolean,
    display: { name?: string; color?: string; readOnly?: boolean },
  ): Promise<Connection> {
    if (isUriRoot(path)) {
      throw errors.InvalidInput(
        `${path} is an object-store URI, not a folder; open it as an object store`,
      );
    }
    const folder = resolve(path);
    if (!existsSync(folder)) {
      if (!create) throw errors.NamespaceNotFound(`The folder ${folder} does not exist`);
    } else if (!statSync(folder).isDirectory()) {
      throw errors.InvalidInput(`${folder} is a file, not a folder`);
    }
    const catalog = await connect(folder);
    return this.add('folder', folder, catalog, display, folderRights(folder));
  }

  async connectUrl(
    settings: RemoteSettings,
    display: { name?: string; color?: string; readOnly?: boolean },
  ): Promise<Connection> {
    const properties: Record<string, string> = { uri: settings.url };
    for (const [name, value] of Object.entries(remoteHeaders(settings)))
      properties[`headers.${name}`] = value;
    if (settings.caFile) properties['tls.ssl_ca_cert'] = settings.caFile;
    const catalog = await connectNamespace('rest', properties);
    const connection = this.add(
      'remote',
      settings.url,
      catalog,
      display,
      await remoteRights(settings),
    );
    this.open.get(connection.id)!.remote = settings;
    return connection;
  }

  /** `uri` is an object-store root; the engine checks the store before this returns. */
  async openObjectStore(
    uri: string,
    storageOptions: Record<string, string>,
    display: { name?: string; color?: string; readOnly?: boolean },
  ): Promise<Connection> {
    const catalog = await connect(uri, { storageOptions });
    return this.add('object-store', uri, catalog, display, FULL_RIGHTS);
  }

  private add(
    kind: Connection['kind'],
    target: string,
    catalog: CatalogClient,
    display: { name?: string; color?: string; readOnly?: boolean },
    rights: Rights,
  ): Connection {
    const id = randomUUID();
    const connection: OpenConnection = {
      id,
      kind,
      target,
      name: display.name ?? defaultName(kind, target),
      color: display.color ?? COLORS[this.open.size % COLORS.length]!,
      readOnly: display.readOnly ?? false,
      rights: display.readOnly ? CHOSEN_READ_ONLY : rights,
      catalog: this.ownWrites.catalog(catalog, target),
      unsubscribe: catalog.onJobEvent((event) => this.onJobEvent(id, event)),
    };
    this.open.set(id, connection);
    const { catalog: _c, unsubscribe: _u, ...visible } = connection;
    return visible;
  }

  async close(id: string): Promise<void> {
    const connection = this.get(id);
    this.open.delete(id);
    connection.unsubscribe();
    await closeWhenIdle(() => connection.catalog.close());
  }

  async closeAll(): Promise<void> {
    for (const id of [...this.open.keys()]) await this.close(id);
  }
}

/**
 * LanceDB's native close refuses while a call on the same handle is still running ("cannot be
 * borrowed mutably while another borrow is active"): a write's own-version read or a head poll may
 * still be in flight when a connection is closed. No new call can start (the connection is already
 * out of the list), so the close is tried again once those have ended, for up to about 2 s.
 */
async function closeWhenIdle(close: () => Promise<void>): Promise<void> {
  for (let attempt = 0; ; attempt++) {
    try {
      await close();
      return;
    } catch (error) {
      const busy = /cannot be borrowed mutably/.test((error as Error)?.message ?? '');
      if (!busy || attempt >= 40) throw error;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
}
