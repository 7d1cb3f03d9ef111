/**
 * Object-store connections through the host, on the real S3 store the test run starts: open an
 * s3:// root with typed keys, a profile or the environment, change it, reopen it from the recent
 * list with the stored keys, open it read-only, and "Test connection" answering a missing bucket,
 * a wrong secret, a denied permission and an endpoint that does not answer, each in its own words,
 * never as an empty catalog. An az:// root takes the same way on Azurite, with an account key.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createServer, type AddressInfo, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  CreateBucketCommand,
  DeleteBucketCommand,
  DeleteBucketPolicyCommand,
  PutBucketPolicyCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { connect } from '../../../src-main/catalog';
import { ERROR_CODES } from '../../../src-shared/vocabulary/errors';
import { Host } from '../../../src-main/host/host';
import { testObjectStore } from '../../../src-main/host/object-store-test';
import { FileSecretStore } from '../../../src-main/host/secret-store';
import { AZURITE_ACCOUNT, AZURITE_KEY, startAzurite, type Azurite } from '../../support/azurite';
import { describeWithS3, s3Info, s3Root, s3StorageOptions } from '../../support/s3-store';
import { callFails, callOk } from '../../support/host-calls';

let dir: string;
let host: Host;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'cs-host-s3-'));
  host = new Host({
    userDataDir: join(dir, 'data'),
    secrets: new FileSecretStore(join(dir, 'data', 'secrets.json')),
  });
});
afterEach(async () => {
  await host.close();
  rmSync(dir, { recursive: true, force: true });
});

const ok = <T = any>(name: string, input: unknown) => callOk<T>(host, name, input);

const fails = (name: string, input: unknown) => callFails(host, name, input);

const unique = (what: string) => `host-${what}-${randomBytes(5).toString('hex')}`;

/** The dialog's fields for the test store, with typed keys. */
function typed(uri: string, keys: { secretAccessKey?: string } = {}) {
  const info = s3Info();
  return {
    kind: 'object-store' as const,
    uri,
    endpoint: info.endpoint!,
    region: 'us-east-1',
    pathStyle: true,
    credentials: {
      source: 'keys' as const,
      accessKeyId: info.accessKeyId!,
      secretAccessKey: keys.secretAccessKey ?? info.secretAccessKey!,
    },
  };
}

const emptySchema = {
  fields: [{ name: 'id', nullable: false, type: { type: 'int64' } }],
};

function s3Client() {
  const info = s3Info();
  return new S3Client({
    endpoint: info.endpoint!,
    region: 'us-east-1',
    forcePathStyle: true,
    credentials: { accessKeyId: info.accessKeyId!, secretAccessKey: info.secretAccessKey! },
  });
}

/** Sets environment variables for one test body, then puts the old values back. */
async function withEnv(vars: Record<string, string>, body: () => Promise<void>) {
  const old = Object.fromEntries(Object.keys(vars).map((k) => [k, process.env[k]]));
  Object.assign(process.env, vars);
  try {
    await body();
  } finally {
    for (const [k, v] of Object.entries(old)) {
      if (v === undefined) delete process.env[k];
      else process.env[k] = v;
    }
  }
}

describeWithS3('object-store connections in the host', () => {
  it('opens an s3:// root with typed keys, changes it, and reopens it from the recent list with the stored keys', async () => {
    const prefix = unique('keys');
    const uri = s3Root(prefix);
    const opened = await ok('connections:connect-url', { ...typed(uri), color: '#16a34a' });
    expect(opened).toMatchObject({ kind: 'object-store', target: uri, name: prefix });

    await ok('namespaces:create', { connectionId: opened.id, path: ['sales'] });
    await ok('tables:create-empty', {
      connectionId: opened.id,
      path: ['sales'],
      table: 'orders',
      schema: emptySchema,
    });

    // The data is in the bucket, where plain engine access finds it, and not in a local folder.
    const direct = await connect(uri, { storageOptions: s3StorageOptions() });
    try {
      expect((await direct.listNamespaces([])).namespaces).toEqual(['sales']);
      expect((await direct.listTables(['sales'])).tables).toEqual(['orders']);
    } finally {
      await direct.close();
    }
    expect(existsSync(join(process.cwd(), 's3:'))).toBe(false);

    const [recent] = await ok('connections:list-recent', {});
    expect(recent).toMatchObject({
      kind: 'object-store',
      target: uri,
      name: prefix,
      hasSecrets: true,
      objectStore: {
        endpoint: s3Info().endpoint,
        region: 'us-east-1',
        pathStyle: true,
        credentials: { source: 'keys' },
      },
    });
    const secret = s3Info().secretAccessKey!;
    expect(JSON.stringify(recent)).not.toContain(secret);
    expect(readFileSync(join(dir, 'data', 'recent-connections.json'), 'utf8')).not.toContain(
      secret,
    );
    const secretsFile = join(dir, 'data', 'secrets.json');
    expect(readFileSync(secretsFile, 'utf8')).toContain(secret);
    expect(statSync(secretsFile).mode & 0o777).toBe(0o600);
    await ok('connections:close', { connectionId: opened.id });

    // What the start screen sends to reopen it: the recent entry, without any key.
    const reopened = await ok('connections:connect-url', {
      kind: 'object-store',
      uri: recent.target,
      ...recent.objectStore,
      name: recent.name,
      color: recent.color,
      readOnly: recent.readOnly,
    });
    expect(
      (await ok('namespaces:list', { connectionId: reopened.id, path: [] })).namespaces,
    ).toEqual(['sales']);
    expect(
      (await ok('tables:list', { connectionId: reopened.id, path: ['sales'] })).tables,
    ).toEqual(['orders']);
    // The test reads the stored keys as well.
    expect(
      await ok('connections:test', {
        kind: 'object-store',
        uri,
        ...recent.objectStore,
      }),
    ).toMatchObject({ ok: true, namespaces: 1 });

    // Forgetting the connection forgets its keys.
    await ok('connections:forget-recent', { target: uri });
    expect(readFileSync(secretsFile, 'utf8')).not.toContain(secret);
    const { accessKeyId: _k, secretAccessKey: _s, ...noKeys } = typed(uri).credentials;
    const error = await fails('connections:connect-url', { ...typed(uri), credentials: noKeys });
    expect(error).toMatchObject({ code: ERROR_CODES.Unauthenticated });
    expect(error.message).toMatch(/No keys are stored for s3:\/\/catalog\//);
  });

  it('opens read-only: it lists, and every change is refused', async () => {
    const uri = s3Root(unique('ro'));
    const writer = await ok('connections:connect-url', typed(uri));
    await ok('namespaces:create', { connectionId: writer.id, path: ['kept'] });
    await ok('connections:close', { connectionId: writer.id });

    const reader = await ok('connections:connect-url', { ...typed(uri), readOnly: true });
    expect(reader.readOnly).toBe(true);
    expect((await ok('namespaces:list', { connectionId: reader.id, path: [] })).namespaces).toEqual(
      ['kept'],
    );
    const refused = await fails('namespaces:create', { connectionId: reader.id, path: ['new'] });
    expect(refused).toMatchObject({ code: ERROR_CODES.PermissionDenied });
    expect(refused.message).toMatch(/read-only/);
  });

  it('takes credentials from the environment, or from a named profile for LanceDB as well', async () => {
    const info = s3Info();
    const uri = s3Root(unique('env'));
    await withEnv(
      { AWS_ACCESS_KEY_ID: info.accessKeyId!, AWS_SECRET_ACCESS_KEY: info.secretAccessKey! },
      async () => {
        const opened = await ok('connections:connect-url', {
          ...typed(uri),
          credentials: { source: 'environment' },
        });
        await ok('namespaces:create', { connectionId: opened.id, path: ['from_env'] });
        const [recent] = await ok('connections:list-recent', {});
        expect(recent).toMatchObject({
          hasSecrets: false,
          objectStore: { credentials: { source: 'environment' } },
        });
      },
    );

    const files = join(dir, 'aws');
    writeFileSync(
      `${files}-credentials`,
      `[studio-test]\naws_access_key_id = ${info.accessKeyId}\naws_secret_access_key = ${info.secretAccessKey}\n`,
    );
    await withEnv(
      {
        AWS_SHARED_CREDENTIALS_FILE: `${files}-credentials`,
        AWS_CONFIG_FILE: `${files}-config`,
      },
      async () => {
        const profile = { ...typed(s3Root(unique('profile'))) } as Record<string, unknown>;
        profile.credentials = { source: 'profile', profile: 'studio-test' };
        const opened = await ok('connections:connect-url', profile);
        // A table write goes through LanceDB, which must have the profile's keys too.
        await ok('namespaces:create', { connectionId: opened.id, path: ['p'] });
        await ok('tables:create-empty', {
          connectionId: opened.id,
          path: ['p'],
          table: 't',
          schema: emptySchema,
        });
        expect((await ok('tables:list', { connectionId: opened.id, path: ['p'] })).tables).toEqual([
          't',
        ]);

        const missing = await ok('connections:test', {
          ...profile,
          credentials: { source: 'profile', profile: 'nobody' },
        });
        expect(missing).toMatchObject({ ok: false, code: ERROR_CODES.Unauthenticated });
        expect(missing.message).toMatch(/The profile "nobody" gives no credentials/);
      },
    );
  });

  it('tests a connection precisely: each failure has its own message and opens nothing', async () => {
    const uri = s3Root(unique('test'));
    const good = await ok('connections:test', typed(uri));
    expect(good).toMatchObject({ ok: true, namespaces: 0 });
    expect(good.message).toMatch(/^Connected: s3:\/\/catalog\/.* holds no tables or namespaces/);

    const client = s3Client();
    const denied = `denied-${randomBytes(4).toString('hex')}`;
    await client.send(new CreateBucketCommand({ Bucket: denied }));
    await client.send(
      new PutBucketPolicyCommand({
        Bucket: denied,
        Policy: JSON.stringify({
          Version: '2012-10-17',
          Statement: [
            {
              Effect: 'Deny',
              Principal: '*',
              Action: ['s3:ListBucket', 's3:GetObject', 's3:PutObject'],
              Resource: [`arn:aws:s3:::${denied}`, `arn:aws:s3:::${denied}/*`],
            },
          ],
        }),
      }),
    );
    try {
      const cases = [
        {
          settings: typed(`s3://no-such-bucket-${randomBytes(3).toString('hex')}/x`),
          code: ERROR_CODES.NamespaceNotFound,
          message: /The bucket "no-such-bucket-\w+" does not exist at http:\/\/127\.0\.0\.1:\d+/,
        },
        {
          settings: typed(uri, { secretAccessKey: 'not-the-secret' }),
          code: ERROR_CODES.Unauthenticated,
          message: /refused the credentials .*SignatureDoesNotMatch/,
        },
        {
          settings: typed(`s3://${denied}/x`),
          code: ERROR_CODES.PermissionDenied,
          message: new RegExp(`denied access .*lack permission on .*"${denied}"`),
        },
        {
          settings: { ...typed(uri), endpoint: 'http://127.0.0.1:9' },
          code: ERROR_CODES.ServiceUnavailable,
          message: /http:\/\/127\.0\.0\.1:9 does not answer \(ECONNREFUSED\)/,
        },
        {
          settings: { ...typed('ftp://catalog/x') },
          code: ERROR_CODES.Unsupported,
          message: /ftp:\/\/ roots are not supported/,
        },
      ];
      const messages = new Set<string>();
      for (const { settings, code, message } of cases) {
        const tested = await ok('connections:test', settings);
        expect(tested, settings.uri).toMatchObject({ ok: false, code });
        expect(tested.message).toMatch(message);
        messages.add(tested.message);
        // Connect fails the same way and leaves nothing open.
        const error = await fails('connections:connect-url', settings);
        expect(error).toMatchObject({ code, message: tested.message });
      }
      expect(messages.size).toBe(cases.length);
      expect(await ok('connections:list-open', {})).toEqual([]);
      expect(await ok('connections:list-recent', {})).toEqual([]);
    } finally {
      await client.send(new DeleteBucketPolicyCommand({ Bucket: denied }));
      await client.send(new DeleteBucketCommand({ Bucket: denied }));
      client.destroy();
    }
  });

  it('refuses what is not an object-store URI, so that no local folder is opened instead', async () => {
    const error = await fails('connections:connect-url', typed(join(dir, 'folder')));
    expect(error).toMatchObject({ code: ERROR_CODES.InvalidInput });
    expect(error.message).toMatch(/expected a URI such as s3:\/\/bucket\/prefix/);
    expect(existsSync(join(dir, 'folder'))).toBe(false);
  });

  it('gives up on an endpoint that accepts but never answers, within the deadline', async () => {
    const sockets = new Set<Socket>();
    const silent = createServer((socket) => sockets.add(socket));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const endpoint = `http://127.0.0.1:${(silent.address() as AddressInfo).port}`;
    try {
      const started = performance.now();
      const result = await testObjectStore(
        's3://catalog/x',
        () =>
          connect('s3://catalog/x', {
            storageOptions: { ...s3StorageOptions(), aws_endpoint: endpoint },
          }),
        500,
      );
      expect(performance.now() - started).toBeLessThan(2_000);
      expect(result).toMatchObject({ ok: false, code: ERROR_CODES.ServiceUnavailable });
      expect(result.message).toMatch(/s3:\/\/catalog\/x did not answer within 500 ms/);
    } finally {
      for (const socket of sockets) socket.destroy();
      silent.close();
    }
  });
});

describe('an az:// root in the host, on Azurite', () => {
  let azurite: Azurite;
  beforeAll(async () => {
    azurite = await startAzurite();
    await azurite.createContainer('catalog');
  }, 30_000);
  afterAll(async () => azurite?.stop());

  /** The dialog's fields for Azurite: its endpoint with the account, and the account key. */
  const azure = (uri: string, secretAccessKey = AZURITE_KEY) => ({
    kind: 'object-store' as const,
    uri,
    endpoint: azurite.endpoint,
    credentials: { source: 'keys' as const, accessKeyId: AZURITE_ACCOUNT, secretAccessKey },
  });

  it('opens it with the account name and key, and reopens it from the recent list with the stored key', async () => {
    const prefix = unique('az');
    const uri = `az://catalog/${prefix}`;
    const opened = await ok('connections:connect-url', azure(uri));
    expect(opened).toMatchObject({ kind: 'object-store', target: uri, name: prefix });
    await ok('namespaces:create', { connectionId: opened.id, path: ['sales'] });
    await ok('tables:create-empty', {
      connectionId: opened.id,
      path: ['sales'],
      table: 'orders',
      schema: emptySchema,
    });

    // It is in the container, where plain engine access finds it.
    const direct = await connect(uri, { storageOptions: azurite.storageOptions() });
    try {
      expect((await direct.listTables(['sales'])).tables).toEqual(['orders']);
    } finally {
      await direct.close();
    }

    const [recent] = await ok('connections:list-recent', {});
    expect(recent).toMatchObject({ target: uri, hasSecrets: true });
    expect(recent.objectStore).toEqual({
      endpoint: azurite.endpoint,
      credentials: { source: 'keys' },
    });
    expect(readFileSync(join(dir, 'data', 'recent-connections.json'), 'utf8')).not.toContain(
      AZURITE_KEY,
    );
    expect(readFileSync(join(dir, 'data', 'secrets.json'), 'utf8')).toContain(AZURITE_KEY);
    await ok('connections:close', { connectionId: opened.id });

    const reopened = await ok('connections:connect-url', {
      kind: 'object-store',
      uri: recent.target,
      ...recent.objectStore,
    });
    expect(
      (await ok('tables:list', { connectionId: reopened.id, path: ['sales'] })).tables,
    ).toEqual(['orders']);
  });

  it('names a wrong key, a missing container and a profile, and opens nothing', async () => {
    const wrongKey = Buffer.from('not the key at all, but base64 of the right shape').toString(
      'base64',
    );
    const refused = await ok('connections:test', azure(`az://catalog/${unique('x')}`, wrongKey));
    expect(refused).toMatchObject({ ok: false, code: ERROR_CODES.PermissionDenied });
    expect(refused.message).toMatch(/check the account key or SAS token/);

    const missing = await ok('connections:test', azure('az://no-such-container/x'));
    expect(missing).toMatchObject({ ok: false, code: ERROR_CODES.NamespaceNotFound });
    expect(missing.message).toMatch(/The container "no-such-container" does not exist/);

    const profile = await fails('connections:connect-url', {
      ...azure('az://catalog/x'),
      credentials: { source: 'profile', profile: 'default' },
    });
    expect(profile).toMatchObject({ code: ERROR_CODES.InvalidInput });
    expect(profile.message).toMatch(/A profile holds AWS credentials, which az:\/\/catalog\/x/);
    expect(await ok('connections:list-open', {})).toEqual([]);
  });
});
