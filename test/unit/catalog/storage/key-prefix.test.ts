import { describe, expect, it } from 'vitest';
import { KeyPrefix } from '../../../../src-main/catalog/storage/key-prefix';

describe('KeyPrefix', () => {
  it('puts keys under the prefix and takes them back out', () => {
    const keys = new KeyPrefix('team/catalog');
    expect(keys.key('a/b.lance')).toBe('team/catalog/a/b.lance');
    expect(keys.unkey('team/catalog/a/b.lance')).toBe('a/b.lance');
    expect(keys.folder('a/')).toBe('team/catalog/a/');
    expect(keys.folder('')).toBe('team/catalog/');
  });

  it('leaves keys alone at the root of a bucket', () => {
    const keys = new KeyPrefix('');
    expect(keys.key('a')).toBe('a');
    expect(keys.unkey('a')).toBe('a');
    expect(keys.folder('a//')).toBe('a/');
    expect(keys.folder('')).toBe('');
  });
});
