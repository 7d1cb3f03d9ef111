import { describe, expect, it } from 'vitest';
import { servable } from '../../../../src-renderer/shell/servable';
import type { Connection } from '../../../../src-shared/studio-schemas';

const connection = (id: string, kind: Connection['kind']): Connection => ({
  id,
  kind,
  name: id,
  target: `/data/${id}`,
  color: '#000',
  readOnly: false,
  rights: { role: 'admin', source: 'assumed' },
});

describe('servable', () => {
  const open = [
    connection('remote', 'remote'),
    connection('a', 'folder'),
    connection('s3', 'object-store'),
  ];

  it('serves the connection in view, else the first that is not remote', () => {
    expect(servable(open, 's3')?.id).toBe('s3');
    expect(servable(open, undefined)?.id).toBe('a');
    expect(servable(open, 'remote')?.id).toBe('a');
  });

  it('has nothing to serve when only remote catalogs are open', () => {
    expect(servable([connection('remote', 'remote')], 'remote')).toBeUndefined();
  });
});
