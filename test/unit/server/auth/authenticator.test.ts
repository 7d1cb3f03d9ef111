import { exportJWK, generateKeyPair, SignJWT, type JWTPayload } from 'jose';
import { beforeAll, describe, expect, it } from 'vitest';
import { parseAuthFile } from '../../../../src-main/server/auth/auth-config';
import { Authenticator } from '../../../../src-main/server/auth/authenticator';
import { expectCode } from '../../../support/expect-code';

const ISSUER = 'https://issuer.unit';
const AUDIENCE = 'catalog';
let key: Awaited<ReturnType<typeof generateKeyPair>>['privateKey'];
let jwks: unknown;

beforeAll(async () => {
  const pair = await generateKeyPair('ES256');
  key = pair.privateKey;
  jwks = { keys: [{ ...(await exportJWK(pair.publicKey)), kid: 'k', alg: 'ES256' }] };
});

function authenticator(oidc: Record<string, unknown> = {}, principals: unknown[] = []) {
  const config = parseAuthFile(
    JSON.stringify({
      principals,
      oidc: { issuer: ISSUER, audience: AUDIENCE, jwks_file: 'x', ...oidc },
    }),
  );
  return new Authenticator(config, jwks);
}

async function token(claims: JWTPayload, exp = true) {
  const jwt = new SignJWT(claims)
    .setProtectedHeader({ alg: 'ES256', kid: 'k' })
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE);
  if (exp) jwt.setExpirationTime('1m');
  return jwt.sign(key);
}

describe('JWT principals', () => {
  it('are named by the auth file (oidc.name, default "oidc"), never by a claim', async () => {
    const bearer = await token({ role: 'reader', sub: 'admin', name: 'admin' });
    expect((await authenticator().authenticate({ bearer })).name).toBe('oidc');
    expect((await authenticator({ name: 'sso' }).authenticate({ bearer })).name).toBe('sso');
  });

  it('need exp unless require_exp is false', async () => {
    const bearer = await token({ role: 'reader' }, false);
    const error = await expectCode(authenticator().authenticate({ bearer }), 16);
    expect(error.message).toMatch(/exp is missing/);
    expect((await authenticator({ require_exp: false }).authenticate({ bearer })).role).toBe(
      'reader',
    );
  });

  it('with a namespaces claim configured, read it as paths and refuse anything else (403)', async () => {
    const scoped = authenticator({ namespaces_claim: 'ns' });
    const read = async (ns: unknown) =>
      scoped.authenticate({
        bearer: await token({ role: 'admin', ...(ns === undefined ? {} : { ns }) }),
      });
    expect((await read([['a', 'b'], 'c$d'])).namespaces).toEqual([
      ['a', 'b'],
      ['c', 'd'],
    ]);
    expect((await read([])).namespaces).toEqual([]);
    for (const bad of [undefined, null, 'a', 7, {}, [[]], [''], ['a$'], [[1]], [null]])
      await expectCode(read(bad), 15);
    // Without the option the claim is not read at all.
    expect(
      (await authenticator().authenticate({ bearer: await token({ role: 'admin', ns: 'x' }) }))
        .namespaces,
    ).toBeUndefined();
  });

  it('carry the databases the file gives them', async () => {
    const bearer = await token({ role: 'writer' });
    expect((await authenticator({ databases: ['a'] }).authenticate({ bearer })).databases).toEqual([
      'a',
    ]);
    expect((await authenticator().authenticate({ bearer })).databases).toBeUndefined();
  });
});

describe('static principals', () => {
  it('carry their databases', async () => {
    const auth = authenticator({}, [
      { name: 'ci', api_keys: ['k'], role: 'writer', databases: ['b'] },
    ]);
    expect(await auth.authenticate({ apiKey: 'k' })).toEqual({
      name: 'ci',
      role: 'writer',
      databases: ['b'],
    });
    await expectCode(auth.authenticate({}), 16);
  });
});
