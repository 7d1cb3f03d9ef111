import { describe, expect, it } from 'vitest';
import { allowedHosts, browserRefusal } from '../../../src-main/http-edge/browser-guard';

const v4 = allowedHosts({ address: '127.0.0.1', family: 'IPv4', port: 2333 });
const ok = (method: string, headers: Record<string, string>) =>
  browserRefusal(method, { host: '127.0.0.1:2333', ...headers }, v4);

describe('allowedHosts', () => {
  it('names the bound literal and, on loopback, localhost, with the port', () => {
    expect([...v4]).toEqual(['127.0.0.1:2333', 'localhost:2333']);
    expect([...allowedHosts({ address: '::1', family: 'IPv6', port: 9 })]).toEqual([
      '[::1]:9',
      'localhost:9',
    ]);
    expect(allowedHosts({ address: '127.0.0.1', family: 'IPv4', port: 80 })).toContain('localhost');
    expect(allowedHosts(null).size).toBe(0);
  });
});

describe('browserRefusal', () => {
  it('refuses a Host that is not the bound address', () => {
    for (const host of ['evil.example:2333', '127.0.0.1:2334', '127.0.0.1', '', '0.0.0.0:2333'])
      expect(browserRefusal('GET', { host }, v4), host).toMatch(/Host/);
    expect(browserRefusal('GET', { host: 'LOCALHOST:2333' }, v4)).toBeUndefined();
  });

  it('refuses an Origin other than the server’s own, null included', () => {
    expect(ok('GET', { origin: 'http://127.0.0.1:9999' })).toMatch(/origin/);
    expect(ok('GET', { origin: 'null' })).toMatch(/origin/);
    expect(ok('GET', { origin: 'https://127.0.0.1:2333' })).toMatch(/origin/);
    expect(ok('GET', { origin: 'http://127.0.0.1:2333' })).toBeUndefined();
  });

  it('refuses what a form or a preflight-free fetch can send, and lets API requests through', () => {
    for (const type of [
      'text/plain',
      'text/plain;charset=UTF-8',
      'application/x-www-form-urlencoded',
      'multipart/form-data; boundary=x',
      'text/csv',
    ])
      expect(ok('POST', { 'content-type': type, 'content-length': '2' }), type).toMatch(/needs/);
    expect(ok('DELETE', { 'content-length': '2' })).toMatch(/needs/);
    expect(ok('PUT', { 'transfer-encoding': 'chunked' })).toMatch(/needs/);
    for (const type of [
      'application/json',
      'application/json; charset=utf-8',
      'application/problem+json',
      'application/vnd.apache.arrow.stream',
      'application/vnd.apache.arrow.file',
      'application/octet-stream',
    ])
      expect(ok('POST', { 'content-type': type, 'content-length': '2' }), type).toBeUndefined();
    expect(ok('POST', { 'content-type': 'text/plain', 'x-request-id': '1' })).toBeUndefined();
    expect(ok('POST', {})).toBeUndefined();
    expect(ok('POST', { 'content-length': '0' })).toBeUndefined();
    expect(ok('GET', { 'content-type': 'text/plain' })).toBeUndefined();
  });
});

describe('allowedHosts for a server bound to localhost', () => {
  it('names both loopback literals it listens on', () => {
    const both = allowedHosts([
      { address: '127.0.0.1', family: 'IPv4', port: 7 },
      { address: '::1', family: 'IPv6', port: 7 },
    ]);
    expect([...both].sort()).toEqual(['127.0.0.1:7', '[::1]:7', 'localhost:7']);
  });
});
