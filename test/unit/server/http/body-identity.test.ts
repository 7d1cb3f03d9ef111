import { describe, expect, it } from 'vitest';
import { identityOf } from '../../../../src-main/server/http/body-identity';

describe('identityOf', () => {
  it('takes identity.api_key first, then identity.auth_token as a bearer token', () => {
    expect(identityOf({ identity: { api_key: 'k', auth_token: 't' } })).toEqual({ apiKey: 'k' });
    expect(identityOf({ identity: { auth_token: ' a.b.c ' } })).toEqual({ bearer: 'a.b.c' });
  });

  it('finds nothing in anything else', () => {
    for (const value of [
      null,
      [],
      'identity',
      {},
      { identity: null },
      { identity: 'k' },
      { identity: { api_key: '' } },
      { identity: { api_key: 7 } },
      { identity: { auth_token: '   ' } },
      { context: { api_key: 'k' } },
    ]) {
      expect(identityOf(value), JSON.stringify(value)).toBeUndefined();
    }
  });
});
