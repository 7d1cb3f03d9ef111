import { describe, expect, it } from 'vitest';
import { ObjectStoreSettingsSchema } from '../../../../src-shared/studio-procedures';
import {
  EMPTY_OBJECT_STORE_FORM,
  effectivePathStyle,
  endpointProblem,
  formProblems,
  isComplete,
  objectStoreSettings,
  regionProblem,
  uriChange,
  uriProblem,
  uriScheme,
  type ObjectStoreForm,
} from '../../../../src-renderer/connections/object-store-form';

const form = (change: Partial<ObjectStoreForm>): ObjectStoreForm => ({
  ...EMPTY_OBJECT_STORE_FORM,
  ...change,
});

describe('uriProblem', () => {
  it('accepts s3://bucket with or without a prefix, and nothing typed yet', () => {
    for (const uri of [
      '',
      's3://catalog',
      's3://catalog/',
      's3://my.bucket-1/a/b_c/d',
      's3a://b/p',
    ]) {
      expect(uriProblem(uri), uri).toBeUndefined();
    }
  });

  it('accepts az:// containers and gs:// buckets by their own naming rules', () => {
    for (const uri of [
      'az://data',
      'az://my-container-1/team/main',
      `az://${'c'.repeat(63)}/x`,
      'gs://bucket',
      'gs://my_bucket-1/a/b',
      'gs://data.example.com/x',
    ]) {
      expect(uriProblem(uri), uri).toBeUndefined();
    }
    for (const uri of ['az://ab', `az://${'c'.repeat(64)}`, 'az://Data', 'az://a--b', 'az://ab-']) {
      expect(uriProblem(uri), uri).toMatch(/is not a container name: 3 to 63 lowercase/);
    }
    for (const uri of ['gs://ab', 'gs://Bucket', `gs://${'b'.repeat(64)}`, 'gs://b-', 'gs://a b']) {
      expect(uriProblem(uri), uri).toMatch(/is not a bucket name: 3 to 63 lowercase/);
    }
    expect(uriProblem('az://')).toMatch(/needs a container: az:\/\/container\/prefix/);
    expect(uriProblem('gs:///x')).toMatch(/needs a bucket: gs:\/\/bucket\/prefix/);
    expect(uriProblem('az://data/a//b')).toMatch(/empty part/);
  });

  it('says the other Azure forms are not supported yet, and how to write the supported ones', () => {
    expect(uriProblem('abfss://c@acct.dfs.core.windows.net/x')).toMatch(
      /^abfss:\/\/ \(Azure Blob Storage; give it as az:\/\/container\/prefix\) is not supported yet/,
    );
    expect(uriProblem('adl://x/y')).toMatch(/Azure Data Lake Storage\) is not supported yet/);
    expect(uriProblem('gcs://b/x')).toMatch(/give it as gs:\/\//);
  });

  it('names what is wrong with anything else', () => {
    expect(uriProblem('/home/me/catalog')).toMatch(
      /as s3:\/\/bucket\/prefix, az:\/\/container\/prefix or gs:\/\/bucket\/prefix/,
    );
    expect(uriProblem('bucket/prefix')).toMatch(/as s3:\/\/bucket/);
    expect(uriProblem('https://s3.example.com/bucket')).toMatch(/web address.*endpoint/);
    expect(uriProblem('ftp://x/y')).toMatch(
      /ftp:\/\/ is not an object-store URI; use s3:\/\/, az:\/\/ or gs:\/\//,
    );
    expect(uriProblem('s3://')).toMatch(/needs a bucket/);
    expect(uriProblem('s3:///prefix')).toMatch(/needs a bucket/);
    expect(uriProblem('s3://bad bucket/x')).toMatch(/"bad bucket" is not a bucket name/);
    expect(uriProblem('s3://b/a//c')).toMatch(/empty part/);
    expect(uriProblem('s3://b/a?x=1')).toMatch(/“\?”/);
  });
});

describe('endpoint and region', () => {
  it('takes http and https addresses only', () => {
    expect(endpointProblem('')).toBeUndefined();
    expect(endpointProblem('http://127.0.0.1:9000')).toBeUndefined();
    expect(endpointProblem('https://s3.example.com/')).toBeUndefined();
    expect(endpointProblem('127.0.0.1:9000')).toMatch(/must start with http/);
    expect(endpointProblem('not an address')).toMatch(/must start with http/);
    expect(endpointProblem('http://')).toMatch(/an address such as/);
    expect(endpointProblem('localhost:9000')).toMatch(/must start with http/);
    expect(endpointProblem('https://s3.example.com/?x')).toMatch(/“\?”/);
  });

  it('takes region names', () => {
    expect(regionProblem('')).toBeUndefined();
    expect(regionProblem('eu-west-3')).toBeUndefined();
    expect(regionProblem('eu west')).toMatch(/such as us-east-1/);
  });
});

describe('the whole form', () => {
  it('turns path-style on for a custom endpoint until the user chooses', () => {
    expect(effectivePathStyle(form({}))).toBe(false);
    expect(effectivePathStyle(form({ endpoint: 'http://h:1' }))).toBe(true);
    expect(effectivePathStyle(form({ endpoint: 'http://h:1', pathStyle: false }))).toBe(false);
    expect(effectivePathStyle(form({ pathStyle: true }))).toBe(true);
  });

  it('needs the credentials its source asks for', () => {
    const uri = 's3://b/p';
    expect(formProblems(form({ uri })).credentials).toMatch(/access key ID and the secret/);
    expect(
      formProblems(form({ uri, accessKeyId: 'AK', secretAccessKey: '' })).credentials,
    ).toBeDefined();
    expect(formProblems(form({ uri, source: 'profile', profile: ' ' })).credentials).toMatch(
      /name of a profile/,
    );
    expect(formProblems(form({ uri, source: 'environment' }))).toEqual({});
    expect(isComplete(form({ uri, source: 'environment' }))).toBe(true);
    expect(isComplete(form({ source: 'environment' }))).toBe(false);
    expect(isComplete(form({ uri: 'gs://ab', source: 'environment' }))).toBe(false);
  });

  it('asks Azure for the account name and the key or a SAS token, and GCS for the key JSON', () => {
    const az = 'az://data/p';
    expect(formProblems(form({ uri: az, accessKeyId: 'acct' })).credentials).toMatch(
      /account name, and the account key or a SAS token/,
    );
    expect(formProblems(form({ uri: az, secretAccessKey: 'k' })).credentials).toBeDefined();
    expect(isComplete(form({ uri: az, accessKeyId: 'acct', secretAccessKey: 'k' }))).toBe(true);
    expect(isComplete(form({ uri: az, accessKeyId: 'acct', sessionToken: 'sv=1&sig=x' }))).toBe(
      true,
    );

    const gs = 'gs://bucket/p';
    expect(
      formProblems(form({ uri: gs, accessKeyId: 'AK', secretAccessKey: 'SK' })).credentials,
    ).toMatch(/service account key \(JSON\)/);
    expect(isComplete(form({ uri: gs, sessionToken: '{"type":"service_account"}' }))).toBe(true);

    for (const uri of [az, gs]) {
      expect(formProblems(form({ uri, source: 'profile', profile: 'work' })).credentials).toMatch(
        /A profile holds AWS credentials/,
      );
      expect(isComplete(form({ uri, source: 'environment' }))).toBe(true);
    }
  });

  it('checks only the fields the scheme shows: no region for az://, no endpoint for gs://', () => {
    const left = { endpoint: 'not an address', region: 'eu west', source: 'environment' as const };
    expect(formProblems(form({ uri: 's3://b', ...left }))).toEqual({
      endpoint: expect.stringMatching(/must start with http/),
      region: expect.stringMatching(/such as us-east-1/),
    });
    expect(formProblems(form({ uri: 'az://data', ...left }))).toEqual({
      endpoint: expect.stringMatching(/must start with http/),
    });
    expect(formProblems(form({ uri: 'gs://bucket', ...left }))).toEqual({});
  });

  it('empties keys typed for another service when the URI changes scheme, and leaves a profile for keys', () => {
    const typed = form({
      uri: 's3://b',
      keysScheme: 's3',
      accessKeyId: 'AK',
      secretAccessKey: 'SK',
    });
    // Halfway through retyping the URI no scheme is known yet: nothing is lost.
    expect(uriChange(typed, 'a')).toEqual({ uri: 'a' });
    expect(uriChange(typed, 's3://b/p')).toEqual({ uri: 's3://b/p', keysScheme: 's3' });
    expect(uriChange(typed, 'az://data')).toEqual({
      uri: 'az://data',
      keysScheme: 'az',
      accessKeyId: '',
      secretAccessKey: '',
      sessionToken: '',
    });
    // Keys typed before any URI are kept for the first scheme typed.
    expect(uriChange(form({ accessKeyId: 'acct' }), 'az://data')).toEqual({
      uri: 'az://data',
      keysScheme: 'az',
    });
    expect(uriChange(form({ source: 'profile', keysScheme: 's3' }), 'gs://bucket')).toMatchObject({
      source: 'keys',
    });
    expect(uriChange(form({ source: 'profile' }), 's3a://b')).not.toHaveProperty('source');
    expect(uriScheme(' S3A://b')).toBe('s3');
    expect(uriScheme('abfss://c@a/x')).toBeUndefined();
  });

  it('builds the settings the host takes, trimmed, with only the chosen credentials', () => {
    const keys = objectStoreSettings(
      form({
        uri: ' s3://catalog/team ',
        endpoint: ' http://127.0.0.1:9000 ',
        region: '',
        accessKeyId: ' AK ',
        secretAccessKey: 'secret with spaces ',
        profile: 'left over',
      }),
    );
    expect(keys).toEqual({
      kind: 'object-store',
      uri: 's3://catalog/team',
      endpoint: 'http://127.0.0.1:9000',
      pathStyle: true,
      credentials: { source: 'keys', accessKeyId: 'AK', secretAccessKey: 'secret with spaces ' },
    });
    expect(ObjectStoreSettingsSchema.safeParse(keys).success).toBe(true);

    const profile = objectStoreSettings(
      form({
        uri: 's3://b',
        region: 'eu-west-1',
        source: 'profile',
        profile: 'work',
        accessKeyId: 'AK',
        secretAccessKey: 'typed before switching',
      }),
    );
    expect(profile).toEqual({
      kind: 'object-store',
      uri: 's3://b',
      region: 'eu-west-1',
      pathStyle: false,
      credentials: { source: 'profile', profile: 'work' },
    });
    expect(ObjectStoreSettingsSchema.safeParse(profile).success).toBe(true);
    expect(
      objectStoreSettings(
        form({
          uri: 's3://b',
          source: 'keys',
          accessKeyId: 'a',
          secretAccessKey: 'b',
          sessionToken: ' t ',
        }),
      ).credentials,
    ).toEqual({ source: 'keys', accessKeyId: 'a', secretAccessKey: 'b', sessionToken: 't' });
  });

  it('sends az:// and gs:// without S3’s settings, and each scheme’s keys in the fields the host reads', () => {
    const leftOver = { endpoint: ' http://127.0.0.1:10000/devstoreaccount1 ', region: 'eu-west-1' };
    const azure = objectStoreSettings(
      form({ uri: 'az://data/team', ...leftOver, accessKeyId: ' acct ', sessionToken: ' sv=1 ' }),
    );
    expect(azure).toEqual({
      kind: 'object-store',
      uri: 'az://data/team',
      endpoint: 'http://127.0.0.1:10000/devstoreaccount1',
      credentials: { source: 'keys', accessKeyId: 'acct', sessionToken: 'sv=1' },
    });
    expect(ObjectStoreSettingsSchema.safeParse(azure).success).toBe(true);

    // A real key file is about 2,300 characters: more than secretAccessKey may hold.
    const keyJson = JSON.stringify({ type: 'service_account', private_key: 'k'.repeat(2300) });
    const gcs = objectStoreSettings(
      form({ uri: 'gs://bucket', ...leftOver, secretAccessKey: 'stale', sessionToken: keyJson }),
    );
    expect(gcs).toEqual({
      kind: 'object-store',
      uri: 'gs://bucket',
      credentials: { source: 'keys', sessionToken: keyJson },
    });
    expect(ObjectStoreSettingsSchema.safeParse(gcs).success).toBe(true);
  });
});
