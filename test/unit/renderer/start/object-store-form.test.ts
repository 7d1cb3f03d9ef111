import { describe, expect, it } from 'vitest';
import { ObjectStoreSettingsSchema } from '../../../../src-main/shared/contract';
import {
  EMPTY_OBJECT_STORE_FORM,
  effectivePathStyle,
  endpointProblem,
  formProblems,
  isComplete,
  objectStoreSettings,
  regionProblem,
  uriProblem,
  type ObjectStoreForm,
} from '../../../../src-renderer/start/object-store-form';

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

  it('says gs:// and az:// are not supported yet, naming the service', () => {
    expect(uriProblem('gs://bucket/x')).toMatch(
      /^gs:\/\/ \(Google Cloud Storage\) is not supported yet/,
    );
    expect(uriProblem('az://container/x')).toMatch(
      /^az:\/\/ \(Azure Blob Storage\) is not supported yet/,
    );
    expect(uriProblem('abfss://c@acct/x')).toMatch(/Azure Blob Storage\) is not supported yet/);
  });

  it('names what is wrong with anything else', () => {
    expect(uriProblem('/home/me/catalog')).toMatch(/as s3:\/\/bucket/);
    expect(uriProblem('bucket/prefix')).toMatch(/as s3:\/\/bucket/);
    expect(uriProblem('https://s3.example.com/bucket')).toMatch(/web address.*endpoint/);
    expect(uriProblem('ftp://x/y')).toMatch(/ftp:\/\/ is not an object-store URI/);
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
    expect(isComplete(form({ uri: 'gs://b', source: 'environment' }))).toBe(false);
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
});
