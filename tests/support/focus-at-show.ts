/**
 * Where the focus is the moment something shows in the panel, before the browser paints: where a key
 * or switch press that comes at once would land. Read in a MutationObserver, whose callback runs right
 * after the render that added the element (Preact commits and runs layout effects in one microtask),
 * and before any `requestAnimationFrame` or `useEffect` could move the focus. So a view that moves the
 * focus only after the paint fails here every time, not once in a while under load.
 */
import type { Page } from 'playwright-core';

interface Doc {
  querySelector(selector: string): unknown;
  readonly activeElement: { readonly id: string; readonly textContent: string | null; getAttribute(name: string): string | null } | null;
  readonly body: unknown;
}
type Observer = new (callback: () => void) => { observe(target: unknown, options: { childList: boolean; subtree: boolean }): void; disconnect(): void };

let count = 0;

/**
 * Starts watching for `selector` to appear (begin it before the step that shows it); the returned
 * function waits for it and says what had the focus then: the focused element's aria-label, else its
 * text, else its id, or "the page" when nothing had it.
 */
export async function focusWhenShown(page: Page, selector: string): Promise<() => Promise<string>> {
  const key = `__ac_focus_when_shown_${++count}`;
  await page.evaluate(
    ({ key, selector }) => {
      const g = globalThis as unknown as Record<string, unknown> & { document: Doc; MutationObserver: Observer };
      const doc = g.document;
      g[key] = new Promise<string>((resolve) => {
        const observer = new g.MutationObserver(() => {
          if (!doc.querySelector(selector)) return;
          observer.disconnect();
          const el = doc.activeElement;
          resolve(!el || el === doc.body ? 'the page' : el.getAttribute('aria-label') || (el.textContent ?? '').trim() || el.id);
        });
        observer.observe(doc.body, { childList: true, subtree: true });
      });
    },
    { key, selector },
  );
  return () => page.evaluate((key) => (globalThis as unknown as Record<string, Promise<string>>)[key] as Promise<string>, key);
}
