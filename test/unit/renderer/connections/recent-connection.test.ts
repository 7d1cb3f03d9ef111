import { describe, expect, it } from 'vitest';
import { PROCEDURES } from '../../../../src-shared/studio-procedures';
import {
  kindLabel,
  objectStoreReopenSettings,
  reopenRecent,
  type RecentConnection,
} from '../../../../src-renderer/connections/recent-connection';

type Call = Parameters<typeof reopenRecent>[0];

const base = { name: 'n', color: '#2563eb', readOnly: true, lastOpenedAt: 1, hasSecrets: true };

function recording() {
  const calls: Array<[string, unknown]> = [];
  const call = (async (name: string, input: unknown) => {
    calls.push([name, input]);
    return {};
  }) as unknown as Call;
  return { call, calls };
}

describe('recent connections', () => {
  it('labels each kind', () => {
    expect(kindLabel('folder')).toBe('folder');
    expect(kindLabel('remote')).toBe('remote');
    expect(kindLabel('object-store')).toBe('object store');
  });

  it('reopens an object store with its settings and no keys, which the host fills in', async () => {
    const r: RecentConnection = {
      ...base,
      kind: 'object-store',
      target: 's3://catalog/team',
      objectStore: {
        endpoint: 'http://127.0.0.1:9000',
        pathStyle: true,
        credentials: { source: 'keys' },
      },
    };
    const { call, calls } = recording();
    await reopenRecent(call, r);
    expect(calls).toEqual([
      [
        'connections:connect-url',
        {
          kind: 'object-store',
          uri: 's3://catalog/team',
          endpoint: 'http://127.0.0.1:9000',
          pathStyle: true,
          credentials: { source: 'keys' },
          name: 'n',
          color: '#2563eb',
          readOnly: true,
        },
      ],
    ]);
    // What it sends is what the contract accepts.
    expect(PROCEDURES['connections:connect-url'].input.safeParse(calls[0]![1]).success).toBe(true);
  });

  it('falls back to the stored keys for an entry without settings', () => {
    expect(
      objectStoreReopenSettings({ ...base, kind: 'object-store', target: 's3://b/p' }),
    ).toEqual({ kind: 'object-store', uri: 's3://b/p', credentials: { source: 'keys' } });
  });

  it('reopens folders and remote catalogs as before', async () => {
    const { call, calls } = recording();
    await reopenRecent(call, { ...base, kind: 'folder', target: '/data/cat' });
    await reopenRecent(call, { ...base, kind: 'remote', target: 'http://h:1' });
    expect(calls.map(([name, input]) => [name, Object.keys(input as object).sort()])).toEqual([
      ['connections:open-folder', ['color', 'name', 'path', 'readOnly']],
      ['connections:connect-url', ['color', 'name', 'readOnly', 'url']],
    ]);
  });
});
