// Editing any text by voice on a real (headless) desktop (issue #32 item 3): the real loop, engine,
// AT-SPI and XTest on a GTK text view whose text the assistant never typed. Each command is read
// back exactly from the field through AT-SPI, and each selection through the bridge's own
// caret-and-selection call; "select all" stays the key chord; a password field is never edited.
import { describe, expect, it } from 'vitest';
import { AssistantLoop } from '../../src/agent/assistant-loop.js';
import type { AxBridge } from '../../src/execution/accessibility/ax-bridge.js';
import { ExecutionEngine } from '../../src/execution/engine.js';
import { createNutInputDriver } from '../../src/execution/input/input-driver.js';
import { desktopSkipReason } from '../support/desktop.js';
import { editLongText, REPORT_LINES } from '../support/long-text-edits.js';
import { useTextBench } from '../support/text-bench.js';

const skip = desktopSkipReason();

describe.skipIf(skip !== '')('editing any text on a real desktop', () => {
  const bench = useTextBench();
  const { events, say, valueOf, selectionOf, selected } = bench;
  /** The caret of the element named `name` is at `at`, with nothing selected. */
  const caretIs = async (name: string, at: number): Promise<void> => {
    expect(await selectionOf(name)).toEqual({ caret: at, start: at, end: at });
  };
  /** Sets the text view's text as a user's own text would be there, and checks it is. */
  const setBody = (text: string): Promise<void> => bench.setValue('Body', text);

  it('a GTK text view: correct, delete a sentence, select a paragraph and a span, caret to the end of the line, capitalise, each read back exactly', async () => {
    await say('click Body');
    // Text the assistant never typed, as a user would find it.
    await setBody('Dear Anna,\n\nGreetings from Berlin. The weather is fine. See you soon!\nhello big world');

    expect(await say('correct Berlin to Bern')).toBe('Corrected “Berlin” to “Bern”.');
    expect(await valueOf('Body')).toBe('Dear Anna,\n\nGreetings from Bern. The weather is fine. See you soon!\nhello big world');

    expect(await say('delete the third sentence')).toMatch(/^Deleted “The weather is fine\.”/u);
    expect(await valueOf('Body')).toBe('Dear Anna,\n\nGreetings from Bern. See you soon!\nhello big world');

    await say('select the second paragraph');
    expect(await selected('Body')).toBe('Greetings from Bern. See you soon!');

    await say('go to the end of the line');
    const lineEnd = 'Dear Anna,\n\nGreetings from Bern. See you soon!'.length;
    await caretIs('Body', lineEnd);

    await say('select from hello to world');
    expect(await selected('Body')).toBe('hello big world');
    await say('capitalise that');
    expect(await valueOf('Body')).toBe('Dear Anna,\n\nGreetings from Bern. See you soon!\nHello Big World');

    await say('delete the word big');
    expect(await valueOf('Body')).toBe('Dear Anna,\n\nGreetings from Bern. See you soon!\nHello World');

    await say('go to the start of the first paragraph');
    await caretIs('Body', 0);

    // "select all" is still the key chord: the whole text selected, nothing changed.
    await say('select all');
    expect(await selected('Body')).toBe('Dear Anna,\n\nGreetings from Bern. See you soon!\nHello World');

    // A place that is not there is a sentence, and the text stays as it was.
    const missing = await bench.loop.run('select the ninth paragraph');
    expect(missing).toMatchObject({ outcome: 'failed', message: expect.stringMatching(/^There is no 9th paragraph in “Body” in .+: it has 3 paragraphs\.$/u) });
    expect(await valueOf('Body')).toBe('Dear Anna,\n\nGreetings from Bern. See you soon!\nHello World');
    // Words that are not there, and "that" with nothing selected, are sentences too; nothing changes.
    await say('go to the end of the text');
    expect(await bench.loop.run('correct Paris to Rome')).toMatchObject({
      outcome: 'failed',
      message: expect.stringMatching(/^I cannot find “Paris” in “Body”/u),
    });
    expect(await bench.loop.run('capitalise that')).toMatchObject({ outcome: 'failed', message: expect.stringMatching(/^Nothing is selected in “Body”/u) });
    expect(await valueOf('Body')).toBe('Dear Anna,\n\nGreetings from Bern. See you soon!\nHello World');
    // The run ends idle with one done, after the sentence as an error.
    expect(events.filter((e) => e.type === 'status').at(-1)).toMatchObject({ status: 'idle' });
    expect(events.at(-1)).toMatchObject({ type: 'done', outcome: 'failed' });
    expect(events.filter((e) => e.type === 'error').map((e) => e.type === 'error' && e.code)).toEqual(['text_edit', 'text_edit', 'text_edit']);
  }, 300_000);

  it('a long text: places far from both ends are selected, corrected and deleted through the bridge, and the caret placed, each read back exactly', async () => {
    const before = await valueOf('Body');
    await say('click Body');
    await setBody(REPORT_LINES.join('\n'));
    const deleted = await editLongText({ say, value: () => valueOf('Body'), selection: () => selectionOf('Body') });

    await say('select the words long report, from Geneva');
    expect(await selected('Body')).toBe('long report, from Geneva');
    expect(await say('uppercase that')).toMatch(/^Changed “long report, from Geneva” to “LONG REPORT, FROM GENEVA”/u);
    expect(await valueOf('Body')).toBe(deleted.replace('long report, from Geneva', 'LONG REPORT, FROM GENEVA'));

    // Back to the text the next test starts from.
    await setBody(before);
  }, 300_000);

  it('where the bridge cannot place the caret, keys do it: near an end it is done, far from both ends of a long text it is refused and nothing changes', async () => {
    const before = await valueOf('Body');
    // The same bridge without its caret call, as on a platform half that has none.
    const keysOnly: AxBridge = Object.create(bench.fixture.bridge, { setTextSelection: { value: undefined } });
    const byKeys = new AssistantLoop({
      engine: new ExecutionEngine({ bridge: keysOnly, input: createNutInputDriver() }),
      emit: () => undefined,
      confirm: async () => 'confirmed',
    });
    await say('click Body');
    const long = `${'a plain line of the report\n'.repeat(60)}Basel is here\n${'a plain line of the report\n'.repeat(60)}the end in Basel`;
    await setBody(long);
    const far = await byKeys.run('select the words Basel is here');
    expect(far).toMatchObject({ outcome: 'failed', message: expect.stringMatching(/^That text is too far from either end of “Body”/u) });
    expect(await valueOf('Body')).toBe(long);
    expect((await byKeys.run('correct in Basel to in Bern')).outcome).toBe('done');
    expect(await valueOf('Body')).toBe(long.replace('the end in Basel', 'the end in Bern'));
    await setBody(before);
  }, 300_000);

  it('typing where the user asks: at the start of a named field (given the focus first), before and after words, at the end of the line', async () => {
    const before = await valueOf('Body');
    await setBody('hello world\nsecond line');
    await say('click Subject');
    // Each command, its answer, and the field's text after it, read back exactly.
    const steps: readonly (readonly [command: string, answer: RegExp, text: string])[] = [
      [
        'type "Dear Anna," at the start of the Body text area',
        /^Typed “Dear Anna,” at the start of the text in “Body”/u,
        'Dear Anna, hello world\nsecond line',
      ],
      ['insert big before world', /^Typed “big” before “world” in “Body”/u, 'Dear Anna, hello big world\nsecond line'],
      ['type "again" at the end of the line', /^Typed “again” at the end of this line in “Body”/u, 'Dear Anna, hello big world again\nsecond line'],
    ];
    for (const [command, answer, text] of steps) {
      expect(await say(command)).toMatch(answer);
      expect(await valueOf('Body')).toBe(text);
    }
    // The caret alone, as Dragon's "insert after".
    await say('insert after second');
    const at = 'Dear Anna, hello big world again\nsecond'.length;
    await caretIs('Body', at);
    // Words that are not there: a sentence, and nothing typed.
    expect(await bench.loop.run('insert "x" before Paris')).toMatchObject({
      outcome: 'failed',
      message: expect.stringMatching(/^I cannot find “Paris” in “Body”/u),
    });
    expect(await valueOf('Body')).toBe('Dear Anna, hello big world again\nsecond line');
    await setBody(before);
  }, 300_000);

  it('while dictating, an edit dictation has no command for is carried out, not written; "literal" writes it', async () => {
    const before = 'Dear Anna,\n\nGreetings from Bern. See you soon!\nHello World';
    expect(await valueOf('Body')).toBe(before);
    await say('click Body');
    await say('start dictation');
    await say('go to the end of the text');
    await say('full stop it rains full stop');
    expect(await valueOf('Body')).toBe(`${before}. It rains.`);
    await say('delete the last sentence');
    expect(await valueOf('Body')).toBe(`${before}.`);
    await say('literal delete the last sentence');
    expect(await valueOf('Body')).toBe(`${before}. Delete the last sentence`);
    await say('stop dictation');
  }, 240_000);

  it('"delete that" deletes exactly the selection in a text field; with nothing selected it is left to the planners', async () => {
    const editErrors = (): number => events.filter((e) => e.type === 'error' && e.code === 'text_edit').length;
    const errorsBefore = editErrors();
    await say('click Subject');
    await bench.setValue('Subject', 'Budget for May');
    await say('select the words for May');
    expect(await selected('Subject')).toBe('for May');
    expect(await say('delete that')).toMatch(/^Deleted “for May”/u);
    expect(await valueOf('Subject')).toBe('Budget ');
    const left = await bench.loop.run('delete that');
    // No model in this test: the grammar does not know it, so it is not understood, and nothing is deleted.
    expect(left.outcome, left.message).not.toBe('done');
    // Not an edit: no edit's error either.
    expect(editErrors()).toBe(errorsBefore);
    expect(await valueOf('Subject')).toBe('Budget ');
  }, 120_000);

  it('a password field is never edited', async () => {
    await say('click Password');
    const result = await bench.loop.run('delete the last word');
    expect(result, result.message).toMatchObject({ outcome: 'failed', message: expect.stringMatching(/password field/u) });
  }, 120_000);
});
