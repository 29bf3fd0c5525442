// "Take it back" end to end: the real loop and the real engine on the headless desktop, the engine
// fixture's GTK window (a text field, a check box, a list to scroll) read back through AT-SPI. Each
// reversible kind is done by a grammar command, then taken back; what cannot be taken back is said.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AssistantLoop } from '../../src/agent/assistant-loop.js';
import { AxBridge } from '../../src/execution/accessibility/ax-bridge.js';
import type { AxElement, AxSnapshot } from '../../src/execution/accessibility/types.js';
import { ExecutionEngine } from '../../src/execution/engine.js';
import { createNutInputDriver } from '../../src/execution/input/input-driver.js';
import type { AssistantEvent } from '../../src/shared/contracts/events.js';
import { desktopSkipReason, openFixture, until, type Fixture } from '../support/desktop.js';

const run = promisify(execFile);
const skip = desktopSkipReason();
if (skip) console.log(`[take it back] skipped: ${skip}`);

describe.skipIf(skip !== '')('take it back on the desktop', () => {
  let bridge: AxBridge;
  let app: Fixture;
  let loop: AssistantLoop;
  const events: AssistantEvent[] = [];

  const snap = (): Promise<AxSnapshot> => bridge.snapshot({ pid: app.pid });
  const find = (s: AxSnapshot, role: string, name: string): AxElement => {
    const el = s.elements.find((e) => e.role === role && e.name === name);
    if (!el) throw new Error(`no ${role} ${name}`);
    return el;
  };
  const message = async (): Promise<string> => {
    const s = await snap();
    return (await bridge.readValue({ generation: s.generation, id: find(s, 'text_field', 'Message').id })) ?? '';
  };
  const checked = async (): Promise<boolean> => find(await snap(), 'check_box', 'Notify me').states.includes('checked');
  const bar = async (): Promise<number> => Number((await snap()).elements.find((e) => e.role === 'scroll_bar')?.value ?? Number.NaN);
  const errors = (): string[] => events.flatMap((e) => (e.type === 'error' && e.code === 'cannot_take_back' ? [e.message] : []));

  beforeAll(async () => {
    bridge = AxBridge.open();
    app = await openFixture('engine', bridge);
    loop = new AssistantLoop({
      engine: new ExecutionEngine({ bridge, input: createNutInputDriver() }),
      emit: (e) => events.push(e),
      confirm: async () => 'unanswered',
    });
  }, 30_000);

  afterAll(async () => {
    if (app) await app.stop();
  });

  it('before anything was done, there is nothing to take back', async () => {
    expect(await loop.run('take it back')).toEqual({
      outcome: 'refused',
      message: 'There is nothing to take back yet: I have not done anything in this session.',
    });
    expect(events.filter((e) => e.type === 'status').at(-1)).toEqual({ type: 'status', status: 'idle' });
  });

  it('typed text is removed, read back and said; a second take-back does not redo it', async () => {
    const s = await snap();
    await bridge.setValue({ generation: s.generation, id: find(s, 'text_field', 'Message').id }, 'Dear Ann,');
    expect(await loop.run('click Message')).toMatchObject({ outcome: 'done' });
    expect(await loop.run('type " see you soon"')).toMatchObject({ outcome: 'done' });
    await until('the typed text', async () => ((await message()) === 'Dear Ann, see you soon' ? true : undefined));
    expect(await loop.run('take it back')).toEqual({
      outcome: 'done',
      message: 'Took it back: removed “see you soon” from “Message”; it reads “Dear Ann,” again.',
    });
    expect(await message()).toBe('Dear Ann,');
    const again = await loop.run('undo your last action');
    expect(again.outcome).toBe('refused');
    expect(again.message).toMatch(/^I already took back the last action/);
    expect(await message()).toBe('Dear Ann,');
  });

  it('typed text changed since is not touched', async () => {
    expect(await loop.run('type "!"')).toMatchObject({ outcome: 'done' });
    // Where the caret was after the text was set back is the toolkit's: the "!" is somewhere in it.
    await until('the typed text', async () => ((await message()).includes('!') ? true : undefined));
    const s = await snap();
    await bridge.setValue({ generation: s.generation, id: find(s, 'text_field', 'Message').id }, 'Dear Bob');
    expect(await loop.run('take it back')).toEqual({
      outcome: 'refused',
      message: 'I cannot take it back: “Message” changed since the text was typed, so nothing was changed.',
    });
    expect(await message()).toBe('Dear Bob');
  });

  it('a toggled check box is toggled back, through the same gate and events as a command', async () => {
    const was = await checked();
    expect(await loop.run('click Notify me')).toMatchObject({ outcome: 'done' });
    await until('the box to toggle', async () => ((await checked()) !== was ? true : undefined));
    const from = events.length;
    expect(await loop.run('take it back')).toEqual({ outcome: 'done', message: 'Took it back: Clicked “Notify me”.' });
    await until('the box to toggle back', async () => ((await checked()) === was ? true : undefined));
    expect(events.slice(from).find((e) => e.type === 'intent')).toMatchObject({
      intent: { intent: 'click_element', element: { label: 'Notify me', role: 'check_box' } },
    });
  });

  it('a check box the user set back by hand is left alone, in a sentence', async () => {
    const was = await checked();
    expect(await loop.run('click Notify me')).toMatchObject({ outcome: 'done' });
    await until('the box to toggle', async () => ((await checked()) !== was ? true : undefined));
    const s = await snap();
    await bridge.performAction({ generation: s.generation, id: find(s, 'check_box', 'Notify me').id }, 'press');
    await until('the box to toggle back by hand', async () => ((await checked()) === was ? true : undefined));
    const r = await loop.run('take it back');
    expect(r).toEqual({
      outcome: 'refused',
      message: `I cannot take it back: “Notify me” is already ${was ? 'checked' : 'unchecked'} again, so nothing was changed.`,
    });
    expect(await checked()).toBe(was);
  });

  it('a scrolled list is scrolled back', async () => {
    // The user's pointer rests on the list; "scroll down 5" turns the wheel where it is.
    const rows = find(await snap(), 'text', 'Row 3').bounds!;
    await run('xdotool', ['mousemove', String(Math.round(rows.x + rows.width / 2)), String(Math.round(rows.y + rows.height / 2))], { timeout: 10_000 });
    expect(await bar()).toBe(0);
    expect(await loop.run('scroll down 5')).toMatchObject({ outcome: 'done' });
    await until('the list to scroll', async () => ((await bar()) > 0 ? true : undefined));
    expect(await loop.run('take it back')).toMatchObject({ outcome: 'done', message: expect.stringMatching(/^Took it back: Scrolled up 5 steps/) });
    // GTK's adjustment comes back to 0 within rounding (2e-14).
    await until('the list to scroll back', async () => ((await bar()) < 0.5 ? true : undefined));
  });

  it('what cannot be taken back is said in a sentence, and nothing is done', async () => {
    expect(await loop.run('click Increment')).toMatchObject({ outcome: 'done' });
    const count = await app.counter('Count:');
    const r = await loop.run('take it back');
    expect(r.outcome).toBe('refused');
    expect(r.message).toMatch(/^I cannot take back “Click “Increment”.*If the app can undo it, say “undo”\.$/);
    expect(errors().at(-1)).toBe(r.message);
    expect(await app.counter('Count:')).toBe(count);
  });
});
