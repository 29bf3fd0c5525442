/**
 * Two switches that no typing uses, stepped (F14 moves, F13 selects): the panel's scan read from its
 * DOM, each press a real key event, and a helper that moves to an entry and chooses it, waiting for
 * each move to show. For openCorePanel with `STEP_SWITCHES` applied to the settings.
 */
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import type { Settings } from '../../src/config/settings.js';

/** Step scanning on F13 (select) and F14 (move): each press moves or selects at once, nothing on a clock. */
export const STEP_SWITCHES = (s: Settings): Settings => ({
  ...s,
  switchAccess: { ...s.switchAccess, enabled: true, mode: 'step', selectInput: 'F13', moveInput: 'F14', ignoreRepeatMs: 0 },
});

export interface StepScan {
  /** The scan bar's entries, and the one highlighted. */
  readonly scan: () => Promise<{ items: string[]; current: string }>;
  readonly press: (key: 'F13' | 'F14') => Promise<void>;
  /** Moves (F14) until the highlighted entry starts with `label`, then selects it (F13). */
  readonly choose: (label: string) => Promise<void>;
}

export function stepScan(page: () => Page): StepScan {
  const scan = () =>
    page().evaluate(() => {
      type Item = { textContent: string | null; getAttribute: (a: string) => string | null };
      const doc = (globalThis as unknown as { document: { querySelectorAll: (s: string) => ArrayLike<Item> } }).document;
      const items = Array.from(doc.querySelectorAll('.scan-item'));
      return { items: items.map((e) => e.textContent ?? ''), current: items.find((e) => e.getAttribute('aria-current') === 'true')?.textContent ?? '' };
    });
  /** F13 and F14 go in through the DevTools protocol, as real key events (Playwright's keyboard does not name them). */
  const press = async (key: 'F13' | 'F14') => {
    const cdp = await page().context().newCDPSession(page());
    for (const type of ['keyDown', 'keyUp'] as const)
      await cdp.send('Input.dispatchKeyEvent', { type, key, code: key, windowsVirtualKeyCode: 111 + Number(key.slice(1)) });
    await cdp.detach();
  };
  const choose = async (label: string) => {
    await expect.poll(async () => (await scan()).items.some((i) => i.startsWith(label)), { timeout: 10_000 }).toBe(true);
    for (let i = 0; i < 30 && !(await scan()).current.startsWith(label); i++) {
      const before = await scan();
      await press('F14');
      await expect.poll(async () => (await scan()).current !== before.current || (await scan()).items.length === 0, { timeout: 10_000 }).toBe(true);
    }
    expect((await scan()).current).toMatch(new RegExp(`^${label.replace(/[()]/g, '\\$&')}`));
    const before = await scan();
    await press('F13');
    await expect.poll(async () => JSON.stringify(await scan()) !== JSON.stringify(before), { timeout: 10_000 }).toBe(true);
  };
  return { scan, press, choose };
}
