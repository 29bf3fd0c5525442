// "Take it back" in the panel (issue #31 item 5), end to end: the built panel in Debian's Chromium
// wired to the real core, the real loop and the real engine acting on the engine fixture's check box
// "Notify me", read back through AT-SPI. Right after the click the panel offers Take it back: its
// button toggles the box back; the next time, Alt+Backspace with the command box focused does. Taken
// back, it is offered no more. Each state passes axe-core.
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PanelSession } from '../../src/core/panel-session.js';
import { desktopSkipReason } from '../support/desktop.js';
import { openFixtureWindow, type FixtureWindow } from '../support/fixture-window.js';
import { axeViolations, openPanel, type PanelBrowser } from '../support/panel-browser.js';
import { startTestCore, voicePanelSetup } from '../support/panel-core.js';
import { closePorts } from '../support/port-link.js';

const skip = desktopSkipReason();
if (skip !== '') console.log(`panel take-back desktop test skipped: ${skip}`);
const ARTIFACTS = fileURLToPath(new URL('../../artifacts/panel/', import.meta.url));

describe.skipIf(skip !== '')('take it back in the panel, on the real core, loop and desktop', { timeout: 90_000 }, () => {
  let fixture: FixtureWindow;
  let panel: PanelBrowser;
  let session: PanelSession;

  const page = () => panel.page;
  const status = () => page().getByRole('status');
  const takeBack = () => page().getByRole('button', { name: 'Take it back', exact: true });
  const checked = async (): Promise<boolean> =>
    (await fixture.bridge.snapshot({ pid: fixture.pid })).elements.some(
      (e) => e.role === 'check_box' && e.name === 'Notify me' && e.states.includes('checked'),
    );
  const checkState = async (name: string) => {
    await panel.screenshot(name);
    expect(await axeViolations(page()), name).toEqual([]);
  };
  const command = async (text: string) => {
    const input = page().getByRole('textbox', { name: 'Command' });
    await input.fill(text);
    await input.press('Enter');
    await expect.poll(() => status().textContent(), { timeout: 20_000 }).toBe('Status: Ready');
  };

  beforeAll(async () => {
    const dir = await mkdtemp(join(tmpdir(), 'ac-take-back-'));
    fixture = await openFixtureWindow('engine');
    const bundleDir = await voicePanelSetup(dir, 'http://127.0.0.1:9/v1', (s) => ({ ...s, voice: { ...s.voice, enabled: false } }));
    session = await startTestCore({ fixture, dir, push: (event) => panel.push(event) });
    panel = await openPanel({ bundleDir, artifactsDir: ARTIFACTS, session: () => session });
    await page().getByRole('textbox', { name: 'Command' }).waitFor({ timeout: 20_000 });
  }, 90_000);

  afterAll(async () => {
    await panel?.close();
    closePorts();
    await fixture?.close();
  });

  it('the button after a click toggles the box back, and is then offered no more', async () => {
    const was = await checked();
    expect(await takeBack().count()).toBe(0);
    await command('click Notify me');
    await expect.poll(checked).toBe(!was);
    await takeBack().waitFor();
    await checkState('take-back-offered');
    await takeBack().click();
    await expect.poll(checked).toBe(was);
    // The conversation says what was asked and what it did: the box pressed again.
    await expect
      .poll(async () => (await page().locator('.entries > li').allTextContents()).slice(-3).join(' | '), { timeout: 20_000 })
      .toMatch(/^You: take it back \| Plan: Click “Notify me” \(check box\) in .* — the same one as before\. \(Harmless\) \| Result: Clicked “Notify me”\.$/);
    await expect.poll(() => status().textContent(), { timeout: 20_000 }).toBe('Status: Ready');
    expect(await takeBack().count()).toBe(0);
    await checkState('take-back-done');
  });

  it('Alt+Backspace with the command box focused does the same', async () => {
    const was = await checked();
    await command('click Notify me');
    await expect.poll(checked).toBe(!was);
    await page().getByRole('textbox', { name: 'Command' }).focus();
    await page().keyboard.press('Alt+Backspace');
    await expect.poll(checked).toBe(was);
    await expect.poll(() => status().textContent(), { timeout: 20_000 }).toBe('Status: Ready');
    expect(await takeBack().count()).toBe(0);
  });

  it('after what cannot be taken back nothing is offered, and the words asked anyway are answered in a sentence', async () => {
    await command('click Increment');
    await expect.poll(() => page().locator('.entries > li').last().textContent(), { timeout: 20_000 }).toContain('Clicked “Increment”.');
    await expect.poll(() => status().textContent(), { timeout: 20_000 }).toBe('Status: Ready');
    expect(await takeBack().count()).toBe(0);
    await command('take it back');
    await expect.poll(() => status().textContent(), { timeout: 20_000 }).toBe('Status: Ready');
    await expect
      .poll(() => page().locator('.entries > li').last().textContent(), { timeout: 20_000 })
      .toMatch(/^.*I cannot take back “Click “Increment”.*say “undo”\.$/);
    await checkState('take-back-refused');
  });
});
