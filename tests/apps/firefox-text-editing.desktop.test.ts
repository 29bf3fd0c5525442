// Editing any text in a Firefox text area (issue #32 item 3): the real loop, engine, AT-SPI and
// XTest on a <textarea> whose text the page wrote. Each command is read back exactly from the text
// area through AT-SPI, and each selection through the bridge's caret-and-selection call; in a long
// text, places far from both ends are reached through the bridge's own selection call.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AssistantLoop } from '../../src/agent/assistant-loop.js';
import { createDesktopEngine } from '../../src/compose/desktop-engine.js';
import { AxBridge } from '../../src/execution/accessibility/ax-bridge.js';
import type { ExecutionEngine } from '../../src/execution/engine.js';
import { desktopSkipReason, until } from '../support/desktop.js';
import { firefoxOnShop, hasFirefox, type FirefoxOnShop } from './firefox-profile.js';
import { editLongText } from '../support/long-text-edits.js';
import { NOTES_TEXT } from './shop-pages.js';

const skip = desktopSkipReason() || (hasFirefox() ? '' : 'Firefox (firefox-esr) is not installed');
if (skip !== '') console.log(`[firefox-text-editing] skipped: ${skip}`);

describe.skipIf(skip !== '')('editing any text in a Firefox text area', () => {
  let reader: AxBridge;
  let notes: FirefoxOnShop | undefined;
  let pid = 0;
  let engine: ExecutionEngine;
  let loop: AssistantLoop;

  /** A text area's element in a fresh snapshot (the test's own reader, so the engine's ids stay valid). */
  const area = async (name = 'Notes'): Promise<{ generation: number; id: number } | undefined> => {
    const snap = await reader.snapshot({ pid, deadlineMs: 10_000 }).catch(() => undefined);
    const found = snap?.elements.find((e) => e.name === name && e.role === 'text_area');
    return snap && found ? { generation: snap.generation, id: found.id } : undefined;
  };
  const areaRef = async (name: string): Promise<{ generation: number; id: number }> => {
    const ref = await area(name);
    if (!ref) throw new Error(`the text area ${name} is gone`);
    return ref;
  };
  const valueOf = async (name = 'Notes'): Promise<string> => (await reader.readValue(await areaRef(name))) ?? '';
  const selectionOf = (name: string): Promise<{ caret: number; start: number; end: number }> => areaRef(name).then((ref) => reader.textSelection(ref));
  const selected = async (name = 'Notes'): Promise<string> => {
    const { start, end } = await selectionOf(name);
    return (await valueOf(name)).slice(start, end);
  };
  /** Clicks a text area by the assistant and waits until it has the focus. */
  const focus = async (name: string): Promise<void> => {
    await say(`click ${name} in Firefox`);
    await until(
      `the text area ${name} to have the focus`,
      async () => {
        const focused = await engine.readFocusedText();
        return focused.ok && focused.value?.name === name ? true : undefined;
      },
      10_000,
    );
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
    await focus('Notes');

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

  it('a long text: places far from both ends are selected, corrected, deleted and typed at through the bridge, and the caret placed; typing at the end of a field named, each read back exactly', async () => {
    await focus('Report');
    const left = await editLongText({ say, value: () => valueOf('Report'), selection: () => selectionOf('Report') });

    // Typing where the user asks: after words far from both ends, then at the end of another text area named.
    expect(await say('insert "(checked)" after Geneva')).toMatch(/^Typed “\(checked\)” after “Geneva” in “Report”/u);
    expect(await valueOf('Report')).toBe(left.replace('from Geneva.', 'from Geneva (checked).'));
    const notesBefore = await valueOf('Notes');
    expect(await say('type "P.S." at the end of Notes')).toMatch(/^Typed “P\.S\.” at the end of the text in “Notes”/u);
    expect(await valueOf('Notes')).toBe(`${notesBefore} P.S.`);
  }, 300_000);
});
