// Answers in each language (issue #32 item 6): the whole answer from a fixed list (0118), the
// deliberate rule for a destructive step by voice (issue #27) in each language, option picks, and
// the sentences said back. Each table lists what must match and what must not, per language.
import { describe, expect, it } from 'vitest';
import { confirmationStrength, readChoice, readConfirmationAnswer, routeAnswer, type Waiting } from '../../../src/shared/answer-words.js';
import { answerWordsFor } from '../../../src/shared/lang/answers.js';
import { LANGUAGES, type Language } from '../../../src/shared/language.js';

interface AnswerCases {
  readonly confirm: readonly string[];
  readonly cancel: readonly string[];
  /** Neither a yes nor a no: sentences that merely contain one, other words. */
  readonly neither: readonly string[];
  /** By voice, enough for a step that cannot be undone (the question names "Alle löschen" / "Delete all"). */
  readonly deliberate: readonly string[];
  /** By voice, a plain yes: not enough for it. */
  readonly plain: readonly string[];
  /** A yes with words the question does not have: no answer at all. */
  readonly namesOther: readonly string[];
  /** Picks the second of three options. */
  readonly second: readonly string[];
  /** Picks no option of three. */
  readonly noPick: readonly string[];
}

const CASES: Readonly<Record<Language, AnswerCases>> = {
  en: {
    confirm: ['yes', 'Yes.', 'OK', 'Okay!', 'confirm', 'do it'],
    cancel: ['no', 'Cancel.', "don't", 'never mind', 'forget it'],
    neither: ['yes but save it first', 'ja', 'nein', 'bestätigen', 'mach es', 'yes yes', 'not now'],
    deliberate: ['confirm', 'I confirm', 'yes, delete', 'OK, delete all'],
    plain: ['yes', 'okay', 'sure', 'go ahead'],
    namesOther: ['yes send', 'yes, löschen bitte nicht', 'confirm the other one'],
    second: ['2', 'two', 'the second one', 'number 2', 'option two', 'the 2nd'],
    noPick: ['die zweite', 'Nummer zwei', 'zwei', 'four', '4', 'the second letter'],
  },
  de: {
    confirm: [
      'ja',
      'Ja.',
      'jawohl',
      'Ja, bitte!',
      'mach es',
      'Mach das.',
      'OK',
      'okay',
      'bestätigen',
      'Ich bestätige.',
      'bestätigt',
      'bestaetigen',
      'yes',
      'confirm',
    ],
    cancel: ['nein', 'Nee.', 'abbrechen', 'Lass es.', 'nicht', 'Vergiss es!', 'doch nicht', 'no', 'cancel'],
    neither: ['ja aber vorher speichern', 'ich habe nicht ja gesagt', 'ja ja', 'nein ja', 'ok klicke Speichern', 'jahr', 'nicht jetzt', 'Japan'],
    deliberate: ['bestätigen', 'Ich bestätige.', 'bestätigt', 'ja, löschen', 'Ja, alle löschen.', 'OK, löschen', 'confirm', 'yes, löschen'],
    plain: ['ja', 'Okay.', 'ok', 'jawohl', 'mach es', 'in Ordnung', 'yes'],
    namesOther: ['ja senden', 'ja, aber erst speichern', 'ja die andere'],
    second: [
      '2',
      '2.',
      'zwei',
      'zwo',
      'die zweite',
      'Die Zweite.',
      'der zweite',
      'Nummer 2',
      'Nummer zwei',
      'Option zwei',
      'die zweite Option',
      '2te',
      'the second one',
      'two',
    ],
    noPick: ['vier', 'die vierte', 'Nummer 4', 'die zweite Zeile', 'zweimal'],
  },
};

const destructiveIn: Readonly<Record<Language, Waiting>> = {
  en: {
    kind: 'confirmation',
    summary: 'Click “Delete all”.',
    level: 'destructive',
    question: 'Click “Delete all”. Clicking “Delete all” may delete something for good.',
  },
  de: {
    kind: 'confirmation',
    summary: 'Click “Alle löschen”.',
    level: 'destructive',
    question: 'Click “Alle löschen”. Clicking “Alle löschen” may delete something for good.',
  },
};
const question: Waiting = { kind: 'question', question: 'Which “OK”?', options: ['1: “OK” in Left', '2: “OK” in Right', '3: “OK” in Bottom'] };

describe.each(LANGUAGES)('answers with the language set to %s', (language) => {
  const cases = CASES[language];

  it('its yes and no words, as speech to text writes them, confirm and cancel; others do neither', () => {
    for (const said of cases.confirm) expect(readConfirmationAnswer(said, language), said).toBe('confirm');
    for (const said of cases.cancel) expect(readConfirmationAnswer(said, language), said).toBe('cancel');
    for (const said of cases.neither) expect(readConfirmationAnswer(said, language), said).toBeUndefined();
  });

  it('no phrase both confirms and cancels, and "stop" is neither', () => {
    const words = answerWordsFor(language);
    expect(words.confirm.filter((p) => words.cancel.includes(p))).toEqual([]);
    expect(words.deliberate.filter((p) => !words.confirm.includes(p))).toEqual([]);
    expect(readConfirmationAnswer('stop', language)).toBeUndefined();
  });

  it('by voice, a step that cannot be undone takes a deliberate answer; an ambient plain yes is told what to say', () => {
    const waiting = destructiveIn[language];
    const question = waiting.kind === 'confirmation' ? (waiting.question ?? '') : '';
    for (const said of cases.deliberate) {
      expect(confirmationStrength(said, question, language), said).toBe('deliberate');
      expect(routeAnswer(said, waiting, 'spoken', language), said).toEqual({ kind: 'confirm' });
    }
    for (const said of cases.plain) {
      expect(confirmationStrength(said, question, language), said).toBe('plain');
      expect(routeAnswer(said, waiting, 'spoken', language).kind, said).toBe('not_an_answer');
      // Typed, a plain yes is a deliberate key press.
      expect(routeAnswer(said, waiting, 'typed', language), said).toEqual({ kind: 'confirm' });
    }
    for (const said of cases.namesOther) expect(routeAnswer(said, waiting, 'spoken', language).kind, said).toBe('not_an_answer');
  });

  it('an option is picked by its number or rank in the words of the language', () => {
    for (const said of cases.second) {
      expect(readChoice(said, question.kind === 'question' ? question.options : [], language), said).toBe(1);
      expect(routeAnswer(said, question, 'spoken', language), said).toEqual({ kind: 'choose', index: 1 });
    }
    for (const said of cases.noPick) expect(readChoice(said, question.kind === 'question' ? question.options : [], language), said).toBeUndefined();
  });
});

describe('what the assistant says back follows the language', () => {
  const de = destructiveIn.de;

  it('German: the plain yes to a destructive step names „bestätigen“ and a yes with the label’s word', () => {
    const r = routeAnswer('Okay.', de, 'spoken', 'de');
    expect(r).toEqual({
      kind: 'not_an_answer',
      message:
        'Ich habe “Okay.” gehört, das reicht hier nicht: es lässt sich nicht rückgängig machen. Um es zu tun, sag „bestätigen“ oder „ja, alle“; zum Abbrechen sag „nein“. Click “Alle löschen”.',
    });
  });

  it('German: a text that is no answer says what waits, in German; English stays English', () => {
    expect(routeAnswer('vielleicht später', de, 'typed', 'de')).toMatchObject({
      kind: 'not_an_answer',
      message: expect.stringContaining('ist weder ja noch nein, also ist nichts passiert. Ich warte noch auf deine Antwort zu: Click “Alle löschen”.'),
    });
    expect(routeAnswer('ja', question, 'typed', 'de')).toMatchObject({ kind: 'not_an_answer', message: expect.stringContaining('wählt keine der Antworten') });
    expect(routeAnswer('nein', { kind: 'running' }, 'spoken', 'de')).toMatchObject({ message: expect.stringContaining('ein Befehl läuft noch') });
    expect(routeAnswer('ja', { kind: 'nothing' }, 'spoken', 'de')).toMatchObject({ message: expect.stringContaining('Es wartet nichts auf ein Ja oder Nein') });
    expect(routeAnswer('ja', { kind: 'nothing' }, 'spoken', 'en')).toEqual({ kind: 'command' });
    expect(routeAnswer('maybe', destructiveIn.en, 'typed', 'en')).toMatchObject({ message: expect.stringContaining('is not a yes or a no') });
  });

  it('"stop" stops whatever the language', () => {
    for (const language of LANGUAGES) expect(routeAnswer('Stop.', de, 'spoken', language)).toEqual({ kind: 'stop' });
  });
});
