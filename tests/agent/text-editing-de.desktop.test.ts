// Editing any text in German on a real (headless) desktop (issue #32 item 6): with the language set
// to German, the real loop, engine, AT-SPI and XTest change a GTK text view's text, which the
// assistant never typed, by German commands; each change is read back exactly through AT-SPI, each
// selection and caret through the bridge. "lösche alles" is no edit: the text stays as it was. Typing
// before or after words of a field named in the command types into that field; dictation takes German marks.
import { describe, expect, it } from 'vitest';
import { desktopSkipReason } from '../support/desktop.js';
import { useTextBench } from '../support/text-bench.js';

const skip = desktopSkipReason();

describe.skipIf(skip !== '')('editing any text in German on a real desktop', () => {
  const bench = useTextBench({ language: 'de' });
  const { say, valueOf } = bench;
  const selectionOf = () => bench.selectionOf('Body');
  const selected = () => bench.selected('Body');

  it('korrigiere, lösche einen Satz, wähle einen Absatz und eine Spanne, Cursor ans Zeilenende, schreibe das groß, füge ein, lösche ein Zeichen, tippe am Ende eines Feldes: each read back exactly', async () => {
    await say('klicke auf Body');
    await bench.setValue('Body', 'Liebe Anna,\n\nGrüße aus Berlin. Das Wetter ist schön. Bis bald!\nhallo große Welt');

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
    const all = await bench.loop.run('lösche alles');
    expect(all.outcome).not.toBe('done');
    expect(await valueOf('Body')).toBe('Liebe Anna,\n\nGrüße aus Bern. Bis bald!\nHallo sehr Große Wel');

    await say('tippe „P.S.“ am Ende von Body');
    expect(await valueOf('Body')).toBe('Liebe Anna,\n\nGrüße aus Bern. Bis bald!\nHallo sehr Große Wel P.S.');
  }, 300_000);

  it('vor / nach Wörtern eines genannten Feldes: „füge … vor … im Feld Subject ein“ types into that field while another has the focus, read back exactly', async () => {
    await say('klicke auf Body');
    await bench.setValue('Body', 'Hallo Welt');
    await bench.setValue('Subject', 'Budget für Mai');
    await say('füge „neues “ vor Budget im Feld Subject ein');
    expect(await valueOf('Subject')).toBe('neues Budget für Mai');
    await say('tippe „ 2027“ nach Mai in „Subject“');
    expect(await valueOf('Subject')).toBe('neues Budget für Mai 2027');
    expect(await valueOf('Body')).toBe('Hallo Welt');
  }, 120_000);

  it('Diktat: „Diktat starten“, German marks written where said, „streich das“, „Diktat beenden“; read back exactly', async () => {
    await say('klicke auf Body');
    await bench.setValue('Body', '');
    await say('Diktat starten');
    await say('hallo Komma wie geht es dir Fragezeichen');
    expect(await valueOf('Body')).toBe('Hallo, wie geht es dir?');
    await say('neuer Absatz bis bald Ausrufezeichen');
    expect(await valueOf('Body')).toBe('Hallo, wie geht es dir?\n\nBis bald!');
    await say('streich das');
    expect(await valueOf('Body')).toBe('Hallo, wie geht es dir?');
    await say('Diktat beenden');
    // Out of dictation, „Komma“ is no text: the grammar does not read it, and the field stays as it was.
    expect((await bench.loop.run('Komma')).outcome).not.toBe('done');
    expect(await valueOf('Body')).toBe('Hallo, wie geht es dir?');
  }, 120_000);
});
