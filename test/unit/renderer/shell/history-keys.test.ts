import { describe, expect, it } from 'vitest';
import { historyStep, type StepKey } from '../../../../src-renderer/shell/history-keys';

const key = (k: string, mods: Partial<StepKey> = {}): StepKey => ({
  key: k,
  altKey: false,
  ctrlKey: false,
  metaKey: false,
  shiftKey: false,
  editing: false,
  ...mods,
});

describe('Back and Forward keys in the desktop window', () => {
  it("takes a browser's keys: Alt+Left/Right, and Cmd+[ / Cmd+] on a Mac", () => {
    expect(historyStep(key('ArrowLeft', { altKey: true }), false)).toBe(-1);
    expect(historyStep(key('ArrowRight', { altKey: true }), false)).toBe(1);
    expect(historyStep(key('[', { metaKey: true }), true)).toBe(-1);
    expect(historyStep(key(']', { metaKey: true }), true)).toBe(1);
  });

  it('leaves other keys, other modifiers and text fields alone', () => {
    expect(historyStep(key('ArrowLeft'), false)).toBeUndefined();
    expect(historyStep(key('ArrowLeft', { altKey: true, shiftKey: true }), false)).toBeUndefined();
    expect(historyStep(key('ArrowLeft', { altKey: true, ctrlKey: true }), false)).toBeUndefined();
    expect(historyStep(key('ArrowLeft', { altKey: true, editing: true }), false)).toBeUndefined();
    expect(historyStep(key('ArrowLeft', { altKey: true }), true)).toBeUndefined();
    expect(historyStep(key('[', { metaKey: true }), false)).toBeUndefined();
  });
});
