// Dictation round trips on a real (headless) desktop (issue #18): the real loop, engine, AT-SPI and
// XTest, into a real GTK text view and a real GTK entry. A dictated paragraph with spoken
// punctuation, then "scratch that", "correct … to …", "select …", each read back exactly from the
// field through AT-SPI; a password field refuses. This file starts its own private desktop (it types).
import { describe, expect, it } from 'vitest';
import { desktopSkipReason } from '../support/desktop.js';
import { useTextBench } from '../support/text-bench.js';

const skip = desktopSkipReason();

describe.skipIf(skip !== '')('dictation on a real desktop', () => {
  const bench = useTextBench();
  const { events, asked, say, valueOf } = bench;
  /** Says each utterance, then reads the field back: it must read exactly the text given. */
  const dictateInto = async (field: string, steps: readonly (readonly [string, string])[]): Promise<void> => {
    for (const [said, reads] of steps) {
      await say(said);
      expect(await valueOf(field), `after “${said}”`).toBe(reads);
    }
  };

  it('a paragraph into a GTK text view, then scratch that, correct, select, undo, each read back exactly', async () => {
    await say('click Body');
    await say('start dictation');
    expect(events.filter((e) => e.type === 'mode')).toEqual([expect.objectContaining({ mode: 'dictation' })]);
    const letter = 'Dear Anna,\n\nThank you for the letter. It came on Wednesday!';
    await dictateInto('Body', [
      [
        'dear anna comma new paragraph thank you for the letter full stop it came on tuesday exclamation mark',
        'Dear anna,\n\nThank you for the letter. It came on tuesday!',
      ],
      ['see you soon full stop', 'Dear anna,\n\nThank you for the letter. It came on tuesday! See you soon.'],
      ['scratch that', 'Dear anna,\n\nThank you for the letter. It came on tuesday!'],
      ['correct tuesday to Wednesday', 'Dear anna,\n\nThank you for the letter. It came on Wednesday!'],
      ['correct anna to Anna', letter],
      ['select the letter', letter],
    ]);
    // The selection is where dictation put it, read through the bridge's own call.
    const snap = await bench.fixture.bridge.snapshot({ pid: bench.fixture.pid });
    const body = snap.elements.find((e) => e.name === 'Body');
    expect(body).toBeDefined();
    const at = letter.indexOf('the letter');
    expect(await bench.fixture.bridge.textSelection({ generation: snap.generation, id: body?.id ?? 0 })).toEqual({
      caret: at,
      start: at,
      end: at + 'the letter'.length,
    });
    await dictateInto('Body', [
      ['your card', 'Dear Anna,\n\nThank you for your card. It came on Wednesday!'],
      ['undo that', letter],
      // Dictation goes on where the replaced words end, as in any editor.
      ['and the photos', 'Dear Anna,\n\nThank you for the letter and the photos. It came on Wednesday!'],
    ]);
    // The line breaks asked first, as any typed line break does.
    expect(asked.map((a) => a.risk.level)).toEqual(['moderate']);
    await say('stop dictation');
    expect(bench.loop.dictation.active).toBe(false);
  }, 240_000);

  it('a GTK entry: dictated text, correct, select, all caps, scratch and undo, read back exactly', async () => {
    await say('click Subject');
    await say('dictate');
    await dictateInto('Subject', [
      ['meeting notes colon draft', 'Meeting notes: draft'],
      ['correct draft to final', 'Meeting notes: final'],
      ['select notes', 'Meeting notes: final'],
      ['agenda', 'Meeting agenda: final'],
      ['all caps that', 'Meeting AGENDA: final'],
      ['scratch that', 'Meeting : final'],
      ['undo that', 'Meeting AGENDA: final'],
    ]);
    // The text view's words are still what dictation left there.
    expect(await valueOf('Body')).toBe('Dear Anna,\n\nThank you for the letter and the photos. It came on Wednesday!');
  }, 240_000);

  it('a password field refuses dictated text', async () => {
    await say('stop dictation');
    await say('click Password');
    await say('start dictation');
    const result = await bench.loop.run('my secret words');
    expect(result, result.message).toMatchObject({ outcome: 'refused', message: expect.stringMatching(/password|secret|secure/i) });
    await say('stop dictation');
  }, 120_000);
});
