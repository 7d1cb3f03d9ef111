/**
 * Contract tests for the namespace routes: create (every mode and its spellings), list (root
 * forms, paging), describe, exists, drop (restrict, cascade, skip), the `delimiter` parameter,
 * identifier validation and trailing slashes. Each answer is checked on the wire: status, body
 * shape and, for failures, the full error body with the contract code.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, startCatalogServer, type RunningServer } from '../../support/catalog-server';
import { sampleTable } from '../../support/sample-data';
import { expectError, rawRequest } from './contract-helpers';

let server: RunningServer;

beforeAll(async () => {
  server = await startCatalogServer();
});
afterAll(async () => {
  await server.close();
});

const create = (id: string, body: unknown = {}) =>
  call(server, 'POST', `/v1/namespace/${id}/create`, body);
const list = (id: string, query = '') =>
  call(server, 'GET', `/v1/namespace/${id}/list${query ? `?${query}` : ''}`);

describe('POST /v1/namespace/{id}/create', () => {
  it('creates a namespace and answers its properties', async () => {
    const reply = await create('ns_create', { properties: { owner: 'alice' } });
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({ properties: { owner: 'alice' } });
    expect(await server.catalog.namespaceExists(['ns_create'])).toBe(true);
    const described = await call(server, 'POST', '/v1/namespace/ns_create/describe', {});
    expect(described.body.properties).toEqual({ owner: 'alice' });
  });

  it('accepts an absent body, an empty body and a JSON null as "no options"', async () => {
    expect((await call(server, 'POST', '/v1/namespace/ns_nobody/create')).status).toBe(200);
    expect((await call(server, 'POST', '/v1/namespace/ns_null/create', 'null')).status).toBe(200);
    expect((await call(server, 'POST', '/v1/namespace/ns_empty/create', '')).status).toBe(200);
    for (const name of ['ns_nobody', 'ns_null', 'ns_empty'])
      expect(await server.catalog.namespaceExists([name])).toBe(true);
  });

  it('refuses a duplicate with 409 code 2 (NamespaceAlreadyExists)', async () => {
    await create('ns_dup');
    expectError(await create('ns_dup'), 409, 2, '/v1/namespace/ns_dup/create');
    expectError(await create('ns_dup', { mode: 'create' }), 409, 2);
    expectError(await create('ns_dup', { mode: 'Create' }), 409, 2);
  });

  it.each([
    ['exist_ok', 'exist_ok', 1],
    ['PascalCase ExistOk', 'ExistOk', 2],
    ['LanceDB-remote quoted "ExistOk"', '"ExistOk"', 3],
    ['upper case EXIST_OK', 'EXIST_OK', 4],
  ])('mode %s keeps an existing namespace and its properties', async (_label, mode, n) => {
    const id = `ns_ok_${n}`;
    await create(id, { properties: { keep: 'me' } });
    await server.catalog.createNamespace([id, 'child']);
    const reply = await create(id, { mode, properties: { other: 'x' } });
    expect(reply.status).toBe(200);
    expect(reply.body.properties).toEqual({ keep: 'me' });
    expect((await server.catalog.listNamespaces([id])).namespaces).toEqual(['child']);
  });

  it('mode exist_ok creates the namespace when it is missing', async () => {
    const reply = await create('ns_ok_new', { mode: 'ExistOk' });
    expect(reply.status).toBe(200);
    expect(await server.catalog.namespaceExists(['ns_ok_new'])).toBe(true);
  });

  it.each([
    ['overwrite', 'overwrite', 1],
    ['Overwrite', 'Overwrite', 2],
    ['"Overwrite"', '"Overwrite"', 3],
  ])('mode %s replaces the namespace with an empty one', async (_label, mode, n) => {
    const id = `ns_over_${n}`;
    await create(id, { properties: { old: '1' } });
    await server.catalog.createNamespace([id, 'child']);
    await server.catalog.createTable('t', sampleTable(5, 4), [id]);
    const reply = await create(id, { mode, properties: { fresh: '1' } });
    expect(reply.status).toBe(200);
    expect(reply.body.properties).toEqual({ fresh: '1' });
    expect((await list(id)).body.namespaces).toEqual([]);
    expect((await call(server, 'GET', `/v1/namespace/${id}/table/list`)).body.tables).toEqual([]);
  });

  it('refuses an unknown mode with 400 code 13', async () => {
    expectError(await create('ns_badmode', { mode: 'sometimes' }), 400, 13);
    expect(await server.catalog.namespaceExists(['ns_badmode'])).toBe(false);
  });

  it('refuses a missing parent with 404 code 1 (NamespaceNotFound)', async () => {
    expectError(await create('no_parent$child'), 404, 1, '/v1/namespace/no_parent$child/create');
    expect(await server.catalog.namespaceExists(['no_parent'])).toBe(false);
  });

  it('creates nested namespaces under an existing parent', async () => {
    await create('ns_parent');
    const reply = await create('ns_parent$kid');
    expect(reply.status).toBe(200);
    expect((await list('ns_parent')).body.namespaces).toEqual(['kid']);
  });

  it('refuses to create the root namespace with 409 code 2', async () => {
    expectError(await create('$'), 409, 2);
  });

  it('refuses a body id that does not match the path with 400 code 13', async () => {
    expectError(await create('ns_idcheck', { id: ['other'] }), 400, 13);
    expect(await server.catalog.namespaceExists(['ns_idcheck'])).toBe(false);
    expect((await create('ns_idcheck', { id: ['ns_idcheck'] })).status).toBe(200);
  });

  it('refuses malformed JSON and wrongly typed fields with 400 code 13', async () => {
    expectError(await create('ns_badjson', '{"mode": '), 400, 13);
    expectError(await create('ns_badjson', { properties: { n: 1 } }), 400, 13);
    expectError(await create('ns_badjson', { mode: 3 }), 400, 13);
    expect(await server.catalog.namespaceExists(['ns_badjson'])).toBe(false);
  });
});

describe('GET /v1/namespace/{id}/list', () => {
  beforeAll(async () => {
    await server.catalog.createNamespace(['lst']);
    for (const child of ['a', 'b', 'c', 'd', 'e'])
      await server.catalog.createNamespace(['lst', child]);
    await server.catalog.createNamespace(['lst', 'a', 'deep']);
  });

  it('lists the root as $ and as %24 alike', async () => {
    const dollar = await list('$');
    const encoded = await list('%24');
    expect(dollar.status).toBe(200);
    expect(encoded.status).toBe(200);
    expect(dollar.body.namespaces).toContain('lst');
    expect(encoded.body).toEqual(dollar.body);
  });

  it('lists only direct children, by name relative to the parent', async () => {
    const reply = await list('lst');
    expect(reply.status).toBe(200);
    expect(reply.body.namespaces).toEqual(['a', 'b', 'c', 'd', 'e']);
    expect(reply.body).not.toHaveProperty('page_token');
    expect((await list('lst$a')).body.namespaces).toEqual(['deep']);
    expect((await list('lst%24a')).body.namespaces).toEqual(['deep']);
  });

  it('an empty namespace lists as empty', async () => {
    const reply = await list('lst$b');
    expect(reply.status).toBe(200);
    expect(reply.body.namespaces).toEqual([]);
  });

  it('pages with limit and page_token until every child is seen once', async () => {
    const seen: string[] = [];
    let token: string | undefined;
    let pages = 0;
    do {
      const query = `limit=2${token ? `&page_token=${encodeURIComponent(token)}` : ''}`;
      const reply = await list('lst', query);
      expect(reply.status).toBe(200);
      expect(reply.body.namespaces.length).toBeLessThanOrEqual(2);
      seen.push(...reply.body.namespaces);
      token = reply.body.page_token || undefined;
      pages += 1;
    } while (token && pages < 10);
    expect(seen).toEqual(['a', 'b', 'c', 'd', 'e']);
    expect(pages).toBe(3);
  });

  it('the first page of a limited listing carries a page_token', async () => {
    const reply = await list('lst', 'limit=3');
    expect(reply.body.namespaces).toEqual(['a', 'b', 'c']);
    expect(typeof reply.body.page_token).toBe('string');
    const next = await list('lst', `page_token=${encodeURIComponent(reply.body.page_token)}`);
    expect(next.body.namespaces).toEqual(['d', 'e']);
  });

  it('refuses a bad limit with 400 code 13', async () => {
    expectError(await list('lst', 'limit=0'), 400, 13);
    expectError(await list('lst', 'limit=abc'), 400, 13);
  });

  it('answers 404 code 1 for a missing namespace', async () => {
    expectError(await list('no_such_ns'), 404, 1, '/v1/namespace/no_such_ns/list');
    expectError(await list('lst$no_such'), 404, 1);
  });
});

describe('POST /v1/namespace/{id}/describe', () => {
  it('answers the properties of a namespace', async () => {
    await server.catalog.createNamespace(['desc'], { properties: { team: 'data' } });
    const reply = await call(server, 'POST', '/v1/namespace/desc/describe', {});
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({ properties: { team: 'data' } });
  });

  it('answers {} properties for a namespace without any', async () => {
    await server.catalog.createNamespace(['desc_plain']);
    const reply = await call(server, 'POST', '/v1/namespace/desc_plain/describe');
    expect(reply.status).toBe(200);
    expect(reply.body.properties).toEqual({});
  });

  it('answers 404 code 1 for a missing namespace', async () => {
    expectError(
      await call(server, 'POST', '/v1/namespace/desc_missing/describe', {}),
      404,
      1,
      '/v1/namespace/desc_missing/describe',
    );
  });
});

describe('POST /v1/namespace/{id}/exists', () => {
  it('answers 200 with an empty body when the namespace exists', async () => {
    await server.catalog.createNamespace(['ex']);
    const reply = await call(server, 'POST', '/v1/namespace/ex/exists', {});
    expect(reply.status).toBe(200);
    expect(reply.raw.byteLength).toBe(0);
  });

  it('answers 200 for the root namespace', async () => {
    expect((await call(server, 'POST', '/v1/namespace/$/exists', {})).status).toBe(200);
  });

  it('answers 404 with the error body (code 1) when it does not exist', async () => {
    expectError(
      await call(server, 'POST', '/v1/namespace/ex_missing/exists', {}),
      404,
      1,
      '/v1/namespace/ex_missing/exists',
    );
    expectError(await call(server, 'POST', '/v1/namespace/ex$missing/exists'), 404, 1);
  });
});

describe('POST /v1/namespace/{id}/drop', () => {
  const drop = (id: string, body: unknown = {}) =>
    call(server, 'POST', `/v1/namespace/${id}/drop`, body);

  it('drops an empty namespace', async () => {
    await server.catalog.createNamespace(['drop_empty']);
    const reply = await drop('drop_empty');
    expect(reply.status).toBe(200);
    expect(reply.body).toBeTypeOf('object');
    expect(await server.catalog.namespaceExists(['drop_empty'])).toBe(false);
  });

  it('restrict (the default) refuses a namespace with children with 409 code 3', async () => {
    await server.catalog.createNamespace(['drop_kids']);
    await server.catalog.createNamespace(['drop_kids', 'child']);
    expectError(await drop('drop_kids'), 409, 3, '/v1/namespace/drop_kids/drop');
    expectError(await drop('drop_kids', { behavior: 'restrict' }), 409, 3);
    expectError(await drop('drop_kids', { behavior: 'Restrict' }), 409, 3);
    expect(await server.catalog.namespaceExists(['drop_kids', 'child'])).toBe(true);
  });

  it('restrict refuses a namespace holding a table with 409 code 3', async () => {
    await server.catalog.createNamespace(['drop_table']);
    await server.catalog.createTable('t', sampleTable(5, 4), ['drop_table']);
    expectError(await drop('drop_table'), 409, 3);
    expect(await server.catalog.tableExists('t', ['drop_table'])).toBe(true);
  });

  it.each([
    ['cascade', 'cascade', 1],
    ['Cascade', 'Cascade', 2],
    ['the quoted "Cascade"', '"Cascade"', 3],
  ])('behavior %s drops children and tables too', async (_label, behavior, n) => {
    const id = `drop_cascade_${n}`;
    await server.catalog.createNamespace([id]);
    await server.catalog.createNamespace([id, 'child']);
    await server.catalog.createTable('t', sampleTable(5, 4), [id]);
    await server.catalog.createTable('t2', sampleTable(5, 4), [id, 'child']);
    const reply = await drop(id, { behavior });
    expect(reply.status).toBe(200);
    expect(await server.catalog.namespaceExists([id])).toBe(false);
    expectError(await list(id), 404, 1);
    // A namespace of the same name starts empty.
    await server.catalog.createNamespace([id]);
    expect((await list(id)).body.namespaces).toEqual([]);
  });

  it('a missing namespace is 404 code 1 by default and with mode fail', async () => {
    expectError(await drop('drop_missing'), 404, 1, '/v1/namespace/drop_missing/drop');
    expectError(await drop('drop_missing', { mode: 'Fail' }), 404, 1);
  });

  it.each(['skip', 'Skip', '"Skip"'])(
    'mode %s answers 200 for a missing namespace',
    async (mode) => {
      const reply = await drop('drop_missing_skip', { mode });
      expect(reply.status).toBe(200);
    },
  );

  it('refuses unknown mode and behavior values with 400 code 13', async () => {
    await server.catalog.createNamespace(['drop_badenum']);
    expectError(await drop('drop_badenum', { behavior: 'everything' }), 400, 13);
    expectError(await drop('drop_badenum', { mode: 'maybe' }), 400, 13);
    expect(await server.catalog.namespaceExists(['drop_badenum'])).toBe(true);
  });

  it('refuses to drop the root namespace with 400 code 13', async () => {
    expectError(await drop('$', { behavior: 'cascade' }), 400, 13);
    expect((await list('$')).status).toBe(200);
  });
});

describe('the delimiter query parameter', () => {
  it('splits the id on a custom delimiter', async () => {
    await server.catalog.createNamespace(['dl']);
    const reply = await call(server, 'POST', '/v1/namespace/dl.sub/create?delimiter=.', {});
    expect(reply.status).toBe(200);
    expect(await server.catalog.namespaceExists(['dl', 'sub'])).toBe(true);
    // With the default delimiter the same namespace is dl$sub.
    expect((await call(server, 'POST', '/v1/namespace/dl$sub/describe', {})).status).toBe(200);
    const listed = await call(server, 'GET', '/v1/namespace/dl/list?delimiter=.');
    expect(listed.body.namespaces).toEqual(['sub']);
    expect((await call(server, 'POST', '/v1/namespace/dl.sub/exists?delimiter=.')).status).toBe(
      200,
    );
  });

  it('the custom delimiter alone is the root', async () => {
    // fetch would drop a "." segment, so this one goes out through node:http verbatim.
    const dot = await rawRequest(server.url, 'GET', '/v1/namespace/./list?delimiter=.', '');
    expect(dot.status).toBe(200);
    expect(dot.body?.namespaces).toContain('dl');
    const multi = await call(server, 'GET', '/v1/namespace/__/list?delimiter=__');
    expect(multi.status).toBe(200);
    expect(multi.body.namespaces).toEqual(dot.body?.namespaces);
    const dollar = await call(server, 'GET', '/v1/namespace/$/list');
    expect(multi.body.namespaces).toEqual(dollar.body.namespaces);
    // A client's URL parser folds "/./" away; the folded path still reaches the root.
    const folded = await call(server, 'GET', '/v1/namespace/list?delimiter=.');
    expect(folded.status).toBe(200);
    expect(folded.body.namespaces).toEqual(dot.body?.namespaces);
    const describedFolded = await call(server, 'POST', '/v1/namespace/describe?delimiter=.', {});
    expect(describedFolded.status).toBe(200);
    // Without delimiter ".", nothing is rewritten: /v1/namespace/list names no route.
    expect((await call(server, 'GET', '/v1/namespace/list')).status).toBe(406);
  });

  it('with a custom delimiter, $ is just a character and refused as such', async () => {
    // "dl$sub" is one component under delimiter ".", and "$" is not allowed in names.
    expectError(
      await call(server, 'POST', '/v1/namespace/dl$sub/describe?delimiter=.', {}),
      400,
      13,
    );
  });

  it('a multi-character delimiter works', async () => {
    const reply = await call(server, 'POST', '/v1/namespace/dl__multi/create?delimiter=__', {});
    expect(reply.status).toBe(200);
    expect(await server.catalog.namespaceExists(['dl', 'multi'])).toBe(true);
  });
});

describe('identifier validation', () => {
  it.each([
    ['an empty component (a$$b)', 'a$$b'],
    ['a trailing delimiter (a$)', 'a$'],
    ['a ".." component after a delimiter (a$..)', 'a$..'],
    ['an encoded slash (a%2Fb)', 'a%2Fb'],
    ['a space (a%20b)', 'a%20b'],
    ['unicode (caf%C3%A9)', 'caf%C3%A9'],
    ['unicode (%E6%97%A5%E6%9C%AC)', '%E6%97%A5%E6%9C%AC'],
    ['a 256-character name', 'x'.repeat(256)],
  ])('refuses %s with 400 code 13 and creates nothing', async (_label, id) => {
    expectError(await create(id), 400, 13, `/v1/namespace/${id}/create`);
    expectError(await call(server, 'GET', `/v1/namespace/${id}/list`), 400, 13);
  });

  it('refuses ".." and "%2E%2E" as a whole id with 400 code 13', async () => {
    // fetch would resolve these dot segments away, so they go out through node:http verbatim.
    for (const id of ['..', '%2E%2E', '.']) {
      const reply = await rawRequest(server.url, 'POST', `/v1/namespace/${id}/create`);
      expect(reply.status, id).toBe(400);
      expect(reply.body?.code, id).toBe(13);
      expect(reply.body?.title).toBe('Malformed request');
    }
  });

  it('accepts names with letters, digits, underscores, hyphens and periods', async () => {
    const reply = await create('Ok-name_1.v2');
    expect(reply.status).toBe(200);
    expect(await server.catalog.namespaceExists(['Ok-name_1.v2'])).toBe(true);
  });

  it('nothing invalid was created along the way', async () => {
    const names = (await list('$', 'limit=1000')).body.namespaces as string[];
    for (const name of names) expect(name).toMatch(/^[A-Za-z0-9_.-]+$/);
  });
});

describe('trailing slashes', () => {
  it('are accepted on every namespace route', async () => {
    expect((await call(server, 'POST', '/v1/namespace/slashed/create/', {})).status).toBe(200);
    expect((await call(server, 'GET', '/v1/namespace/$/list/')).body.namespaces).toContain(
      'slashed',
    );
    expect((await call(server, 'GET', '/v1/namespace/slashed/list/')).status).toBe(200);
    expect((await call(server, 'POST', '/v1/namespace/slashed/describe/', {})).status).toBe(200);
    expect((await call(server, 'POST', '/v1/namespace/slashed/exists/', {})).status).toBe(200);
    expectError(await call(server, 'POST', '/v1/namespace/slashed/create/', {}), 409, 2);
    expect((await call(server, 'POST', '/v1/namespace/slashed/drop/', {})).status).toBe(200);
    expectError(await call(server, 'POST', '/v1/namespace/slashed/exists/', {}), 404, 1);
  });
});
