// Editing any text in German on a real (headless) desktop (issue #32 item 6): with the language set
// to German, the real loop, engine, AT-SPI and XTest change a GTK text view's text, which the
// assistant never typed, by German commands; each change is read back exactly through AT-SPI, each
// selection and caret through the bridge. "lösche alles" is no edit: the text stays as it was.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AssistantLoop } from '../../src/agent/assistant-loop.js';
import { ExecutionEngine } from '../../src/execution/engine.js';
import { createNutInputDriver } from '../../src/execution/input/input-driver.js';
import { desktopSkipReason, readNamedValue } from '../support/desktop.js';
import { openFixtureWindow, type FixtureWindow } from '../support/fixture-window.js';

const skip = desktopSkipReason();

describe.skipIf(skip !== '')('editing any text in German on a real desktop', () => {
  let fixture: FixtureWindow;
  let loop: AssistantLoop;

  const valueOf = (name: string): Promise<string> => readNamedValue(fixture.bridge, fixture.pid, name);
  const say = async (text: string): Promise<string> => {
    const result = await loop.run(text);
    expect(result, `${text} → ${result.message}`).toMatchObject({ outcome: 'done' });
    return result.message;
  };
  const selectionOf = async (): Promise<{ caret: number; start: number; end: number }> => {
    const snap = await fixture.bridge.snapshot({ pid: fixture.pid });
    const element = snap.elements.find((e) => e.name === 'Body');
    if (!element) throw new Error('no Body');
    return fixture.bridge.textSelection({ generation: snap.generation, id: element.id });
  };
  const selected = async (): Promise<string> => {
    const { start, end } = await selectionOf();
    return (await valueOf('Body')).slice(start, end);
  };

  beforeAll(async () => {
    fixture = await openFixtureWindow('dictation');
    const engine = new ExecutionEngine({ bridge: fixture.bridge, input: createNutInputDriver() });
    loop = new AssistantLoop({ engine, emit: () => undefined, confirm: async () => 'confirmed', language: () => 'de' });
  }, 60_000);

  afterAll(async () => {
    await fixture?.close();
  });

  it('korrigiere, lösche einen Satz, wähle einen Absatz und eine Spanne, Cursor ans Zeilenende, schreibe das groß, füge ein, lösche ein Zeichen, tippe am Ende eines Feldes: each read back exactly', async () => {
    await say('klicke auf Body');
    const snap = await fixture.bridge.snapshot({ pid: fixture.pid });
    const body = snap.elements.find((e) => e.name === 'Body');
    if (!body) throw new Error('no Body');
    const start = 'Liebe Anna,\n\nGrüße aus Berlin. Das Wetter ist schön. Bis bald!\nhallo große Welt';
    await fixture.bridge.setValue({ generation: snap.generation, id: body.id }, start);
    expect(await valueOf('Body')).toBe(start);

    expect(await say('korrigiere Berlin zu Bern')).toBe('Corrected “Berlin” to “Bern”.');
    expect(await valueOf('Body')).toBe('Liebe Anna,\n\nGrüße aus Bern. Das Wetter ist schön. Bis bald!\nhallo große Welt');

    await say('lösche den dritten Satz');
    expect(await valueOf('Body')).toBe('Liebe Anna,\n\nGrüße aus Bern. Bis bald!\nhallo große Welt');

    await say('wähle den zweiten Absatz aus');
    expect(await selected()).toBe('Grüße aus Bern. Bis bald!');

    await say('gehe zum Ende der Zeile');
    const lineEnd = 'Liebe Anna,\n\nGrüße aus Bern. Bis bald!'.length;
    expect(await selectionOf()).toEqual({ caret: lineEnd, start: lineEnd, end: lineEnd });

    await say('wähle von hallo bis Welt aus');
    expect(await selected()).toBe('hallo große Welt');
    await say('schreibe das groß');
    expect(await valueOf('Body')).toBe('Liebe Anna,\n\nGrüße aus Bern. Bis bald!\nHallo Große Welt');

    await say('füge sehr vor Große ein');
    expect(await valueOf('Body')).toBe('Liebe Anna,\n\nGrüße aus Bern. Bis bald!\nHallo sehr Große Welt');

    await say('lösche das letzte Zeichen');
    expect(await valueOf('Body')).toBe('Liebe Anna,\n\nGrüße aus Bern. Bis bald!\nHallo sehr Große Wel');

    await say('gehe an den Anfang des Absatzes');
    const lastLine = 'Liebe Anna,\n\nGrüße aus Bern. Bis bald!\n'.length;
    expect(await selectionOf()).toEqual({ caret: lastLine, start: lastLine, end: lastLine });

    // "lösche alles" is no edit: no planner here takes it, and the text stays as it was.
    const all = await loop.run('lösche alles');
    expect(all.outcome).not.toBe('done');
    expect(await valueOf('Body')).toBe('Liebe Anna,\n\nGrüße aus Bern. Bis bald!\nHallo sehr Große Wel');

    await say('tippe „P.S.“ am Ende von Body');
    expect(await valueOf('Body')).toBe('Liebe Anna,\n\nGrüße aus Bern. Bis bald!\nHallo sehr Große Wel P.S.');
  }, 300_000);
});
