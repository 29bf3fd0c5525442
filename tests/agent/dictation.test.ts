// Dictation mode through the real loop (src/agent/dictation.ts), on a fake engine that behaves as a
// text field does: typed text replaces the selection at the caret, Ctrl+Home/End (⌘↑/⌘↓ on a Mac),
// Left/Right, Shift+Left and BackSpace move, select and delete. The real GTK round trips are in
// tests/agent/dictation.desktop.test.ts.
import { describe, expect, it } from 'vitest';
import type { FocusedText, LiveElementFacts } from '../../src/execution/engine-types.js';
import type { InputPlatform } from '../../src/execution/input/keymap.js';
import { found } from '../../src/execution/results.js';
import { SECURE_REFUSAL } from '../../src/shared/secure-fields.js';
import { setupLoop, type EngineCall } from './loop-fakes.js';

/** A text field as keys and typing change it, on Linux or on a Mac. */
class FakeField {
  value = '';
  caret = 0;
  anchor: number | undefined;
  /** Says where its caret and selection are (as the Linux bridge does); a wrong one for tests of the check. */
  reportsSelection = false;
  selectionSkew = 0;
  constructor(
    readonly facts: LiveElementFacts = { role: 'text_field', name: 'Message' },
    readonly shows = true,
    /** On a Mac, ⌘↑ and ⌘↓ go to the start and the end of the text; Home and End (with Ctrl too) only scroll. */
    readonly platform: InputPlatform = 'linux',
  ) {}

  private selection(): [number, number] | undefined {
    if (this.anchor === undefined || this.anchor === this.caret) return undefined;
    return [Math.min(this.anchor, this.caret), Math.max(this.anchor, this.caret)];
  }

  type(text: string): void {
    const [a, b] = this.selection() ?? [this.caret, this.caret];
    this.value = this.value.slice(0, a) + text + this.value.slice(b);
    this.caret = a + text.length;
    this.anchor = undefined;
  }

  press(key: string, modifiers: readonly string[]): void {
    const shift = modifiers.includes('shift');
    const sel = this.selection();
    if (shift && this.anchor === undefined) this.anchor = this.caret;
    if (!shift && key !== 'backspace') this.anchor = undefined;
    const mac = this.platform === 'darwin';
    const cmd = modifiers.includes('cmd');
    if (mac ? cmd && key === 'down' : key === 'end') this.caret = this.value.length;
    else if (mac ? cmd && key === 'up' : key === 'home') this.caret = 0;
    else if (key === 'left') this.caret = !shift && sel ? sel[0] : Math.max(0, this.caret - 1);
    else if (key === 'right') this.caret = !shift && sel ? sel[1] : Math.min(this.value.length, this.caret + 1);
    else if (key === 'backspace') {
      if (sel) this.type('');
      else if (this.caret > 0) {
        this.value = this.value.slice(0, this.caret - 1) + this.value.slice(this.caret);
        this.caret--;
      }
    }
  }

  read(): FocusedText {
    return {
      app: 'Fixture',
      pid: 7,
      role: this.facts.role ?? 'text_field',
      name: this.facts.name ?? '',
      value: this.facts.secure || this.facts.terminal || !this.shows ? null : this.value,
      secure: this.facts.secure === true,
      terminal: this.facts.terminal === true,
      ...(this.reportsSelection ? { selection: this.liveSelection() } : {}),
    };
  }

  private liveSelection(): { caret: number; start: number; end: number } {
    const [start, end] = this.selection() ?? [this.caret, this.caret];
    return { caret: this.caret, start: start + this.selectionSkew, end: end + this.selectionSkew };
  }
}

function dictationLoop(
  field = new FakeField(),
  answers: ('confirmed' | 'declined')[] = [],
  focusNow: (call: EngineCall) => LiveElementFacts = () => field.facts,
) {
  const script = (call: EngineCall) => {
    const result = { kind: 'success' as const, message: 'Done.' };
    return { result, facts: { focused: focusNow(call) } };
  };
  const setup = setupLoop({ script, answers, deps: { platform: field.platform } });
  /** Every chord dictation pressed, as "cmd+up". */
  const chords: string[] = [];
  const { engine } = setup;
  // The field changes only when the gate let the action through (the fake engine records it then).
  const typeText = engine.typeText;
  engine.typeText = async (text, target, options) => {
    const r = await typeText(text, target, options);
    if (r.kind === 'success') field.type(text);
    return r;
  };
  const pressKey = engine.pressKey;
  engine.pressKey = async (key, modifiers, app, options) => {
    chords.push([...(modifiers ?? []), key].join('+'));
    const r = await pressKey(key, modifiers, app, options);
    if (r.kind === 'success') field.press(key, modifiers);
    return r;
  };
  engine.readFocusedText = async () => found(field.read());
  return { ...setup, field, chords };
}

const modeEvents = (events: readonly { type: string }[]) => events.filter((e) => e.type === 'mode');

describe('dictation mode in the loop', () => {
  it('"start dictation" enters the mode, text is typed, "stop dictation" leaves', async () => {
    const { loop, log, field } = dictationLoop();
    expect((await loop.run('start dictation')).outcome).toBe('done');
    expect(loop.dictation.active).toBe(true);
    expect(modeEvents(log.events)).toEqual([expect.objectContaining({ mode: 'dictation' })]);
    expect((await loop.run('hello comma world full stop')).outcome).toBe('done');
    expect((await loop.run('how are you question mark')).outcome).toBe('done');
    expect(field.value).toBe('Hello, world. How are you?');
    // Commands are text while dictating: nothing was planned as a click.
    expect((await loop.run('click send')).outcome).toBe('done');
    expect(field.value).toBe('Hello, world. How are you? Click send');
    expect((await loop.run('stop dictation')).outcome).toBe('done');
    expect(loop.dictation.active).toBe(false);
    expect(modeEvents(log.events)).toEqual([expect.objectContaining({ mode: 'dictation' }), expect.objectContaining({ mode: 'commands' })]);
    // Back to commands: "click send" is planned again (the fake engine clicks).
    const before = field.value;
    await loop.run('click send');
    expect(field.value).toBe(before);
  });

  it('"dictate" enters the mode too, and a cancelled run leaves it', async () => {
    const { loop, log } = dictationLoop();
    await loop.run('dictate');
    expect(loop.dictation.active).toBe(true);
    const controller = new AbortController();
    controller.abort();
    expect((await loop.run('some words', { signal: controller.signal })).outcome).toBe('cancelled');
    expect(loop.dictation.active).toBe(false);
    expect(modeEvents(log.events).at(-1)).toMatchObject({ mode: 'commands' });
  });

  it('corrections: scratch that, correct … to …, select, capitalize, all caps, undo, each read back', async () => {
    const { loop, field } = dictationLoop();
    await loop.run('start dictation');
    await loop.run('the quick brown fox');
    await loop.run('jumps over the dog full stop');
    expect(field.value).toBe('The quick brown fox jumps over the dog.');
    expect(await loop.run('scratch that')).toMatchObject({ outcome: 'done', message: 'Removed “jumps over the dog.”.' });
    expect(field.value).toBe('The quick brown fox');
    await loop.run('jumped over the lazy dog full stop');
    expect((await loop.run('correct brown to red')).outcome).toBe('done');
    expect(field.value).toBe('The quick red fox jumped over the lazy dog.');
    // The caret went back to the end: dictation goes on there.
    await loop.run('the end');
    expect(field.value).toBe('The quick red fox jumped over the lazy dog. The end');
    expect((await loop.run('select lazy')).outcome).toBe('done');
    await loop.run('sleepy');
    expect(field.value).toBe('The quick red fox jumped over the sleepy dog. The end');
    expect((await loop.run('all caps that')).outcome).toBe('done');
    expect(field.value).toBe('The quick red fox jumped over the SLEEPY dog. The end');
    expect((await loop.run('undo that')).outcome).toBe('done');
    expect(field.value).toBe('The quick red fox jumped over the sleepy dog. The end');
    expect((await loop.run('select quick red fox')).outcome).toBe('done');
    expect((await loop.run('capitalize that')).outcome).toBe('done');
    expect(field.value).toBe('The Quick Red Fox jumped over the sleepy dog. The end');
    expect((await loop.run('correct the to a')).outcome).toBe('done');
    expect(field.value).toBe('The Quick Red Fox jumped over the sleepy dog. A end');
  });

  it('a correction stops as soon as the keyboard focus has left the field: no key lands in another app (issue #27)', async () => {
    const field = new FakeField();
    let focus: LiveElementFacts = field.facts;
    const { loop, chords } = dictationLoop(field, [], () => focus);
    await loop.run('start dictation');
    await loop.run('the quick brown fox');
    // The user clicks into another app's field; the read of the dictated field is from before.
    focus = { role: 'text_field', name: 'Password hint' };
    const before = chords.length;
    expect(await loop.run('correct brown to red')).toMatchObject({
      outcome: 'failed',
      message: expect.stringMatching(/^The keyboard focus left “Message”, so nothing more was pressed/),
    });
    expect(chords.length).toBe(before + 1); // the one key the gate stopped (recorded, not pressed)
    expect(field.value).toBe('The quick brown fox');
    focus = field.facts;
    expect((await loop.run('correct brown to red')).outcome).toBe('done');
    expect(field.value).toBe('The quick red fox');
  });

  it("dictated text and a correction's typed words go only to the field they were read from (issue #27)", async () => {
    const field = new FakeField();
    let focus: LiveElementFacts = field.facts;
    const { loop } = dictationLoop(field, [], () => focus);
    await loop.run('start dictation');
    await loop.run('the quick brown fox');
    // Read as “Message”, but by the time the text goes the focus is in another field.
    focus = { role: 'text_field', name: 'Search' };
    const moved = await loop.run('jumps over');
    expect(moved.outcome).not.toBe('done');
    expect(moved.message).toMatch(/The keyboard focus left “Message”/);
    expect(field.value).toBe('The quick brown fox');
    // A correction whose keys find the field (they select "brown"), and whose typed words find the focus gone.
    focus = field.facts;
    let away = false;
    const { loop: second, field: other } = dictationLoop(new FakeField(), [], (call) =>
      away && call.method === 'typeText' ? { role: 'text_field', name: 'Search' } : other.facts,
    );
    await second.run('start dictation');
    await second.run('the quick brown fox');
    away = true;
    const corrected = await second.run('correct brown to red');
    expect(corrected).toMatchObject({ outcome: 'failed', message: expect.stringMatching(/The keyboard focus left “Message”/) });
    expect(other.value).not.toContain('red');
    expect((await loop.run('jumps over')).outcome).toBe('done');
    expect(field.value).toBe('The quick brown fox jumps over');
  });

  it('a correction of words that are not there says so and changes nothing', async () => {
    const { loop, field, log } = dictationLoop();
    await loop.run('start dictation');
    await loop.run('hello world');
    const r = await loop.run('correct planet to moon');
    expect(r.outcome).toBe('failed');
    expect(r.message).toMatch(/cannot find “planet” in “Message” in Fixture.*literal correct/);
    expect(field.value).toBe('Hello world');
    expect(log.events.some((e) => e.type === 'error' && e.code === 'dictation')).toBe(true);
  });

  it('text changed by someone else stops the correction with a sentence', async () => {
    const { loop, field } = dictationLoop();
    await loop.run('start dictation');
    await loop.run('hello world');
    field.value = 'Hello brave world';
    const r = await loop.run('scratch that');
    expect(r).toMatchObject({ outcome: 'failed' });
    expect(r.message).toMatch(/changed since it was dictated/);
    expect(field.value).toBe('Hello brave world');
  });

  it('a field whose read-back differs from the expected text stops the correction', async () => {
    const { loop, field, engine } = dictationLoop();
    await loop.run('start dictation');
    await loop.run('one two three');
    // BackSpace that deletes nothing (an app that ignores it).
    const pressKey = engine.pressKey;
    engine.pressKey = async (key, modifiers, app, options) =>
      key === 'backspace' ? { kind: 'success', message: 'Pressed.' } : pressKey(key, modifiers, app, options);
    const r = await loop.run('scratch that');
    expect(r.outcome).toBe('failed');
    expect(r.message).toMatch(/did not come out as expected: “Message” in Fixture now reads “One two three”/);
    expect(field.value).toBe('One two three');
  });

  it('a secure field refuses dictated text, and nothing is typed', async () => {
    const field = new FakeField({ role: 'password_field', name: 'Password', secure: true });
    const { loop, engine } = dictationLoop(field);
    await loop.run('start dictation');
    const r = await loop.run('my secret words');
    expect(r.outcome).toBe('refused');
    expect(r.message).toContain(SECURE_REFUSAL);
    expect(field.value).toBe('');
    expect(engine.calls.filter((c) => c.method === 'typeText')).toEqual([]);
  });

  it('a terminal: no automatic capitals, and a line break asks as the terminal rules say; declined, nothing is typed', async () => {
    const field = new FakeField({ role: 'terminal', name: 'Terminal', terminal: true });
    const { loop, asked } = dictationLoop(field, ['confirmed', 'declined']);
    await loop.run('start dictation');
    expect((await loop.run('ls')).outcome).toBe('done');
    expect((await loop.run('hyphen la')).outcome).toBe('done');
    expect(field.value).toBe('ls-la');
    const r = await loop.run('new line');
    expect(r.outcome).toBe('refused');
    // Asked as any typed line break, then again by the live gate once the terminal is seen.
    expect(asked.map((a) => a.risk.level)).toEqual(['moderate', 'destructive']);
    expect(asked[1]?.risk.reason).toMatch(/terminal runs it as a command/);
    expect(field.value).toBe('ls-la');
    // A terminal does not show its text: corrections say so.
    expect((await loop.run('scratch that')).message).toMatch(/does not show its text/);
  });

  it('a line break into a text field asks as a typed one does, and goes in when confirmed', async () => {
    const { loop, field, asked } = dictationLoop(undefined, ['confirmed']);
    await loop.run('start dictation');
    await loop.run('dear anna comma new line thanks');
    expect(asked).toHaveLength(1);
    expect(field.value).toBe('Dear anna,\nThanks');
  });

  it('where the bridge reads the caret, dictation follows the user\'s click, and a selection elsewhere stops "select"', async () => {
    const { loop, field } = dictationLoop();
    field.reportsSelection = true;
    await loop.run('start dictation');
    await loop.run('one three');
    expect(field.value).toBe('One three');
    // The user clicks after "One".
    field.caret = 3;
    await loop.run('two');
    expect(field.value).toBe('One two three');
    field.selectionSkew = 1;
    const r = await loop.run('select two');
    expect(r.outcome).toBe('failed');
    expect(r.message).toMatch(/selection is not on “two” but on “wo/);
  });

  describe.each([
    { platform: 'linux' as const, start: 'ctrl+home', end: 'ctrl+end', undo: 'Ctrl+Z' },
    { platform: 'darwin' as const, start: 'cmd+up', end: 'cmd+down', undo: '⌘Z' },
  ])('on $platform', ({ platform, start, end, undo }) => {
    it(`corrections reach the start of the text with ${start} and its end with ${end}, and a failed one names ${undo}`, async () => {
      const { loop, field, chords, engine } = dictationLoop(new FakeField(undefined, true, platform));
      await loop.run('start dictation');
      await loop.run('the quick brown fox jumps over the dog full stop');
      // "quick" is nearer the start, "dog" nearer the end.
      expect((await loop.run('correct quick to slow')).outcome).toBe('done');
      expect(chords).toContain(start);
      expect(field.value).toBe('The slow brown fox jumps over the dog.');
      expect((await loop.run('correct dog to cat')).outcome).toBe('done');
      expect(chords).toContain(end);
      expect(field.value).toBe('The slow brown fox jumps over the cat.');
      // Only the platform's anchors and the keys every platform shares were pressed.
      expect(new Set(chords)).toEqual(new Set([start, end, 'left', 'right', 'shift+left']));
      // BackSpace that deletes nothing: the sentence names the platform's undo.
      const pressKey = engine.pressKey;
      engine.pressKey = async (key, modifiers, app, options) =>
        key === 'backspace' ? { kind: 'success', message: 'Pressed.' } : pressKey(key, modifiers, app, options);
      const r = await loop.run('scratch that');
      expect(r.outcome).toBe('failed');
      expect(r.message).toContain(`the app's own undo, ${undo}`);
    });
  });

  it('"stop dictation" outside the mode says dictation is not on', async () => {
    const { loop } = dictationLoop();
    expect(await loop.run('stop dictation')).toMatchObject({ outcome: 'done', message: expect.stringMatching(/not on/) });
  });
});
