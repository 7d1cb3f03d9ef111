/**
 * Measuring whether a screen fits, in the page itself: which buttons are cut (their text wider
 * than their box, with no title that says it whole), clipped by an ancestor that cannot scroll,
 * or outside the window with nothing to scroll them into view. A button outside a container
 * that scrolls that way is reachable.
 */
import type { Page } from 'playwright-core';

/** A description (`text: why`) of each visible button under `root` that a person cannot reach. */
export async function unreachableButtons(page: Page, root: string): Promise<string[]> {
  return (await page.evaluate(`(() => {
    const problems = [];
    const roots = document.querySelectorAll(${JSON.stringify(root)});
    // A root that is not on the page is a failure, not a pass with nothing measured.
    if (roots.length === 0) return ['nothing matches ' + ${JSON.stringify(root)}];
    const buttons = [...roots].flatMap((r) => [...r.querySelectorAll('button, [role="button"], a[href]')]);
    for (const button of buttons) {
      const style = getComputedStyle(button);
      if (style.visibility === 'hidden' || style.display === 'none') continue;
      const rect = button.getBoundingClientRect();
      if (rect.width === 0 && rect.height === 0) continue;
      const name = (button.getAttribute('aria-label') || button.textContent || '').trim().slice(0, 40);
      // Cut text is allowed only where hovering says it whole.
      if (button.scrollWidth > button.clientWidth + 1 && !(button.closest('[title]')?.title ?? '').includes(button.textContent.trim())) {
        problems.push(name + ': its text is cut');
        continue;
      }
      let scrollsX = false;
      let scrollsY = false;
      let reason;
      for (let el = button.parentElement; el && el !== document.documentElement; el = el.parentElement) {
        const s = getComputedStyle(el);
        const box = el.getBoundingClientRect();
        const outX = rect.left < box.left - 1 || rect.right > box.right + 1;
        const outY = rect.top < box.top - 1 || rect.bottom > box.bottom + 1;
        const canX = /(auto|scroll)/.test(s.overflowX);
        const canY = /(auto|scroll)/.test(s.overflowY);
        if (outX && s.overflowX !== 'visible' && !canX && !scrollsX) { reason = 'clipped sideways by ' + (el.className || el.tagName); break; }
        if (outY && s.overflowY !== 'visible' && !canY && !scrollsY) { reason = 'clipped by ' + (el.className || el.tagName); break; }
        if (outX && canX) scrollsX = true;
        if (outY && canY) scrollsY = true;
      }
      if (!reason) {
        const offX = rect.left < -1 || rect.right > innerWidth + 1;
        const offY = rect.top < -1 || rect.bottom > innerHeight + 1;
        const page = document.scrollingElement;
        if (offX && !scrollsX && page.scrollWidth <= page.clientWidth) reason = 'outside the window sideways';
        else if (offY && !scrollsY && page.scrollHeight <= page.clientHeight) reason = 'below the window';
      }
      if (reason) problems.push(name + ': ' + reason);
    }
    return problems;
  })()`)) as string[];
}
