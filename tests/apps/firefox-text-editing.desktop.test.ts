// Editing any text in a Firefox text area (issue #32 item 3): the real loop, engine, AT-SPI and
// XTest on a <textarea> whose text the page wrote. Each command is read back exactly from the text
// area through AT-SPI, and each selection through the bridge's caret-and-selection call.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AssistantLoop } from '../../src/agent/assistant-loop.js';
import { createDesktopEngine } from '../../src/compose/desktop-engine.js';
import { AxBridge } from '../../src/execution/accessibility/ax-bridge.js';
import type { ExecutionEngine } from '../../src/execution/engine.js';
import { desktopSkipReason, until } from '../support/desktop.js';
import { firefoxOnShop, hasFirefox, type FirefoxOnShop } from './firefox-profile.js';
import { NOTES_TEXT } from './shop-pages.js';

const skip = desktopSkipReason() || (hasFirefox() ? '' : 'Firefox (firefox-esr) is not installed');
if (skip !== '') console.log(`[firefox-text-editing] skipped: ${skip}`);

describe.skipIf(skip !== '')('editing any text in a Firefox text area', () => {
  let reader: AxBridge;
  let notes: FirefoxOnShop | undefined;
  let pid = 0;
  let engine: ExecutionEngine;
  let loop: AssistantLoop;

  /** The text area's element in a fresh snapshot (the test's own reader, so the engine's ids stay valid). */
  const area = async (): Promise<{ generation: number; id: number } | undefined> => {
    const snap = await reader.snapshot({ pid, deadlineMs: 10_000 }).catch(() => undefined);
    const found = snap?.elements.find((e) => e.name === 'Notes' && e.role === 'text_area');
    return snap && found ? { generation: snap.generation, id: found.id } : undefined;
  };
  const valueOf = async (): Promise<string> => {
    const ref = await area();
    if (!ref) throw new Error('the text area is gone');
    return (await reader.readValue(ref)) ?? '';
  };
  const selected = async (): Promise<string> => {
    const ref = await area();
    if (!ref) throw new Error('the text area is gone');
    const { start, end } = await reader.textSelection(ref);
    return (await valueOf()).slice(start, end);
  };
  const say = async (text: string): Promise<string> => {
    const result = await loop.run(text);
    expect(result, `${text} → ${result.message}`).toMatchObject({ outcome: 'done' });
    return result.message;
  };

  beforeAll(async () => {
    reader = AxBridge.open();
    notes = await firefoxOnShop('/notes');
    pid = notes.firefox.pid;
    // Firefox is slow to start on a small machine: wait for the text area, not a time.
    await until('the notes page in Firefox with its text area', area, 150_000).catch(async (e: unknown) => {
      const snap = await reader.snapshot({ pid, deadlineMs: 10_000 }).catch(() => undefined);
      throw new Error(`${String(e)}; Firefox showed ${JSON.stringify(snap?.elements.map((x) => `${x.role} ${x.name}`).slice(0, 60))}`);
    });
    engine = createDesktopEngine(process.env, { bridge: AxBridge.open() });
    loop = new AssistantLoop({
      engine,
      emit: () => undefined,
      confirm: async () => 'confirmed',
      planner: async () => ({ kind: 'none', message: 'No model in this test: the grammar must understand the command.' }),
    });
  }, 180_000);

  afterAll(() => notes?.close(), 30_000);

  it('correct, delete a sentence, select a paragraph and a span, capitalise, each read back exactly', async () => {
    expect(await valueOf()).toBe(NOTES_TEXT);
    await say('click Notes in Firefox');
    await until(
      'the text area to have the focus',
      async () => {
        const focused = await engine.readFocusedText();
        return focused.ok && focused.value?.name === 'Notes' ? true : undefined;
      },
      10_000,
    );

    expect(await say('correct Berlin to Bern')).toBe('Corrected “Berlin” to “Bern”.');
    expect(await valueOf()).toBe('Dear Anna,\n\nGreetings from Bern. The weather is fine. See you soon!\nhello big world');

    await say('delete the third sentence');
    expect(await valueOf()).toBe('Dear Anna,\n\nGreetings from Bern. See you soon!\nhello big world');

    await say('select the second paragraph');
    expect(await selected()).toBe('Greetings from Bern. See you soon!');

    await say('select from hello to world');
    expect(await selected()).toBe('hello big world');
    await say('capitalise that');
    expect(await valueOf()).toBe('Dear Anna,\n\nGreetings from Bern. See you soon!\nHello Big World');

    await say('delete the first line');
    expect(await valueOf()).toBe('\nGreetings from Bern. See you soon!\nHello Big World');
  }, 300_000);
});
