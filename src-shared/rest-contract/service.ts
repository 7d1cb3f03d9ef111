/** Routes about the service itself: who the caller is, and (tests only) a crash on demand. */
import { z } from 'zod';
import { Common } from './bodies';
import { restRoute } from './route';

export const SERVICE_ROUTES = {
  whoami: restRoute({
    method: 'GET',
    path: '/v1/whoami',
    target: 'catalog',
    access: 'read',
    body: Common,
    reply: 'json',
    replySchema: z
      .object({
        name: z.string(),
        role: z.enum(['reader', 'writer', 'admin']),
        namespaces: z.array(z.array(z.string())).nullable(),
        authenticated: z.boolean(),
        database: z.string(),
      })
      .passthrough(),
    errors: [],
  }),
  /** Registered only by `serve` with CATALOG_STUDIO_TEST_CRASH=1: the answering process dies. */
  testCrash: restRoute({
    method: 'POST',
    path: '/v1/__test/crash',
    target: 'catalog',
    access: 'admin',
    body: Common,
    reply: 'empty',
    errors: [],
  }),
};
