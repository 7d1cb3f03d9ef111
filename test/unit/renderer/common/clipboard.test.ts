import { afterEach, describe, expect, it, vi } from 'vitest';
import { copyText } from '../../../../src-renderer/common/clipboard';

afterEach(() => vi.unstubAllGlobals());

describe('copyText', () => {
  it('reports false, without throwing, when there is no clipboard', async () => {
    vi.stubGlobal('navigator', {});
    await expect(copyText('x')).resolves.toBe(false);
    vi.stubGlobal('navigator', undefined);
    await expect(copyText('x')).resolves.toBe(false);
  });
  it('reports false when the clipboard refuses', async () => {
    vi.stubGlobal('navigator', {
      clipboard: { writeText: () => Promise.reject(new DOMException('denied', 'NotAllowedError')) },
    });
    await expect(copyText('x')).resolves.toBe(false);
  });
  it('writes the text when it may', async () => {
    const written: string[] = [];
    vi.stubGlobal('navigator', {
      clipboard: { writeText: async (t: string) => void written.push(t) },
    });
    await expect(copyText('meta.score')).resolves.toBe(true);
    expect(written).toEqual(['meta.score']);
  });
});
