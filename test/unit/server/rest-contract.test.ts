/**
 * The REST contract (src-shared/rest-contract/) is the server's and the client's one list of
 * routes: every route the server registers has a row with the same method, access and target,
 * every row (and each alias) is registered, and the `rest` client writes no URL of its own.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildServer } from '../../../src-main/server/build-server';
import { registeredRoutes } from '../../../src-main/server/route-table';
import { methodsOf, REST, routePath, routeRequest } from '../../../src-shared/rest-contract';

/** Every (method, path) the contract declares, with the row that declares it. */
function contractRoutes() {
  return Object.entries(REST).flatMap(([name, route]) =>
    [route.path, ...(route.aliases ?? [])].flatMap((path) =>
      methodsOf(route).map((method) => ({ key: `${method} ${path}`, name, route })),
    ),
  );
}

async function serverRoutes() {
  const app = buildServer({ databases: new Map(), testCrashRoute: true });
  await app.ready();
  // Fastify adds a HEAD route for each GET one by itself; the contract does not list those.
  const routes = registeredRoutes(app).filter((r) => r.method !== 'HEAD');
  await app.close();
  return routes;
}

describe('REST contract', () => {
  it('lists exactly the routes the server registers, with their access and target', async () => {
    const served = await serverRoutes();
    const declared = contractRoutes();
    const declaredKeys = new Map(declared.map((d) => [d.key, d.route]));
    const servedKeys = new Map(served.map((r) => [`${r.method} ${r.url}`, r]));

    expect([...servedKeys.keys()].filter((key) => !declaredKeys.has(key))).toEqual([]);
    expect([...declaredKeys.keys()].filter((key) => !servedKeys.has(key))).toEqual([]);
    // A route registered beside defineRoute has no access or target recorded, and fails here.
    for (const [key, route] of servedKeys) {
      const row = declaredKeys.get(key)!;
      expect({ key, access: route.access, target: route.target }).toEqual({
        key,
        access: row.access,
        target: row.target,
      });
    }
    // No route is declared twice (a row's key is its operation; paths are unique too).
    expect(new Set(declared.map((d) => d.key)).size).toBe(declared.length);
  });

  it('answers JSON rows with a reply schema, and bodies only where a body is read', () => {
    for (const [name, route] of Object.entries(REST)) {
      if (route.reply === 'json' && name !== 'alterTransaction') {
        expect({ name, replySchema: route.replySchema !== undefined }).toEqual({
          name,
          replySchema: true,
        });
      }
      expect({ name, both: route.arrowBody === true && route.body !== undefined }).toEqual({
        name,
        both: false,
      });
    }
  });

  it('fills path templates as the server decodes them', () => {
    expect(routePath(REST.describeTable, { id: ['a', 'b.c'], delimiter: '$' })).toBe(
      '/v1/table/a%24b.c/describe',
    );
    expect(routePath(REST.dropTableIndex, { id: ['t'], name: 'my idx', delimiter: '$' })).toBe(
      '/v1/table/t/index/my%20idx/drop',
    );
    expect(routeRequest(REST.countTableRows, { id: ['t'], delimiter: '$' }).method).toBe('POST');
    expect(routeRequest(REST.listNamespaces, { id: [], delimiter: '$' })).toEqual({
      method: 'GET',
      // The root namespace is the delimiter alone.
      path: '/v1/namespace/%24/list',
    });
  });

  it('leaves the rest client no URL of its own: its paths come from the contract', () => {
    const dir = join(__dirname, '../../../src-main/catalog/rest');
    const written = readdirSync(dir)
      .filter((file) => file.endsWith('.ts'))
      .flatMap((file) =>
        readFileSync(join(dir, file), 'utf8')
          .split('\n')
          .map((line, i) => ({ where: `${file}:${i + 1}`, line }))
          // Comments may name a route; code may not spell one.
          .filter(({ line }) => !/^\s*(\*|\/\/|\/\*)/.test(line) && /['"`]\/v1\//.test(line)),
      );
    expect(written).toEqual([]);
  });
});
