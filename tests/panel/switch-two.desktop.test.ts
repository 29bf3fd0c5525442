// Switch access: dictation by one switch, and two switches with the tremor filters (hold before
// select, ignore repeats), on the switch bench (switch-panel-harness.ts): the built panel in Chromium
// with a fake clock, on the real loop and engine acting on the loop fixture app.
import { beforeAll, describe, expect, it } from 'vitest';
import { desktopSkipReason, until } from '../support/desktop.js';
import { type PanelBrowser } from '../support/panel-browser.js';
import { BASE, INTERVAL, useSwitchBench } from './switch-panel-harness.js';

const skip = desktopSkipReason();

describe.skipIf(skip !== '')('switch access in the panel, on the real loop and desktop', () => {
  const bench = useSwitchBench();
  const { open, driver, counter, coreEvents } = bench;

  describe('dictation by one switch (issue #18)', () => {
    it('Dictate comes after the commands: one press starts dictation (the core says so); Stop dictation is then first, and one press ends it', async () => {
      const panel = await open(BASE, ['click Increment']);
      const d = driver(panel);
      await d.settle(async () => (await d.current()) === 'Quick commands ›2 presses', 'the scan to start');
      expect((await d.scan()).items).toEqual(['Quick commands ›2 presses', 'Dictate1 press', 'Settings1 press', 'Your commands1 press']);
      // The highlight comes to Dictate after the first entry's pause and one interval.
      await d.settle(async () => (await d.current()) === 'Dictate1 press', 'the highlight on Dictate');
      const seen = coreEvents.length;
      const modes = () => coreEvents.slice(seen).filter((e) => e.type === 'mode');
      await d.press();
      await d.settle(async () => modes().length > 0, 'the core to change mode');
      expect(modes()).toEqual([expect.objectContaining({ type: 'mode', mode: 'dictation' })]);
      expect(await d.scanStatus()).toContain('“Dictate” took 1 press.');
      // The panel follows the core: its button, and the scan with the way out first.
      await d.settle(async () => (await d.current()) === 'Stop dictation1 press', 'Stop dictation first');
      expect((await d.scan()).items).toEqual(['Stop dictation1 press', 'Corrections ›2 presses']);
      expect(await d.page.getByRole('button', { name: 'Stop dictating' }).count()).toBe(1);
      await d.checkState('switch-09-dictating');
      await d.press();
      await d.settle(async () => modes().length > 1, 'the core to leave dictation');
      expect(modes()[1]).toMatchObject({ type: 'mode', mode: 'commands' });
      await d.settle(async () => (await d.scan()).items.includes('Dictate1 press'), 'Dictate again');
      expect(await d.page.getByRole('button', { name: 'Dictate' }).count()).toBe(1);
    });
  });

  describe('tremor filters and two switches', () => {
    let d: ReturnType<typeof driver>;
    let panel: PanelBrowser;
    beforeAll(async () => {
      // Two switches: F13 moves (it also works from other apps), Enter selects.
      panel = await open({ ...BASE, mode: 'step', selectInput: 'Enter', moveInput: 'F13', holdMs: 300, ignoreRepeatMs: 500 }, [
        'click Increment',
        'scroll down',
        'show numbers',
      ]);
      d = driver(panel);
      await d.settle(async () => (await d.current()).startsWith('Quick commands'), 'the scan to start');
      // Nothing in the command box has the focus: Enter is the switch here, not Send.
      await d.page.evaluate(() => (globalThis as unknown as { document: { activeElement: { blur?: () => void } | null } }).document.activeElement?.blur?.());
    }, 60_000);

    it('the highlight waits for the move switch; a short press is ignored; a quick second press is ignored', async () => {
      await d.tick(INTERVAL * 5);
      expect(await d.current()).toBe('Quick commands ›2 presses'); // no automatic moves with two switches
      await d.press('Enter', 300); // held long enough: into the group
      expect(await d.current()).toBe('click Increment');
      await d.press('F13', 300); // moves (too soon after the select: ignored)
      expect(await d.current()).toBe('click Increment');
      await d.tick(500);
      await d.press('F13', 100); // too short for hold-before-select
      expect(await d.current()).toBe('click Increment');
      await d.press('F13', 300);
      expect(await d.current()).toBe('scroll down');
      expect(await d.scanStatus()).toBe('Presses so far: 2.');
      await d.checkState('switch-06-two-switches');
    });

    it('a global switch press from the shell moves too (no hold time is known for it)', async () => {
      await d.tick(600);
      await panel.signal({ kind: 'switch', input: 'F13' });
      await d.tick();
      expect(await d.current()).toBe('show numbers');
      await panel.signal({ kind: 'switch', input: 'F13' }); // within ignore-repeat
      await d.tick();
      expect(await d.current()).toBe('show numbers');
    });

    it('with two switches a recent command is select, select for the newest (2 presses) and one move more for the next', async () => {
      await d.tick(600);
      await d.press('F13', 300); // wraps to click Increment
      await d.tick(600);
      const before = await counter('Count: ');
      await d.press('Enter', 300);
      await until('the count to go up', async () => ((await counter('Count: ')) === before + 1 ? true : undefined));
      await d.settle(async () => (await d.status()) === 'Status: Ready', 'the run to end');
      await d.settle(async () => (await d.current()).startsWith('Recent commands'), 'the recent group');
      expect((await d.scan()).items).toEqual([
        'Recent commands ›2 presses',
        'Quick commands ›3 presses',
        'Dictate3 presses',
        'Settings4 presses',
        'Your commands5 presses',
      ]);
    });
  });
});
