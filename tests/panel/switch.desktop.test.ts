// Switch access end to end with one switch (the bench: switch-panel-harness.ts): the built panel in
// Chromium with a fake clock, on the real loop and engine acting on the loop fixture app. Quick and
// recent commands, confirmations, the scan's timing, the numbers and the mouse grid, stopping a run,
// and a press bound to the entry it went down on. Two switches and dictation are
// switch-two.desktop.test.ts; the views switch-views.desktop.test.ts; the keys held while another app
// has the keyboard switch-held-keys.desktop.test.ts. Effects are read back through AT-SPI; each
// scanning state passes axe-core (WCAG 2.2 AA).
import { beforeAll, describe, expect, it } from 'vitest';
import { SCREEN, pathTo } from './grid-path.js';
import { createPlanner } from '../../src/intent/providers/create-planner.js';
import { TOO_SOON } from '../../src/panel/switch/switch-press.js';
import { startScriptedLlm } from '../agent/scripted-llm.js';
import { desktopSkipReason, until } from '../support/desktop.js';
import { withLargeTextHighContrast, type PanelBrowser } from '../support/panel-browser.js';
import { BASE, FIRST_PAUSE, INTERVAL, SETTLE, useSwitchBench } from './switch-panel-harness.js';

const skip = desktopSkipReason();

describe.skipIf(skip !== '')('switch access in the panel, on the real loop and desktop', () => {
  const bench = useSwitchBench();
  const { open, driver, counter } = bench;

  describe('one switch (Space), automatic scanning', () => {
    let d: ReturnType<typeof driver>;
    let panel: PanelBrowser;
    beforeAll(async () => {
      panel = await open(BASE, ['click Increment', 'show numbers']);
      d = driver(panel);
      await d.settle(async () => (await d.current()).startsWith('Quick commands'), 'the scan to start');
    }, 60_000);

    it('a quick command takes 2 presses and runs on the real app', async () => {
      expect((await d.scan()).items).toEqual(['Quick commands ›2 presses', 'Dictate1 press', 'Settings1 press', 'Your commands1 press']);
      const before = await counter('Count: ');
      await d.press(); // Quick commands ›
      expect((await d.scan()).items).toEqual(['click Increment', 'show numbers']);
      expect(await d.current()).toBe('click Increment');
      await d.checkState('switch-01-quick-group');
      await d.press(); // click Increment
      await until('the count to go up', async () => ((await counter('Count: ')) === before + 1 ? true : undefined));
      await d.settle(async () => (await d.status()) === 'Status: Ready', 'the run to end');
      expect(await d.scanStatus()).toContain('“click Increment” took 2 presses.');
    });

    it('a recent command takes 2 presses: the Recent group comes first', async () => {
      await d.settle(async () => (await d.current()).startsWith('Recent commands'), 'the recent group');
      expect((await d.scan()).items).toEqual([
        'Recent commands ›2 presses',
        'Quick commands ›2 presses',
        'Dictate1 press',
        'Settings1 press',
        'Your commands1 press',
      ]);
      await d.checkState('switch-02-idle-top');
      const before = await counter('Count: ');
      await d.press();
      expect(await d.current()).toBe('click Increment');
      await d.press();
      await until('the count to go up', async () => ((await counter('Count: ')) === before + 1 ? true : undefined));
      await d.settle(async () => (await d.status()) === 'Status: Ready', 'the run to end');
      expect(await d.scanStatus()).toContain('“click Increment” took 2 presses.');
    });

    it('a destructive confirmation: scanning starts on Cancel (1 press); Confirm is the next entry (1 press)', async () => {
      await d.send('click Delete everything');
      await d.settle(async () => (await d.current()) === 'Cancel1 press', 'the confirmation to be scanned');
      expect((await d.scan()).items).toEqual(['Cancel1 press', 'Confirm1 press', 'Stop1 press']);
      await d.checkState('switch-04-confirmation');
      // At 200 % text, in forced colours (high contrast): still no violation, and nothing scrolls sideways.
      const layout = await withLargeTextHighContrast(d.page, () => d.checkState('switch-04c-confirmation-large-high-contrast'));
      expect(layout.scroll).toBeLessThanOrEqual(layout.client);
      // Past the settling time after the question appeared, on Cancel (this round's, or the next one's).
      await d.tick(SETTLE);
      await d.reach('Cancel1 press');
      await d.press();
      await d.settle(async () => (await d.status()) === 'Status: Ready', 'the run to end');
      expect(await d.page.locator('.entry-confirmation .answer').last().textContent()).toBe('You cancelled.');
      expect(await counter('Deleted: ')).toBe(0);
      expect(await d.scanStatus()).toContain('“Cancel” took 1 press.');

      await d.send('click Delete everything');
      await d.settle(async () => (await d.current()) === 'Cancel1 press', 'the confirmation to be scanned');
      await d.tick(INTERVAL + FIRST_PAUSE);
      expect(await d.current()).toBe('Confirm1 press');
      await d.press();
      await until('the delete to count', async () => ((await counter('Deleted: ')) === 1 ? true : undefined));
      await d.settle(async () => (await d.status()) === 'Status: Ready', 'the run to end');
      expect(await d.scanStatus()).toContain('“Confirm” took 1 press.');
    });

    it('a moderate confirmation: scanning starts on Confirm', async () => {
      await d.send('click Accept');
      await d.settle(async () => (await d.current()) === 'Confirm1 press', 'the confirmation to be scanned');
      await d.tick(INTERVAL + FIRST_PAUSE);
      expect(await d.current()).toBe('Cancel1 press');
      await d.press();
      await d.settle(async () => (await d.status()) === 'Status: Ready', 'the run to end');
      expect(await d.page.locator('.entry-confirmation .answer').last().textContent()).toBe('You cancelled.');
    });

    it('scanning pauses on the first entry, moves every interval, loops the set number of times, then rests', async () => {
      await d.settle(async () => (await d.current()).startsWith('Recent commands'), 'the top');
      // First entry: interval + the first-item pause.
      await d.tick(INTERVAL + FIRST_PAUSE - 100);
      expect(await d.current()).toBe('Recent commands ›2 presses');
      // Each step's timer is set when the panel has drawn the step before (Preact's effects wait for a
      // frame, which the page's fake clock runs too), so each step may come a few frames late.
      const next = async (ms: number, label: string) => {
        await d.tick(ms);
        for (let frame = 0; frame < 6 && (await d.current()) !== label; frame++) await d.tick(16);
        expect(await d.current()).toBe(label);
      };
      await next(100, 'Quick commands ›2 presses');
      await next(INTERVAL, 'Dictate1 press');
      await next(INTERVAL, 'Settings1 press');
      await next(INTERVAL, 'Your commands1 press');
      await next(INTERVAL, 'Recent commands ›2 presses'); // round 2
      await next(INTERVAL + FIRST_PAUSE, 'Quick commands ›2 presses');
      await next(INTERVAL, 'Dictate1 press');
      await next(INTERVAL, 'Settings1 press');
      await next(INTERVAL, 'Your commands1 press');
      await d.tick(INTERVAL);
      // Two rounds with no choice: scanning rests, nothing highlighted, and it says how to wake it.
      for (let frame = 0; frame < 12 && (await d.current()) !== ''; frame++) await d.tick(16);
      expect(await d.current()).toBe('');
      expect(await d.scanStatus()).toMatch(/^Scanning is resting: press the switch to start again\./);
      await d.checkState('switch-03-resting');
      // A press wakes it, selecting nothing.
      await d.press();
      expect(await d.current()).toBe('Recent commands ›2 presses');
      expect(await d.scanStatus()).toMatch(/^Presses so far: 1\./);
      // Inside a group, two rounds without a choice go back to the top, which scans on.
      await d.press();
      const inside = (await d.scan()).items.length;
      expect(inside).toBeGreaterThan(1);
      // Each round: the first entry's pause, then one interval per entry.
      await d.tick(2 * FIRST_PAUSE);
      for (let i = 0; i < 2 * inside; i++) await d.tick(INTERVAL);
      expect(await d.current()).toBe('Recent commands ›2 presses');
    });

    it('the numbers by switch: "show numbers" from the quick commands, then the row, then the number: the button is pressed', async () => {
      for (let i = 0; i < 50 && (await d.current()) !== 'Quick commands ›2 presses'; i++) await d.tick(100);
      expect(await d.current()).toBe('Quick commands ›2 presses');
      await d.press();
      await d.tick(INTERVAL + FIRST_PAUSE); // past "click Increment"
      expect(await d.current()).toBe('show numbers');
      await d.press();
      // The marks, row by row: the fixture's buttons are one per row but the two “OK”s side by side.
      await d.settle(async () => (await d.scan()).items.some((i) => i.startsWith('Row ')), 'the numbered rows');
      expect(await d.scanStatus()).toContain('“show numbers” took 2 presses.');
      const items = (await d.scan()).items;
      expect(items.at(-1)).toBe('Hide numbers1 press');
      const increment = items.findIndex((i) => / Increment1 press$/.test(i));
      expect(increment).toBeGreaterThanOrEqual(0);
      expect(items.filter((i) => /^Row \d+: \d+, \d+ ›/.test(i))).toHaveLength(1); // the OK pair
      await d.checkState('switch-04b-numbers');
      const before = await counter('Count: ');
      // Wait for the highlight to come to the Increment mark (a row of one is the mark itself).
      await d.tick(FIRST_PAUSE);
      for (let i = 0; i < increment; i++) await d.tick(INTERVAL);
      expect(await d.current()).toMatch(/ Increment1 press$/);
      // The overlay highlights the same number (the shell redraws it from this request).
      const id = Number(/^(\d+) /.exec(await d.current())?.[1]);
      const highlights = () => panel.crossings.filter((c) => c.channel === 'overlay:highlight').map((c) => c.args[0]);
      await d.settle(async () => JSON.stringify(highlights().at(-1)) === JSON.stringify([id]), 'the overlay highlight');
      await d.press();
      await d.tick(300);
      await until('the count to go up', async () => ((await counter('Count: ')) === before + 1 ? true : undefined));
      await d.settle(async () => (await d.status()) === 'Status: Ready', 'the run to end');
      // The action closed the numbers: scanning is back to the commands.
      await d.settle(async () => (await d.current()).startsWith('Recent commands'), 'the top');
    });

    /** "show grid" sent, and the scan on its cells: the cells to Increment, the count before, and the readers of the scan and the zooms. */
    const gridScan = async () => {
      const target = (await bench.fixture().bridge.snapshot({ pid: bench.fixture().app.pid ?? 0 })).elements.find(
        (e) => e.role === 'button' && e.name === 'Increment',
      )?.bounds;
      if (!target) throw new Error('no Increment button');
      const path = pathTo(SCREEN, target);
      const before = await counter('Count: ');
      await d.send('show grid');
      await d.settle(async () => (await d.scan()).items[0]?.startsWith('Click here') === true, 'the grid in the scan');
      const item = async (prefix: string): Promise<string> => {
        const found = (await d.scan()).items.find((i) => i.startsWith(prefix));
        if (!found) throw new Error(`no scan entry ${prefix}: ${JSON.stringify(await d.scan())}`);
        return found;
      };
      const zooms = () => d.page.locator('.entries > li', { hasText: 'its centre is at' }).count();
      return { path, before, item, zooms };
    };

    it('the mouse grid by switch (issue #29): a row, then a cell zooms in; Click here clicks its centre: the button is pressed', async () => {
      const { path, before, item, zooms } = await gridScan();
      for (const [step, cell] of path.entries()) {
        await d.reach(await item(`Row ${Math.floor((cell - 1) / 3) + 1}: cells`));
        await d.press();
        await d.settle(async () => (await d.scan()).items.some((i) => i.startsWith(`Cell ${cell}`)), 'the row’s cells');
        await d.reach(await item(`Cell ${cell}`));
        await d.press();
        // The cell's own grid: the conversation says where its centre is.
        await d.settle(async () => (await zooms()) === step + 1, `zoom ${step + 1}`);
      }
      await d.checkState('switch-04c-grid');
      await d.reach(await item('Click here'));
      await d.press();
      await until('the count to go up', async () => ((await counter('Count: ')) === before + 1 ? true : undefined));
      await d.settle(async () => (await d.status()) === 'Status: Ready', 'the run to end');
      // The click closed the grid: scanning is back to the commands.
      await d.settle(async () => (await d.current()).startsWith('Recent commands'), 'the top');
    });

    it('the mouse grid by switch (issue #29): a long press on a cell clicks at its centre at once, a short one zooms in', async () => {
      const { path, before, item, zooms } = await gridScan();
      const zoomed = await zooms();
      for (const [step, cell] of path.entries()) {
        const last = step === path.length - 1;
        await d.reach(await item(`Row ${Math.floor((cell - 1) / 3) + 1}: cells`));
        await d.press();
        await d.settle(async () => (await d.scan()).items.some((i) => i.startsWith(`Cell ${cell}`)), 'the row’s cells');
        await d.reach(await item(`Cell ${cell}`));
        // The last cell held past the long press (short of the stop hold): it clicks there instead of zooming.
        await d.press(' ', last ? BASE.longPressMs + 200 : 50);
        if (!last) await d.settle(async () => (await zooms()) === zoomed + step + 1, `zoom ${step + 1}`);
      }
      await until('the count to go up', async () => ((await counter('Count: ')) === before + 1 ? true : undefined));
      await d.settle(async () => (await d.status()) === 'Status: Ready', 'the run to end');
      // No zoom for the last cell, and the click closed the grid: scanning is back to the commands.
      expect(await zooms()).toBe(zoomed + path.length - 1);
      await d.settle(async () => (await d.current()).startsWith('Recent commands'), 'the top');
    });

    it('Esc in the panel hides the numbers; the shell closing them (Esc in another app) takes them out of the scan', async () => {
      await d.send('show numbers');
      await d.settle(async () => (await d.scan()).items.some((i) => i.startsWith('Hide numbers')), 'the numbered rows');
      // Esc is a command of its own: it goes once the run that showed the numbers has ended.
      await d.settle(async () => (await d.status()) === 'Status: Ready', 'the run to end');
      await d.page.keyboard.press('Escape');
      await d.settle(async () => panel.crossings.some((c) => c.channel === 'command:run' && c.args[0] === 'hide numbers'), 'hide numbers to be sent');
      await d.settle(async () => (await d.scan()).items[0]?.startsWith('Recent commands') === true, 'the commands again');
      expect(await d.page.locator('.entries > li').last().textContent()).toBe('Result: The numbers are hidden.');

      await d.send('show numbers');
      await d.settle(async () => (await d.scan()).items.some((i) => i.startsWith('Hide numbers')), 'the numbered rows');
      const sent = panel.crossings.length;
      const entries = await d.page.locator('.entries > li').count();
      await panel.signal({ kind: 'overlay_closed' });
      await d.settle(async () => (await d.scan()).items[0]?.startsWith('Recent commands') === true, 'the commands again');
      // The session is told, so a bare number no longer clicks; the conversation gets no entry for it.
      // (Automatic scanning may still have moved the overlay's highlight between the count and the signal.)
      const told = () => panel.crossings.slice(sent).filter((c) => c.channel !== 'overlay:highlight');
      await d.settle(async () => told().length > 0, 'the session to be told');
      expect(told().map((c) => [c.channel, c.args[0]])).toEqual([['command:run', 'hide numbers']]);
      expect(await d.page.locator('.entries > li').count()).toBe(entries);
    });

    it('holding the switch stops a running command, and "stop" typed while it runs stops it without reaching the LLM', async () => {
      const server = await startScriptedLlm('openai', [{ fail: 'hang' }, { fail: 'hang' }]);
      bench.servers.push(server);
      bench.planner = async () => ({
        kind: 'ready',
        planner: createPlanner({ provider: 'openai', baseURL: server.baseURL, apiKey: 'sk-switch-test', model: 'gpt-test' }),
        budgetMs: 60_000,
      });
      await d.send('make the number bigger');
      await d.settle(async () => (await d.status()) === 'Status: Thinking…', 'the planner to be asked');
      expect((await d.scan()).items).toEqual(['Stop1 press']);
      await d.checkState('switch-05-running');
      await d.page.keyboard.down(' ');
      await d.tick(1850);
      expect(await d.status()).toBe('Status: Thinking…'); // not yet
      await d.tick(150);
      await d.settle(async () => (await d.status()) === 'Status: Ready', 'the stop');
      expect(await d.page.locator('.entries > li').last().textContent()).toBe('Result: Stopped. Nothing more was done.');
      // The release after a stop selects nothing: no new command, nothing entered.
      const entries = await d.page.locator('.entries > li').count();
      const scanBefore = await d.scan();
      await d.page.keyboard.up(' ');
      await d.tick();
      expect(await d.page.locator('.entries > li').count()).toBe(entries);
      expect(await d.scan()).toEqual(scanBefore);

      await d.send('make the number bigger');
      await d.settle(async () => (await d.status()) === 'Status: Thinking…', 'the planner to be asked');
      const asked = server.requests.length;
      await d.send('stop');
      await d.settle(async () => (await d.status()) === 'Status: Ready', 'the typed stop');
      expect(server.requests.length).toBe(asked);
      expect(server.requests.map((r) => JSON.stringify(r.body)).join('\n')).not.toMatch(/"stop"/);
      bench.planner = async () => ({ kind: 'none', message: 'No AI planner in this test.' });

      // Held with nothing running: it says so, and nothing is selected or sent.
      const sent = panel.crossings.length;
      await d.page.keyboard.down(' ');
      await d.tick(2100);
      await d.page.keyboard.up(' ');
      await d.tick();
      expect(await d.page.getByTestId('announcer').textContent()).toBe('You held the switch to stop, but nothing was running.');
      expect(panel.crossings.slice(sent).filter((c) => c.channel === 'command:run')).toEqual([]);
    });
    it('a press is bound to the entry it went down on (issue #27): held on Cancel past the interval, the highlight waits and the release cancels', async () => {
      const deleted = await counter('Deleted: ');
      await d.send('click Delete everything');
      await d.settle(async () => (await d.current()) === 'Cancel1 press', 'the confirmation to be scanned');
      await d.tick(SETTLE);
      expect(await d.current()).toBe('Cancel1 press');
      await d.page.keyboard.down(' ');
      // Long past the moment the highlight would have gone on to Confirm (and short of the stop hold).
      await d.tick(INTERVAL + FIRST_PAUSE + 200);
      expect(await d.current()).toBe('Cancel1 press');
      await d.page.keyboard.up(' ');
      await d.settle(async () => (await d.status()) === 'Status: Ready', 'the run to end');
      expect(await d.page.locator('.entry-confirmation .answer').last().textContent()).toBe('You cancelled.');
      expect(await counter('Deleted: ')).toBe(deleted);
    });

    it('a press at once after a question appears does nothing and says so; after the settling time the same entry is chosen (issue #27)', async () => {
      const deleted = await counter('Deleted: ');
      await d.send('click Delete everything');
      await d.settle(async () => (await d.current()) === 'Cancel1 press', 'the confirmation to be scanned');
      const answered = await d.page.locator('.entry-confirmation .answer').count();
      await d.press();
      expect(await d.page.getByTestId('announcer').textContent()).toBe(TOO_SOON);
      expect(await d.status()).toBe('Status: Waiting for you');
      expect(await d.page.locator('.entry-confirmation .answer').count()).toBe(answered);
      // The settling time has passed (the highlight is still on Cancel: it moves 1.5 s after the question).
      await d.tick(SETTLE);
      expect(await d.current()).toBe('Cancel1 press');
      await d.press();
      await d.settle(async () => (await d.status()) === 'Status: Ready', 'the run to end');
      expect(await d.page.locator('.entry-confirmation .answer').last().textContent()).toBe('You cancelled.');
      expect(await counter('Deleted: ')).toBe(deleted);
    });

    it('a press meant for Stop that spans the arrival of a question chooses nothing (issue #27)', async () => {
      let release = (): void => undefined;
      const held = new Promise<void>((r) => (release = r));
      const server = await startScriptedLlm('openai', []);
      bench.servers.push(server);
      server.setScenario('scripted');
      server.script = () => ({ plan: { intent: 'click_element', element: { label: 'Accept' } }, after: held });
      bench.planner = async () => ({
        kind: 'ready',
        planner: createPlanner({ provider: 'openai', baseURL: server.baseURL, apiKey: 'sk-switch-test', model: 'gpt-test' }),
        budgetMs: 60_000,
      });
      try {
        await d.send('please accept the terms');
        await d.settle(async () => (await d.status()) === 'Status: Thinking…', 'the planner to be asked');
        expect((await d.scan()).items).toEqual(['Stop1 press']);
        const answered = await d.page.locator('.entry-confirmation .answer').count();
        await d.page.keyboard.down(' ');
        release();
        // The moderate question arrives while the switch is down: its first entry is Confirm.
        await d.settle(async () => (await d.scan()).items[0] === 'Confirm1 press', 'the question to be scanned');
        await d.page.keyboard.up(' ');
        await d.tick();
        expect(await d.status()).toBe('Status: Waiting for you');
        expect(await d.page.locator('.entry-confirmation .answer').count()).toBe(answered);
        // A press begun on the question answers it.
        await d.settle(async () => (await d.current()) === 'Cancel1 press' || (await d.current()) === 'Confirm1 press', 'the scan on the question');
        await d.reach('Cancel1 press');
        await d.press();
        await d.settle(async () => (await d.status()) === 'Status: Ready', 'the run to end');
        expect(await d.page.locator('.entry-confirmation .answer').last().textContent()).toBe('You cancelled.');
      } finally {
        bench.planner = async () => ({ kind: 'none', message: 'No AI planner in this test.' });
      }
    });
  });
});
