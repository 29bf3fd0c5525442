// The execution engine against a real GTK app on a real (headless) desktop (the bench, with its own
// private desktop: engine-desktop-bench.ts): every intent kind goes through the registry's dispatch,
// the engine, AT-SPI and XTest, and its effect is read back through AT-SPI. An app behind another,
// and a frozen app, are engine-front-app.desktop.test.ts.
import { SECURE_REFUSAL } from '../../src/shared/secure-fields.js';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import type { AxSnapshot } from '../../src/execution/accessibility/types.js';
import { ExecutionEngine } from '../../src/execution/engine.js';
import { createNutInputDriver } from '../../src/execution/input/input-driver.js';
import { success } from '../../src/execution/results.js';
import { desktopSkipReason, stopPid, until } from '../support/desktop.js';
import { useEngineDesktop } from './engine-desktop-bench.js';

const run = promisify(execFile);
const skip = desktopSkipReason();
const EXACT = 'Hello, World! 123 @#$%^&*()_+{}|:"<>?~ äé€';

describe.skipIf(skip !== '')('execution engine on a real desktop', () => {
  const t = useEngineDesktop();
  const { snap, find, textOf, count, valueOf, setField, doIt, activate } = t;

  describe('clicks', () => {
    it('clicks a button by its label (accessibility press) and the counter goes up', async () => {
      const before = await count();
      expect(await doIt({ intent: 'click_element', element: { label: 'Increment' } })).toEqual(success('Clicked “Increment”.'));
      await until('the count to go up', async () => ((await count()) === before + 1 ? true : undefined));
    });

    it('toggles a check box', async () => {
      const was = find(await snap(), 'check_box', 'Notify me').states.includes('checked');
      expect((await doIt({ intent: 'click_element', element: { label: 'Notify me', role: 'check_box' } })).kind).toBe('success');
      await until('the box to toggle', async () => (find(await snap(), 'check_box', 'Notify me').states.includes('checked') !== was ? true : undefined));
    });

    it('asks which one when two buttons have the same name, and does nothing', async () => {
      const r = await doIt({ intent: 'click_element', element: { label: 'OK' } });
      expect(r).toMatchObject({
        kind: 'clarification',
        question: 'There are 2 buttons named “OK” — which one?',
        options: ['“OK” in “Left”', '“OK” in “Right”'],
        // Each option names its element, so that the answer acts on exactly that one.
        choices: [expect.objectContaining({ query: { label: 'OK' }, name: 'OK', role: 'button' }), expect.objectContaining({ name: 'OK', role: 'button' })],
      });
    });

    it('looks again 3 times, 500 ms apart, before saying an element is not there', async () => {
      const r = await doIt({ intent: 'click_element', element: { label: 'Frobnicate' } });
      expect(r).toMatchObject({
        kind: 'failure',
        code: 'not_found',
        reason: 'There is no element named “Frobnicate” on screen. Check the name, or ask what is on screen.',
      });
      expect(t.clock.sleeps).toEqual([500, 500, 500]);
    });

    it('double-clicks with a real double click', async () => {
      expect(await doIt({ intent: 'double_click_element', element: { label: 'Double-click me' } })).toEqual(success('Double-clicked “Double-click me”.'));
      await until('the double click to count', async () => ((await textOf(/^Double-clicked/)) === 'Double-clicked 1 times' ? true : undefined));
    });

    it('right-clicks a field and its context menu opens', async () => {
      expect((await doIt({ intent: 'right_click_element', element: { label: 'Message' } })).kind).toBe('success');
      const menu = await until('the context menu', async () => {
        const s = await snap();
        return s.elements.find((e) => e.role === 'menu_item' && /select all/i.test(e.name));
      });
      expect(menu.name).toMatch(/Select All/i);
      expect((await doIt({ intent: 'press_key', key: 'escape' })).kind).toBe('success');
      await until('the menu to close', async () => ((await snap()).elements.some((e) => e.role === 'menu_item') ? undefined : true));
    });

    it('clicks at coordinates, twice', async () => {
      const before = await count();
      const b = find(await snap(), 'button', 'Increment').bounds!;
      const r = await doIt({ intent: 'left_click_coordinates', x: b.x + b.width / 2, y: b.y + b.height / 2, count: 2 });
      expect(r).toMatchObject({ kind: 'success', message: expect.stringMatching(/^Clicked twice at .* \(on “Increment”\)\.$/) });
      let last = before;
      await until(`two more counts (from ${before})`, async () => ((last = await count()) === before + 2 ? true : undefined)).catch((e: Error) => {
        throw new Error(`${e.message}; last ${last}`);
      });
    });
  });

  describe('typing and keys', () => {
    it(`types ${EXACT} exactly into a named field`, async () => {
      await setField('Message', '');
      const r = await doIt({ intent: 'type_text', text: EXACT, element: { label: 'Message' } });
      expect(r).toMatchObject(success(`Typed “${EXACT}” (inserted at the end of the field). “Message” has the focus, with the caret after the text.`));
      expect(await valueOf('text_field', 'Message')).toBe(EXACT);
      expect(find(await snap(), 'text_field', 'Message').states).toContain('focused');
    });

    it('types ASCII symbols by keys into the focused field, then non-ASCII through accessibility', async () => {
      await setField('Message', '');
      expect((await doIt({ intent: 'click_element', element: { label: 'Message' } })).kind).toBe('success');
      await until('the field to have focus', async () => (find(await snap(), 'text_field', 'Message').states.includes('focused') ? true : undefined));
      const ascii = 'Hello, World! 123 @#$%^&*()_+{}|:"<>?~';
      expect(await doIt({ intent: 'type_text', text: ascii })).toMatchObject(success(`Typed “${ascii}”.`));
      expect(await doIt({ intent: 'type_text', text: ' äé€' })).toMatchObject(success('Typed “äé€” (inserted at the end of the field).'));
      expect(await valueOf('text_field', 'Message')).toBe(EXACT);
    });

    const focusMessage = async (text: string): Promise<void> => {
      await setField('Message', text);
      expect((await doIt({ intent: 'click_element', element: { label: 'Message' } })).kind).toBe('success');
      await until('the field to have focus', async () => (find(await snap(), 'text_field', 'Message').states.includes('focused') ? true : undefined));
      expect((await doIt({ intent: 'press_key', key: 'home' })).kind).toBe('success');
    };

    it('inserts text that has no key at the caret in the middle of the text, and leaves the caret after it', async () => {
      await focusMessage('Hello world');
      for (let i = 0; i < 5; i++) expect((await doIt({ intent: 'press_key', key: 'right' })).kind).toBe('success');
      expect(await doIt({ intent: 'type_text', text: ' äé€' })).toMatchObject(success('Typed “äé€” (inserted at the caret).'));
      expect(await valueOf('text_field', 'Message')).toBe('Hello äé€ world');
      // The caret is after the inserted text, as a keyboard leaves it: the next text follows it.
      expect(await doIt({ intent: 'type_text', text: 'ß' })).toMatchObject(success('Typed “ß” (inserted at the caret).'));
      expect(await valueOf('text_field', 'Message')).toBe('Hello äé€ß world');
    });

    it('replaces the selected text, as typing over a selection does', async () => {
      await focusMessage('Hello world');
      for (let i = 0; i < 5; i++) expect((await doIt({ intent: 'press_key', key: 'right', modifiers: ['shift'] })).kind).toBe('success');
      expect(await doIt({ intent: 'type_text', text: 'Grüße' })).toMatchObject(success('Typed “Grüße” (inserted replacing the selected text).'));
      expect(await valueOf('text_field', 'Message')).toBe('Grüße world');
    });

    it('presses cmd+a (Ctrl on Linux) and backspace: the field is emptied', async () => {
      await setField('Message', 'to be removed');
      await doIt({ intent: 'click_element', element: { label: 'Message' } });
      expect(await doIt({ intent: 'press_key', key: 'a', modifiers: ['cmd'] })).toEqual(success('Pressed cmd+a.'));
      expect(await doIt({ intent: 'press_key', key: 'backspace' })).toEqual(success('Pressed backspace.'));
      await until('the field to be empty', async () => ((await valueOf('text_field', 'Message')) === '' ? true : undefined));
    });

    it('never types into a password field', async () => {
      const r = await doIt({ intent: 'type_text', text: 'secret', element: { label: 'PIN' } });
      expect(r).toEqual({ kind: 'failure', code: 'refused', reason: SECURE_REFUSAL });
    });
  });

  describe('pointer', () => {
    it('moves the pointer onto an element', async () => {
      expect(await doIt({ intent: 'move_mouse', to: { label: 'Hover here' } })).toEqual(success('Moved the pointer to “Hover here”.'));
      await until('the hover label', async () => ((await snap()).elements.some((e) => e.name === 'Pointer is here') ? true : undefined));
      expect((await doIt({ intent: 'move_mouse', to: { x: 900, y: 700 } })).kind).toBe('success');
      await until('the hover label to reset', async () => ((await snap()).elements.some((e) => e.name === 'Hover here') ? true : undefined));
    });

    it('scrolls a list: its scroll position changes', async () => {
      const bar = (s: AxSnapshot): number => Number(s.elements.find((e) => e.role === 'scroll_bar')?.value ?? Number.NaN);
      expect(bar(await snap())).toBe(0);
      // What it changed goes with the result, for "take it back": the way, how far, over which element.
      expect(await doIt({ intent: 'scroll', direction: 'down', amount: 5, element: { label: 'Row 3' } })).toMatchObject({
        ...success('Scrolled down 5 steps over “Row 3”.'),
        undo: { kind: 'scrolled', direction: 'down', steps: 5, over: { name: 'Row 3', role: 'text', pid: t.pid } },
      });
      const down = await until('the list to scroll', async () => {
        const v = bar(await snap());
        return v > 0 ? v : undefined;
      });
      expect((await doIt({ intent: 'scroll', direction: 'up', amount: 10, element: { label: 'Rows' } })).kind).toBe('success');
      await until('the list to scroll back', async () => (bar(await snap()) < down ? true : undefined));
    });

    it('drags a slider knob: the value moves', async () => {
      const slider = find(await snap(), 'slider', 'Volume');
      expect(slider.value).toBe('0');
      const b = slider.bounds!;
      const y = b.y + b.height / 2;
      const r = await doIt({ intent: 'drag', from: { x: b.x + 12, y }, to: { x: b.x + b.width / 2, y } });
      expect(r.kind).toBe('success');
      const value = await until('the slider to move', async () => {
        const v = Number(await valueOf('slider', 'Volume'));
        return v > 20 ? v : undefined;
      });
      expect(value).toBeGreaterThan(30);
      expect(value).toBeLessThan(70);
    });
  });

  describe('apps and observation', () => {
    it('names the frontmost app', async () => {
      await activate();
      expect(await doIt({ intent: 'get_frontmost_app' })).toEqual({
        kind: 'observation',
        text: 'The frontmost app is “engine-fixture-app.py”.',
        app: { name: 'engine-fixture-app.py', pid: t.pid },
      });
    });

    it('observes the screen, then clicks by id; an unknown id asks to observe again', async () => {
      await activate();
      const seen = await doIt({ intent: 'get_screen_elements' });
      if (seen.kind !== 'observation' || !seen.observation) throw new Error(`expected an observation, got ${JSON.stringify(seen)}`);
      const line = seen.text.split('\n').find((l) => l.includes('button "Increment"'));
      const id = Number(line?.split(' ')[0]);
      expect(id).toBeGreaterThan(0);
      const before = await count();
      expect(await doIt({ intent: 'click_element', element: { id } })).toEqual(success('Clicked “Increment”.'));
      // Typing looks at the focused element (a newer snapshot); the id still names the same button.
      await doIt({ intent: 'type_text', text: 'x', element: { label: 'Message' } });
      expect(await doIt({ intent: 'click_element', element: { id } })).toEqual(success('Clicked “Increment”.'));
      await until('two more counts', async () => ((await count()) === before + 2 ? true : undefined));
      expect(await doIt({ intent: 'click_element', element: { id: 9999 } })).toEqual({
        kind: 'failure',
        code: 'stale',
        reason: 'Element 9999 is not in the latest observation: observe again.',
      });
    });

    it('opens an application and waits for its window', async () => {
      // A real app's start-up on a busy machine can take longer than the 5 s a user waits: the test
      // waits as long as it takes (bounded), so a slow start is not a failure and no window is left
      // to appear later in front of the next tests.
      t.engine = new ExecutionEngine({ bridge: t.bridge, input: createNutInputDriver(), clock: t.clock, tuning: { windowWaitMs: 30_000 } });
      const r = await doIt({ intent: 'open_application', app: 'Widget Factory' });
      try {
        expect(r).toMatchObject({ kind: 'success', message: expect.stringMatching(/^Opened “Widget Factory”: its window .* is on screen\.$/) });
        const apps = await t.bridge.runningApps();
        expect(apps.some((a) => a.name === 'gtk3-widget-factory')).toBe(true);
      } finally {
        for (const a of await t.bridge.runningApps()) if (a.name === 'gtk3-widget-factory') stopPid(a.pid);
      }
      await activate();
    });
  });

  describe('the live gate', () => {
    it('asks before clicking a button whose live name is destructive, and clicks once approved', async () => {
      const deleted = async (): Promise<string> => textOf(/^Deleted: \d+$/);
      const before = await deleted();
      // Planned by id, the intent says nothing risky: only the live name shows the risk.
      const seen = await doIt({ intent: 'get_screen_elements' });
      const line = seen.kind === 'observation' ? seen.text.split('\n').find((l) => l.includes('"Delete everything"')) : undefined;
      const id = Number(line?.split(' ')[0]);
      const asked = await doIt({ intent: 'click_element', element: { id } });
      expect(asked).toMatchObject({
        kind: 'needs_confirmation',
        level: 'destructive',
        reason: expect.stringMatching(/^Clicking “Delete everything” may .*Do you want to go ahead\?$/),
      });
      expect(await deleted()).toBe(before);
      expect(await doIt({ intent: 'click_element', element: { id } }, 'destructive')).toEqual(success('Clicked “Delete everything”.'));
      await until('the delete count', async () => ((await deleted()) !== before ? true : undefined));
    });
  });

  describe('sequences and taking over', () => {
    it('runs steps in order and stops at the first failure, naming it', async () => {
      const before = await count();
      const ok = await doIt({
        intent: 'sequence',
        steps: [
          { intent: 'click_element', element: { label: 'Increment' } },
          { intent: 'type_text', text: ' done', element: { label: 'Message' } },
        ],
      });
      expect(ok).toEqual(success('Done: all 2 steps.'));
      const failed = await doIt({
        intent: 'sequence',
        steps: [
          { intent: 'click_element', element: { label: 'Increment' } },
          { intent: 'click_element', element: { label: 'Nowhere' } },
          { intent: 'click_element', element: { label: 'Increment' } },
        ],
      });
      expect(failed).toMatchObject({
        kind: 'failure',
        code: 'not_found',
        step: 2,
        reason: expect.stringMatching(/^Step 2 of 3 \(.*Nowhere.*\) failed: There is no element named “Nowhere” on screen\. .* Step 1 was done\.$/),
      });
      await until('three more counts', async () => ((await count()) === before + 2 ? true : undefined));
    });

    it('stops when the user moves the pointer between steps', async () => {
      const before = await count();
      const r = await t.engine.sequence([
        { describe: 'move to Hover here', run: () => t.engine.moveMouse({ label: 'Hover here' }) },
        {
          describe: 'the user moves the mouse',
          run: async () => {
            await run('xdotool', ['mousemove', '1000', '600']);
            return success('moved');
          },
        },
        { describe: 'click Increment', run: () => t.engine.click({ label: 'Increment' }) },
      ]);
      expect(r).toMatchObject({
        kind: 'failure',
        code: 'interrupted',
        step: 3,
        reason: expect.stringMatching(
          /^Step 3 of 3 \(click Increment\) failed: You took over, so I stopped: the pointer moved from .* to 1000, 600\. Steps 1–2 were done\.$/,
        ),
      });
      expect(await count()).toBe(before);
    });
  });
});
