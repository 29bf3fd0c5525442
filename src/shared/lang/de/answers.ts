/**
 * German answers (issue #32 item 6): the words that answer the assistant's questions, and what it
 * says back, under the same rule as the English ones (src/shared/answer-words.ts): the whole answer
 * is one of these phrases. Each phrase also counts written without umlauts ("bestaetigen").
 * With German chosen, the English words count too (src/shared/lang/answers.ts).
 */
import { withUmlautSpellings } from '../../text/umlauts.js';
import type { AnswerSentences, AnswerWords } from '../answer-table.js';

/** Numbers as speech to text writes them out; "zwo" is how "zwei" is said to be heard clearly. */
export const DE_NUMBER_WORDS: Readonly<Record<string, number>> = {
  eins: 1,
  ein: 1,
  zwei: 2,
  zwo: 2,
  drei: 3,
  vier: 4,
  fünf: 5,
  fuenf: 5,
  sechs: 6,
  sieben: 7,
  acht: 8,
  neun: 9,
  zehn: 10,
};

const ORDINAL_STEMS: readonly (readonly [string, number])[] = [
  ['erst', 1],
  ['zweit', 2],
  ['dritt', 3],
  ['viert', 4],
  ['fünft', 5],
  ['fuenft', 5],
  ['sechst', 6],
  ['siebt', 7],
  ['siebent', 7],
  ['acht', 8],
  ['neunt', 9],
  ['zehnt', 10],
];

/** "erste" to "zehnte" in every form an article gives them: die zweite, der zweite, das zweite, den zweiten, zweites. */
export const DE_ORDINAL_WORDS: Readonly<Record<string, number>> = Object.fromEntries(
  ORDINAL_STEMS.flatMap(([stem, n]) => ['e', 'er', 'es', 'en', 'em'].map((ending) => [`${stem}${ending}`, n] as const)),
);

const CONFIRM = ['ja', 'j', 'jawohl', 'ja bitte', 'ja mach es', 'ja mach das', 'mach es', 'mach das', "mach's", 'machs', 'ok', 'okay', 'in ordnung'];
const DELIBERATE = ['bestätigen', 'ich bestätige', 'bestätigt'];

export const DE_ANSWERS: AnswerWords = {
  confirm: withUmlautSpellings([...CONFIRM, ...DELIBERATE]),
  cancel: withUmlautSpellings([
    'nein',
    'nee',
    'nö',
    'n',
    'nein danke',
    'abbrechen',
    'abbruch',
    'lass es',
    'lass das',
    'nicht',
    'bitte nicht',
    'nicht machen',
    'mach es nicht',
    'mach das nicht',
    'vergiss es',
    'vergiss das',
    'doch nicht',
    'lieber nicht',
    'auf keinen fall',
  ]),
  deliberate: withUmlautSpellings(DELIBERATE),
  namingStarts: withUmlautSpellings(['ich bestätige', 'bestätigen', 'bestätigt', 'ja bitte', 'jawohl', 'ja', 'ok', 'okay']),
  filler: ['der', 'die', 'das', 'den', 'dem', 'des', 'ein', 'eine', 'einen', 'es', 'bitte', 'jetzt', 'und', 'mal', 'zu', 'von', 'im', 'in', 'auf'],
  numbers: DE_NUMBER_WORDS,
  ordinals: DE_ORDINAL_WORDS,
  ordinalEndings: ['te', 'ter', 'tes', 'ten', 'tem'],
  articles: ['der', 'die', 'das', 'den'],
  pickNouns: ['nummer', 'option', 'auswahl', 'antwort'],
  pickEndings: ['option', 'antwort', 'möglichkeit', 'moeglichkeit'],
};

export const DE_ANSWER_SENTENCES: AnswerSentences = {
  confirmationHint: (summary) => `Ich warte noch auf deine Antwort zu: ${summary} Sag „ja“, um es zu tun, „nein“ zum Abbrechen, oder „stopp“.`,
  questionHint: (question, numbered) => `Ich warte noch auf deine Antwort zu: ${question} Sag eine Antwort oder ihre Nummer (${numbered}), oder „abbrechen“.`,
  notEnough: (heard, word, summary) =>
    `Ich habe ${heard} gehört, das reicht hier nicht: es lässt sich nicht rückgängig machen. Um es zu tun, sag „bestätigen“${word ? ` oder „ja, ${word}“` : ''}; zum Abbrechen sag „nein“. ${summary}`,
  notYesOrNo: (heard, hint) => `${heard} ist weder ja noch nein, also ist nichts passiert. ${hint}`,
  picksNothing: (heard, hint) => `${heard} wählt keine der Antworten. ${hint}`,
  stillRunning: (heard) => `Ich habe ${heard} gehört, aber ein Befehl läuft noch: sag „stopp“, um ihn anzuhalten, oder warte, bis er fertig ist.`,
  nothingWaits: (heard) => `Es wartet nichts auf ein Ja oder Nein, also hat ${heard} nichts bewirkt. Gib einen Befehl, oder sag „was kann ich sagen“.`,
  confirmed: 'Bestätigt.',
  cancelled: 'Abgebrochen.',
  questionClosed: 'Abgebrochen: die Frage ist geschlossen, und nichts ist passiert.',
  notHeardClearly:
    'Ich habe das nicht deutlich verstanden, also hat es nichts beantwortet. Sag deine Antwort noch einmal, nah am Mikrofon, oder drück Bestätigen oder Abbrechen.',
  begunBefore: (heard, via, hint) =>
    `${heard} ${via === 'spoken' ? 'wurde gesagt, bevor die Frage gestellt war' : 'wurde begonnen, bevor die Frage erschien'}, beantwortet sie also nicht, und nichts ist passiert. ${hint}`.trim(),
  unanswered: (wait) =>
    `Niemand hat innerhalb von ${wait} geantwortet, also wurde es abgebrochen und nichts ist passiert. Gib den Befehl noch einmal, um wieder gefragt zu werden.`,
  doItPrompt: 'Ausführen? [j/N] ',
  howLong: (ms) => {
    if (ms >= 60_000 && ms % 60_000 === 0) return ms === 60_000 ? 'einer Minute' : `${ms / 60_000} Minuten`;
    const seconds = Math.max(1, Math.round(ms / 1000));
    return seconds === 1 ? 'einer Sekunde' : `${seconds} Sekunden`;
  },
};
