/**
 * Back and Forward in the desktop window, which has no buttons of its own for them: the keys a
 * browser uses (history-keys.ts) and the mouse's back and forward buttons step through the views'
 * history. A browser tab has its own, so the web mode adds none.
 */
import { useEffect } from 'react';
import { historyStep } from './history-keys';

function editing(target: EventTarget | null): boolean {
  return (
    target instanceof HTMLElement &&
    (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName))
  );
}

export function useBackForward(): void {
  useEffect(() => {
    if (!window.studio) return;
    const mac = /Mac/.test(navigator.platform);
    const onKey = (e: KeyboardEvent) => {
      // The event's fields are getters on its prototype: named one by one, not spread.
      const { key, altKey, ctrlKey, metaKey, shiftKey } = e;
      const step = historyStep(
        { key, altKey, ctrlKey, metaKey, shiftKey, editing: editing(e.target) },
        mac,
      );
      if (step === undefined) return;
      e.preventDefault();
      window.history.go(step);
    };
    // Buttons 3 and 4: the mouse's back and forward.
    const onMouse = (e: MouseEvent) => {
      if (e.button !== 3 && e.button !== 4) return;
      e.preventDefault();
      window.history.go(e.button === 3 ? -1 : 1);
    };
    window.addEventListener('keydown', onKey);
    window.addEventListener('mouseup', onMouse);
    return () => {
      window.removeEventListener('keydown', onKey);
      window.removeEventListener('mouseup', onMouse);
    };
  }, []);
}
