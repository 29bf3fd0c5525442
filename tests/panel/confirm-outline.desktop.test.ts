// The target shown while a confirmation waits (issue #31 item 4), against the Linux desktop stack:
// the real PanelSession and loop ask before "click Delete everything" on the loop fixture; the
// question carries the button's place, checked against the bounds AT-SPI gives for it; the events
// are followed as main follows them (outlineAfter) and the built overlay page, in Debian's Chromium
// at the screen's size, draws the outline there, with the button's name; a click at a point over it
// marks the point, over the numbers. Declining, a time-out and Stop each take the outline away. Screenshot in artifacts/panel/, axe-core on the page.
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildPanel } from '../../scripts/build-panel.js';
import { overlayFragment } from '../../src/main/panel/overlay-window.js';
import { outlineAfter } from '../../src/main/panel/target-outline.js';
import type { PanelSession } from '../../src/core/panel-session.js';
import type { ActionTarget, AssistantEvent } from '../../src/shared/contracts/events.js';
import type { OverlayView, RunReply } from '../../src/shared/contracts/ipc-contract.js';
import { desktopSkipReason, until } from '../support/desktop.js';
import { openLoopFixture, type LoopFixture } from '../support/loop-fixture.js';
import { axeViolations, openBundlePage } from '../support/panel-browser.js';
import { grammarPanelSession } from './grammar-session.js';

const skip = desktopSkipReason();
const ARTIFACTS = fileURLToPath(new URL('../../artifacts/panel/', import.meta.url));
/** The private desktop's screen (scripts/desktop-session.ts). */
const SCREEN = { width: 1280, height: 800 };
const NOTHING_NUMBERED: OverlayView = { app: '', marks: [] };

/** What main outlines after these events (src/main/panel/target-outline.ts). */
const outlineOf = (events: readonly AssistantEvent[]): ActionTarget | undefined =>
  events.reduce<ActionTarget | undefined>((current, e) => outlineAfter(e, current), undefined);

describe.skipIf(skip !== '')('a confirmation outlines what it will act on', () => {
  let fixture: LoopFixture;
  let bundleDir: string;
  let session: PanelSession;
  /** The same, with confirmations that end after a moment unanswered. */
  let hasty: PanelSession;
  const events: AssistantEvent[] = [];
  const hastyEvents: AssistantEvent[] = [];

  beforeAll(async () => {
    fixture = await openLoopFixture();
    bundleDir = await mkdtemp(join(tmpdir(), 'ac-outline-panel-'));
    await buildPanel(bundleDir);
    ({ session } = await grammarPanelSession({ bridge: fixture.bridge, events }));
    ({ session: hasty } = await grammarPanelSession({ bridge: fixture.bridge, events: hastyEvents, more: () => ({ confirmTimeoutMs: () => 300 }) }));
  }, 60_000);

  afterAll(async () => {
    await fixture?.close();
  });

  /** Starts "click Delete everything" and waits for its question; resolves the run's promise and the question's target. */
  async function ask(on: PanelSession, seen: AssistantEvent[]): Promise<{ run: Promise<RunReply>; target: ActionTarget | undefined }> {
    seen.length = 0;
    const run = on.handle('command:run', ['click Delete everything']) as Promise<RunReply>;
    const request = await until('the confirmation', async () => seen.find((e) => e.type === 'confirmation_request'), 15_000);
    return { run, target: request.type === 'confirmation_request' ? request.target : undefined };
  }

  it('draws the outline at the button’s bounds as AT-SPI reports them, with its name, until the question is declined', async () => {
    const { run, target } = await ask(session, events);
    // Independently of the engine: the button's bounds in a fresh AT-SPI snapshot of the app.
    const snapshot = await fixture.bridge.snapshot({ pid: fixture.pid });
    const button = snapshot.elements.filter((e) => e.role === 'button' && e.name === 'Delete everything');
    expect(button).toHaveLength(1);
    const b = button[0]?.bounds;
    expect(target).toEqual({ kind: 'element', label: 'Delete everything', x: b?.x, y: b?.y, width: b?.width, height: b?.height });
    const outlined = outlineOf(events);
    expect(outlined).toEqual(target);

    const page = await openBundlePage({ bundleDir, path: `overlay.html${overlayFragment(NOTHING_NUMBERED, { x: 0, y: 0 }, [], outlined)}`, viewport: SCREEN });
    try {
      await page.page.waitForSelector('[data-target="element"]', { state: 'attached' });
      const drawn = (await page.page.evaluate(`(() => {
        const box = document.querySelector('.target-outline').getBoundingClientRect();
        const label = document.querySelector('.target-label');
        return { x: box.x, y: box.y, width: box.width, height: box.height, label: label.textContent, labelBottom: label.getBoundingClientRect().bottom,
          name: document.querySelector('[data-target]').getAttribute('aria-label') };
      })()`)) as { x: number; y: number; width: number; height: number; label: string; labelBottom: number; name: string };
      expect({ x: drawn.x, y: drawn.y, width: drawn.width, height: drawn.height }).toEqual({ x: b?.x, y: b?.y, width: b?.width, height: b?.height });
      expect(drawn.label).toBe('Delete everything');
      // The name sits just above the element, not over it.
      expect(drawn.labelBottom).toBeLessThanOrEqual(b?.y ?? 0);
      expect(drawn.name).toBe('Waiting for your confirmation: Delete everything');
      expect(await page.page.evaluate(`getComputedStyle(document.body).backgroundColor`)).toBe('rgba(0, 0, 0, 0)');
      await page.page.screenshot({ path: join(ARTIFACTS, 'overlay-03-confirmation-target.png') });
      expect(await axeViolations(page.page)).toEqual([]);

      // Declined: the question ends, and so does the outline; the page then draws none.
      const answer = (await session.handle('command:run', ['no'])) as RunReply;
      expect(answer.outcome).toBe('refused');
      expect((await run).outcome).toBe('refused');
      await until('the run to end', async () => (events.some((e) => e.type === 'done') ? true : undefined));
      const after = outlineOf(events);
      expect(after).toBeUndefined();
      await page.page.evaluate(`location.hash = ${JSON.stringify(overlayFragment(NOTHING_NUMBERED, { x: 0, y: 0 }, [], after))}`);
      await expect.poll(() => page.page.locator('[data-target]').count()).toBe(0);
    } finally {
      await page.close();
    }
    expect(await fixture.counter('Deleted:')).toBe(0);
  });

  it('a click at a point over the button marks the point, named by the element there, over the numbers', async () => {
    const shown = (await session.handle('command:run', ['show numbers'])) as RunReply;
    if (!shown.overlay || shown.overlay === 'hidden') throw new Error(`no numbers: ${shown.message}`);
    const numbers = shown.overlay;
    const button = numbers.marks.find((m) => m.label === 'Delete everything');
    if (!button) throw new Error('no number on Delete everything');
    const x = Math.round(button.x + button.width / 2);
    const y = Math.round(button.y + button.height / 2);
    events.length = 0;
    // The live gate finds the destructive button under the point and asks.
    const run = session.handle('command:run', [`click at ${x}, ${y}`]) as Promise<RunReply>;
    const request = await until('the confirmation', async () => events.find((e) => e.type === 'confirmation_request'), 15_000);
    const target = request.type === 'confirmation_request' ? request.target : undefined;
    expect(target).toEqual({ kind: 'point', label: 'Delete everything', x, y });

    const page = await openBundlePage({ bundleDir, path: `overlay.html${overlayFragment(numbers, { x: 0, y: 0 }, [], outlineOf(events))}`, viewport: SCREEN });
    try {
      await page.page.waitForSelector('[data-target="point"]', { state: 'attached' });
      const ring = (await page.page.evaluate(`(() => {
        const r = document.querySelector('.target-point').getBoundingClientRect();
        return { x: r.x + r.width / 2, y: r.y + r.height / 2, label: document.querySelector('.target-label').textContent,
          numbers: document.querySelectorAll('[data-mark]').length };
      })()`)) as { x: number; y: number; label: string; numbers: number };
      // The ring is centred on the point; the numbers are still drawn under it.
      expect(ring).toEqual({ x, y, label: 'Delete everything', numbers: numbers.marks.length });
      await page.page.screenshot({ path: join(ARTIFACTS, 'overlay-04-confirmation-point.png') });
      expect(await axeViolations(page.page)).toEqual([]);
    } finally {
      await page.close();
    }
    await session.handle('command:run', ['no']);
    expect((await run).outcome).toBe('refused');
    expect(outlineOf(events)).toBeUndefined();
    expect(await fixture.counter('Deleted:')).toBe(0);
  });

  it('takes the outline away when the question times out unanswered', async () => {
    const { run, target } = await ask(hasty, hastyEvents);
    expect(target?.label).toBe('Delete everything');
    expect(outlineOf(hastyEvents)).toEqual(target);
    // Unanswered in time: it ends as declined, nothing done.
    expect((await run).outcome).toBe('refused');
    await until('the run to end', async () => (hastyEvents.some((e) => e.type === 'done') ? true : undefined));
    expect(outlineOf(hastyEvents)).toBeUndefined();
    expect(await fixture.counter('Deleted:')).toBe(0);
  });

  it('takes the outline away when the command is stopped while it asks', async () => {
    const { run, target } = await ask(session, events);
    expect(outlineOf(events)).toEqual(target);
    await session.handle('command:stop', []);
    expect((await run).outcome).toBe('cancelled');
    await until('the run to end', async () => (events.some((e) => e.type === 'done') ? true : undefined));
    expect(outlineOf(events)).toBeUndefined();
    expect(await fixture.counter('Deleted:')).toBe(0);
  });
});
