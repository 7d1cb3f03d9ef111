import { availableParallelism } from 'node:os';
import { describe, expect, it } from 'vitest';
import { defaultWorkers, parseServeArgs, type ServeConfig } from '../../../src-main/cli/serve-args';

const parse = (...argv: string[]) =>
  parseServeArgs(['--root', '/tmp/catalog', ...argv]) as ServeConfig;

describe('serve arguments', () => {
  it('runs one worker per core by default, and never fewer than two', () => {
    expect(defaultWorkers()).toBe(Math.max(2, availableParallelism()));
    expect(parse().workers).toBe(defaultWorkers());
  });

  it('takes --workers N, and 1 for a single process', () => {
    expect(parse('--workers', '3').workers).toBe(3);
    expect(parse('--workers', '1').workers).toBe(1);
  });

  it('refuses no workers or a count that is not a whole number', () => {
    expect(() => parse('--workers', '0')).toThrow(/--workers must be at least 1/);
    expect(() => parse('--workers', 'two')).toThrow(/--workers must be a whole number/);
    expect(() => parse('--workers', '1.5')).toThrow(/--workers must be a whole number/);
  });

  it('reads the limits in the server’s units and the databases', () => {
    const config = parseServeArgs([
      '--database',
      'a=/tmp/a',
      '--database',
      'b=/tmp/b',
      '--idle-timeout-s',
      '2',
      '--body-limit-mb',
      '3',
    ]) as ServeConfig;
    expect([...config.databases]).toEqual([
      ['a', '/tmp/a'],
      ['b', '/tmp/b'],
    ]);
    expect(config.defaultDatabase).toBeUndefined();
    expect(config.limits).toEqual({ idleTimeoutMs: 2000, bodyLimit: 3 * 1024 * 1024 });
  });

  it('reads the operations flags: metrics off, JSON log, 30 s to stop and no drain by default', () => {
    expect(parse().operations).toEqual({
      metrics: 'off',
      logFormat: 'json',
      stopTimeoutMs: 30_000,
      drainMs: 0,
    });
    expect(
      parse(
        '--metrics',
        'loopback',
        '--log-format',
        'text',
        '--stop-timeout-s',
        '5',
        '--drain-s',
        '2',
      ).operations,
    ).toEqual({ metrics: 'loopback', logFormat: 'text', stopTimeoutMs: 5_000, drainMs: 2_000 });
  });

  it('takes the metrics key from the environment only, and refuses bad settings', () => {
    const before = process.env['CATALOG_STUDIO_METRICS_KEY'];
    try {
      delete process.env['CATALOG_STUDIO_METRICS_KEY'];
      expect(parseServeArgs(['--root', '/tmp/c', '--metrics', 'key'])).toBe(2);
      process.env['CATALOG_STUDIO_METRICS_KEY'] = 'k';
      expect(parse('--metrics', 'key').operations).toMatchObject({
        metrics: 'key',
        metricsKey: 'k',
      });
      expect(parseServeArgs(['--root', '/tmp/c', '--metrics', 'on'])).toBe(2);
      expect(parseServeArgs(['--root', '/tmp/c', '--log-format', 'xml'])).toBe(2);
    } finally {
      if (before === undefined) delete process.env['CATALOG_STUDIO_METRICS_KEY'];
      else process.env['CATALOG_STUDIO_METRICS_KEY'] = before;
    }
  });
});
