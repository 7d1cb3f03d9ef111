import { closeSync, mkdtempSync, openSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  ANSWERING,
  ASKED,
  ConnectionStateWriter,
  IDLE,
  RECORD_BYTES,
  clearConnectionRecord,
  readConnectionRecord,
} from '../../../../src-main/cli/serve-workers/connection-states';

let dir: string;
let file: string;
let fd: number;
let writer: ConnectionStateWriter;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'cs-states-'));
  file = join(dir, 'w1.state');
  writeFileSync(file, '');
  fd = openSync(file, 'r+');
  writer = new ConnectionStateWriter(file);
});

afterEach(() => {
  writer.close();
  closeSync(fd);
  rmSync(dir, { recursive: true, force: true });
});

describe('connection records', () => {
  it('reads a slot never written as idle', () => {
    expect(readConnectionRecord(fd, 7)).toEqual({ state: IDLE, request: '' });
  });

  it('keeps each slot apart, the request line without its query', () => {
    writer.asked(0, 'POST', '/v1/table/t/query?limit=1');
    writer.asked(3, 'GET', '/v1/namespace/a%2Fb/list');
    writer.state(3, ANSWERING);
    expect(readConnectionRecord(fd, 0)).toEqual({
      state: ASKED,
      request: 'POST /v1/table/t/query',
    });
    expect(readConnectionRecord(fd, 3)).toEqual({
      state: ANSWERING,
      request: 'GET /v1/namespace/a%2Fb/list',
    });
    writer.state(0, IDLE);
    expect(readConnectionRecord(fd, 0).state).toBe(IDLE);
  });

  it('cuts a long request line to the record, never splitting a character', () => {
    const path = `/${'é'.repeat(RECORD_BYTES)}`;
    writer.asked(1, 'GET', path);
    const { request } = readConnectionRecord(fd, 1);
    expect(Buffer.byteLength(request)).toBeLessThanOrEqual(RECORD_BYTES - 3);
    expect(path.startsWith(request.slice(4))).toBe(true);
    expect(request).not.toContain('\ufffd');
    // The next slot is untouched.
    expect(readConnectionRecord(fd, 2)).toEqual({ state: IDLE, request: '' });
  });

  it('clears a slot for its next connection', () => {
    writer.asked(2, 'GET', '/x');
    clearConnectionRecord(fd, 2);
    expect(readConnectionRecord(fd, 2)).toEqual({ state: IDLE, request: '' });
  });
});
