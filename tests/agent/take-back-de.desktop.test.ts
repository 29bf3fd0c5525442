// "Nimm das zurück" end to end (issue #32 item 6): with the language set to German, the real loop and
// the real engine on the headless desktop, the engine fixture's GTK window read back through AT-SPI.
// Text typed by a German command is taken back by German words; English's words still work under
// German (decision 0261's rule for the same meaning); the sentences said are the loop's own.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AssistantLoop } from '../../src/agent/assistant-loop.js';
import { AxBridge } from '../../src/execution/accessibility/ax-bridge.js';
import type { AxElement, AxSnapshot } from '../../src/execution/accessibility/types.js';
import { ExecutionEngine } from '../../src/execution/engine.js';
import { createNutInputDriver } from '../../src/execution/input/input-driver.js';
import type { AssistantEvent } from '../../src/shared/contracts/events.js';
import { desktopSkipReason, openFixture, until, type Fixture } from '../support/desktop.js';

const skip = desktopSkipReason();
if (skip) console.log(`[nimm das zurück] skipped: ${skip}`);

describe.skipIf(skip !== '')('“nimm das zurück” on the desktop, with German set', () => {
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

  beforeAll(async () => {
    bridge = AxBridge.open();
    app = await openFixture('engine', bridge);
    loop = new AssistantLoop({
      engine: new ExecutionEngine({ bridge, input: createNutInputDriver() }),
      emit: (e) => events.push(e),
      confirm: async () => 'unanswered',
      language: () => 'de',
    });
  }, 30_000);

  afterAll(async () => {
    if (app) await app.stop();
  });

  it('before anything was done, „nimm das zurück“ says there is nothing to take back, and the loop is idle', async () => {
    expect(await loop.run('Nimm das zurück.')).toEqual({
      outcome: 'refused',
      message: 'There is nothing to take back yet: I have not done anything in this session.',
    });
    expect(events.filter((e) => e.type === 'status').at(-1)).toEqual({ type: 'status', status: 'idle' });
  });

  it('text typed by „tippe“ is removed by „nimm das zurück“ and read back; „nimm es zurück“ again does not redo it', async () => {
    const s = await snap();
    await bridge.setValue({ generation: s.generation, id: find(s, 'text_field', 'Message').id }, 'Liebe Anna,');
    expect(await loop.run('klicke auf Message')).toMatchObject({ outcome: 'done' });
    expect(await loop.run('tippe „ bis bald“')).toMatchObject({ outcome: 'done' });
    await until('the typed text', async () => ((await message()) === 'Liebe Anna, bis bald' ? true : undefined));
    expect(await loop.run('nimm das zurück')).toEqual({
      outcome: 'done',
      message: 'Took it back: removed “bis bald” from “Message”; it reads “Liebe Anna,” again.',
    });
    expect(await message()).toBe('Liebe Anna,');
    const again = await loop.run('bitte nimm es zurueck');
    expect(again.outcome).toBe('refused');
    expect(again.message).toMatch(/^I already took back the last action/);
    expect(await message()).toBe('Liebe Anna,');
    expect(events.filter((e) => e.type === 'status').at(-1)).toEqual({ type: 'status', status: 'idle' });
  });

  it('a check box ticked by „klicke auf“ is set back by „mach deine letzte Aktion rückgängig“, and by English’s “take it back”', async () => {
    for (const words of ['mach deine letzte Aktion rückgängig', 'take it back']) {
      const was = await checked();
      expect(await loop.run('klicke auf Notify me')).toMatchObject({ outcome: 'done' });
      await until('the box to toggle', async () => ((await checked()) !== was ? true : undefined));
      expect(await loop.run(words)).toEqual({ outcome: 'done', message: 'Took it back: Clicked “Notify me”.' });
      await until('the box to toggle back', async () => ((await checked()) === was ? true : undefined));
    }
  });
});
