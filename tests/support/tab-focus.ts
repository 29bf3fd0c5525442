/** Moving through the panel by the Tab key, as a keyboard user does: where the focus is, and Tab until it is somewhere. */
import type { Page } from 'playwright-core';

export interface Focused {
  readonly id: string;
  /** The text of the label the element sits in (a radio button's name and sentence), else its own text. */
  readonly text: string;
}

export function focusedElement(page: Page): Promise<Focused> {
  return page.evaluate(() => {
    type El = { id: string; closest: (s: string) => { textContent: string | null } | null; textContent: string | null };
    const el = (globalThis as unknown as { document: { activeElement: El | null } }).document.activeElement;
    return { id: el?.id ?? '', text: el?.closest('label')?.textContent ?? el?.textContent ?? '' };
  });
}

/** Presses Tab until the focus is where `wanted` says (at most `most` presses); throws naming where it is. */
export async function tabTo(page: Page, wanted: (f: Focused) => boolean, what: string, most = 100): Promise<void> {
  for (let i = 0; i < most; i++) {
    if (wanted(await focusedElement(page))) return;
    await page.keyboard.press('Tab');
  }
  throw new Error(`Tab never reached ${what}; the focus is on ${JSON.stringify(await focusedElement(page))}`);
}
