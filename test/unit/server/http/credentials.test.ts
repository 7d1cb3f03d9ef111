import type { FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import { credentialsOf } from '../../../../src-main/server/http/credentials';

const request = (headers: Record<string, string>) => ({ headers }) as unknown as FastifyRequest;

describe('credentialsOf', () => {
  it('reads x-api-key first, then Authorization: Bearer in any case', () => {
    expect(credentialsOf(request({ 'x-api-key': 'k', authorization: 'Bearer t' }))).toEqual({
      apiKey: 'k',
    });
    expect(credentialsOf(request({ authorization: 'bearer  t ' }))).toEqual({ bearer: 't' });
    expect(credentialsOf(request({ authorization: 'Basic dTpw' }))).toEqual({});
    expect(credentialsOf(request({ 'x-api-key': '', authorization: 'Bearer ' }))).toEqual({});
  });
});
