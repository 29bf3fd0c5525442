/**
 * A second language (issue #32 item 6): what the German tables cost. The risk words of every
 * language are matched against every label the gate reads, so the rules grew from English alone to
 * English and German; answers are read in the user's language with English merged in. Per label and
 * per answer; pure, no desktop.
 */
import { matchWordRules } from '../src/registry/label-risk.js';
import { LABEL_RULES } from '../src/registry/risk-table.js';
import { EN_LABEL_RULES } from '../src/registry/risk-words/en.js';
import { routeAnswer, type Waiting } from '../src/shared/answer-words.js';
import { timeCalls, type Timing } from './stats.js';

/** Labels as the gate meets them: plain and harmless, German, and disguised. */
const LABELS = [
  'Save',
  'Delete all parcels',
  'Gelöschte Elemente',
  'Alle löschen',
  'Zahlungspflichtig bestellen',
  'A l l e l ö s c h e n',
  'Allе lӧsсhеn',
  'Dele\u00ADte everything',
  'A longer label that names nothing dangerous at all, as a row of a list might',
];
const ANSWERS = ['ja', 'yes', 'bestätigen', 'ja, löschen', 'die zweite', 'vielleicht später', 'nein danke'];
const WAITING: Waiting = {
  kind: 'confirmation',
  summary: 'Click “Alle löschen”.',
  level: 'destructive',
  question: 'Click “Alle löschen”. Clicking “Alle löschen” may delete something for good.',
};

export function benchLanguages(): ReadonlyArray<{ readonly name: string; readonly timing: Timing }> {
  const label = (i: number): string => LABELS[i % LABELS.length] ?? '';
  const answer = (i: number): string => ANSWERS[i % ANSWERS.length] ?? '';
  return [
    { name: `label, English rules only (${EN_LABEL_RULES.length})`, timing: timeCalls((i) => matchWordRules(label(i), EN_LABEL_RULES), 20_000) },
    { name: `label, every language's rules (${LABEL_RULES.length})`, timing: timeCalls((i) => matchWordRules(label(i), LABEL_RULES), 20_000) },
    { name: 'answer, English set', timing: timeCalls((i) => routeAnswer(answer(i), WAITING, 'spoken', 'en'), 20_000) },
    { name: 'answer, German set (German and English words)', timing: timeCalls((i) => routeAnswer(answer(i), WAITING, 'spoken', 'de'), 20_000) },
  ];
}
