// The loop's own words in German (issue #32 item 6): "take it back" and "forget my choices" as German
// says them, each also without umlauts and with a „bitte“; English still counts; and none of them is
// read as a different, more dangerous command: „rückgängig“ stays the app's undo, „vergiss es“ a no.
import { describe, expect, it } from 'vitest';
import { readForgetChoices } from '../../src/agent/forget-choices.js';
import { loopReserved } from '../../src/agent/own-commands.js';
import { isRepeatRequest } from '../../src/agent/session-memory.js';
import { isTakeBackRequest } from '../../src/agent/take-back.js';
import { readTextEditIn } from '../../src/intent/grammar/de/edit-de.js';
import { readConfirmationAnswer } from '../../src/shared/answer-words.js';
import { DE_FORGET_CHOICES_WORDS, DE_TAKE_BACK_WORDS } from '../../src/shared/lang/de/session-words.js';
import { sessionCommandInAnyLanguage } from '../../src/shared/session-commands.js';
import { itGives, same } from '../support/tables.js';
import { intentOf } from '../intent/grammar/de-fixture.js';

const UNDO_KEY = { intent: 'press_key', key: 'z', modifiers: ['ctrl'] };

describe('“nimm das zurück”: the assistant’s own undo in German', () => {
  itGives('%s → %s', isTakeBackRequest, [
    ...same(true, 'nimm das zurück', 'Nimm das zurück!', 'nimm das zurueck', 'Bitte nimm es zurück.', 'nimm das bitte zurück', 'zurücknehmen'),
    ...same(true, 'Nimm deine letzte Aktion zurück', 'mach rückgängig, was du getan hast', 'Mach das rückgängig, was du getan hast.'),
    ...same(true, 'mache deine letzte Aktion rueckgaengig', 'take it back', 'please take it back', 'undo your last action'),
    // The app's undo, the browser's back, and sentences with the words in them are not the assistant's undo.
    ...same(false, 'rückgängig', 'mach das rückgängig', 'mach es rückgängig', 'Rückgängig machen', 'zurück', 'gehe zurück', 'undo', 'undo that'),
    ...same(false, 'nimm das zurück in Firefox', 'nimm das Buch zurück', 'hol das Panel zurück', 'bitte'),
  ]);

  it('„rückgängig“ and „mach das rückgängig“ are still the app’s own undo, Ctrl+Z', () => {
    expect(intentOf('rückgängig')).toEqual(UNDO_KEY);
    expect(intentOf('mach das rückgängig')).toEqual(UNDO_KEY);
  });
});

describe('“vergiss meine Auswahl”: the scan’s learned choices in German', () => {
  itGives('%s → %s', readForgetChoices, [
    ...same('everywhere', 'vergiss meine Auswahl', 'Vergiss meine Auswahl überall.', 'vergiss meine Auswahl ueberall', 'vergiss meine Wahl'),
    ...same('everywhere', 'vergiss, was ich gewählt habe', 'vergiss was ich gewaehlt habe', 'meine Auswahl vergessen', 'bitte vergiss meine Auswahl'),
    ...same('everywhere', 'vergiss meine Auswahl in allen Apps', 'forget my choices'),
    ...same('here', 'vergiss meine Auswahl hier', 'Vergiss hier meine Auswahl!', 'vergiss meine Auswahl in dieser App', 'meine Auswahl hier vergessen'),
    ...same('here', 'vergiss meine gewählten Elemente für diese Anwendung', 'forget my choices here'),
    // A no to a question, an edit of the selected text, and sentences with the words are none of it.
    ...same(undefined, 'vergiss es', 'vergiss das', 'lösche meine Auswahl', 'lösche die Auswahl', 'vergiss meine Befehle', 'vergiss Senden'),
    ...same(undefined, 'vergiss meine Auswahl und klicke auf Senden', 'meine Auswahl', 'Auswahl vergessen in Firefox'),
  ]);

  it('„vergiss es“ still says no to a question; „lösche die Auswahl“ is still an edit of the selected text', () => {
    expect(readConfirmationAnswer('vergiss es', 'de')).toBe('cancel');
    expect(readTextEditIn('lösche die Auswahl', 'de')).toEqual({ kind: 'delete', place: { kind: 'selection' } });
  });
});

describe('the German words against the others', () => {
  const takeBack = DE_TAKE_BACK_WORDS;
  const forget = [...DE_FORGET_CHOICES_WORDS.roots, ...DE_FORGET_CHOICES_WORDS.wholeEverywhere, ...DE_FORGET_CHOICES_WORDS.wholeHere];

  it('no phrase is an answer, a session word, “nochmal”, or an edit of text in either language', () => {
    for (const phrase of [...takeBack, ...forget]) {
      expect(readConfirmationAnswer(phrase, 'de'), phrase).toBeUndefined();
      expect(sessionCommandInAnyLanguage(phrase), phrase).toBeUndefined();
      expect(isRepeatRequest(phrase), phrase).toBe(false);
      expect(readTextEditIn(phrase, 'de'), phrase).toBeNull();
    }
  });

  it('a phrase is one command only: no take-back phrase forgets, no forget phrase takes back', () => {
    expect(takeBack.filter((p) => readForgetChoices(p) !== undefined)).toEqual([]);
    expect(forget.filter((p) => isTakeBackRequest(p))).toEqual([]);
  });

  it('every phrase is lower case, single-spaced, without punctuation, as the loop compares it', () => {
    const all = [...takeBack, ...forget, ...DE_FORGET_CHOICES_WORDS.here, ...DE_FORGET_CHOICES_WORDS.everywhere];
    expect(all.filter((p) => !/^[\p{Ll}]+(?: [\p{Ll}]+)*$/u.test(p))).toEqual([]);
  });

  it('a user’s own command may be named after none of them', () => {
    for (const phrase of ['nimm das zurück', 'nimm das zurueck', 'vergiss meine Auswahl hier', 'meine Auswahl vergessen', 'take it back'])
      expect(loopReserved(phrase), phrase).toBe(true);
    expect(loopReserved('nimm Platz')).toBe(false);
  });
});
