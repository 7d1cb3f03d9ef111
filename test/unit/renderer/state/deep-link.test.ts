import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  parseRoute,
  parseTableHash,
  routeHash,
  routeTitle,
  tableHash,
  TABLE_TABS,
  type Route,
} from '../../../../src-renderer/state/deep-link';

const name = fc.string({ minLength: 1, maxLength: 20 });
const path = fc.array(name, { maxLength: 4 });

describe('table deep links', () => {
  it('round-trip any names, including slashes, percent signs and unicode', () => {
    fc.assert(
      fc.property(
        name,
        path,
        name,
        fc.constantFrom(...TABLE_TABS),
        (connectionId, p, table, tab) => {
          const link = parseTableHash(tableHash({ connectionId, path: p, table }, tab));
          expect(link).toEqual({ ref: { connectionId, path: p, table }, tab });
        },
      ),
    );
  });

  it('rejects what is not a table link', () => {
    expect(parseTableHash('')).toBeUndefined();
    expect(parseTableHash('#/t/c/t/nonsense-tab')).toBeUndefined();
    expect(parseTableHash('#/t/c/overview')).toBeUndefined();
    expect(parseTableHash('#/t/%E0%A4%A/t/overview')).toBeUndefined();
  });
});

describe('every view has an address', () => {
  const route: fc.Arbitrary<Route> = fc.oneof(
    fc.constant<Route>({ view: 'start' }),
    fc.record({ view: fc.constant('namespace' as const), connectionId: name, path }),
    fc.record({
      view: fc.constant('table' as const),
      ref: fc.record({ connectionId: name, path, table: name }),
      tab: fc.constantFrom(...TABLE_TABS),
    }),
    fc.record({ view: fc.constant('console' as const), connectionId: name }),
    fc.record({
      view: fc.constant('console' as const),
      connectionId: name,
      from: fc.oneof(fc.record({ path }), fc.record({ path, table: name })),
    }),
    fc.record({ view: fc.constant('job' as const), jobId: name }),
  );

  it('each route round-trips through its address, whatever the names', () => {
    fc.assert(
      fc.property(route, (r) => {
        expect(parseRoute(routeHash(r))).toEqual(r);
      }),
    );
  });

  it('gives different views different addresses', () => {
    const hashes = [
      routeHash({ view: 'start' }),
      routeHash({ view: 'namespace', connectionId: 'c', path: [] }),
      routeHash({ view: 'namespace', connectionId: 'c', path: ['n'] }),
      routeHash({ view: 'table', ref: { connectionId: 'c', path: [], table: 'n' }, tab: 'data' }),
      routeHash({ view: 'console', connectionId: 'c' }),
      routeHash({ view: 'console', connectionId: 'c', from: { path: ['n'] } }),
      routeHash({ view: 'console', connectionId: 'c', from: { path: [], table: 'n' } }),
      routeHash({ view: 'job', jobId: 'c' }),
      routeHash({ view: 'access', connectionId: 'c' }),
    ];
    expect(parseRoute(routeHash({ view: 'access', connectionId: 'c/1' }))).toEqual({
      view: 'access',
      connectionId: 'c/1',
    });
    expect(new Set(hashes).size).toBe(hashes.length);
  });

  it('reads a bare address as the start screen, and refuses addresses of no view', () => {
    expect(parseRoute('')).toEqual({ view: 'start' });
    expect(parseRoute('#/')).toEqual({ view: 'start' });
    for (const hash of [
      '#/x/c',
      '#/c/',
      '#/c/a/b',
      '#/n/c',
      '#/j/a/b',
      '#/a/c/x',
      '#/q/c/z/t',
      '#/n/%E0%A4%A/x',
    ])
      expect(parseRoute(hash), hash).toBeUndefined();
  });

  it('titles each view by what it shows, which the history list shows for its entry', () => {
    expect(routeTitle({ view: 'start' })).toBe('Catalog Studio');
    expect(
      routeTitle({
        view: 'table',
        ref: { connectionId: 'c', path: ['a'], table: 't' },
        tab: 'data',
      }),
    ).toBe('t (data) · Catalog Studio');
    expect(routeTitle({ view: 'namespace', connectionId: 'c', path: ['a', 'b'] })).toBe(
      'a / b · Catalog Studio',
    );
    expect(routeTitle({ view: 'console', connectionId: 'c', from: { path: [], table: 't' } })).toBe(
      'Query console on t · Catalog Studio',
    );
  });
});
