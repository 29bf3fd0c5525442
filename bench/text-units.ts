/**
 * Editing any text by voice (issue #32 item 3): finding the place a command names in a field's text
 * ("the second to last sentence", "from hello to world") and reading the command's words, for texts
 * of 2 KB and 100 KB. Pure: no desktop; the field's read and the keys are the bridge's and the app's.
 */
import { readTextEditIn } from '../src/intent/grammar/de/edit-de.js';
import { readTextEdit } from '../src/intent/grammar/verbs-edit.js';
import { pickUnit, spanBetween } from '../src/shared/text/text-units.js';
import { timeCalls, type Timing } from './stats.js';

/** Paragraphs of five sentences, a blank line between them, up to about `size` characters. */
function text(size: number): string {
  const paragraph = 'The quick brown fox jumps over the lazy dog. Greetings from Bern! Is it raining? It is not. See you soon.';
  const out: string[] = [];
  for (let length = 0; length < size; length += paragraph.length + 2) out.push(paragraph);
  return `${out.join('\n\n')}\nhello big world`;
}

export function benchTextUnits(): ReadonlyArray<{ readonly name: string; readonly timing: Timing }> {
  const out: { name: string; timing: Timing }[] = [];
  out.push({ name: 'reading "select the second to last sentence"', timing: timeCalls(() => readTextEdit('select the second to last sentence'), 5000) });
  out.push({
    name: 'reading "markiere den vorletzten Satz" (German set)',
    timing: timeCalls(() => readTextEditIn('markiere den vorletzten Satz', 'de'), 5000),
  });
  out.push({
    name: 'reading "select the second to last sentence" (German set)',
    timing: timeCalls(() => readTextEditIn('select the second to last sentence', 'de'), 5000),
  });
  for (const size of [2_000, 100_000]) {
    const field = text(size);
    const kb = `${Math.round(size / 1000)} KB`;
    const samples = size > 10_000 ? 200 : 2000;
    out.push({ name: `${kb}, the 2nd to last sentence`, timing: timeCalls(() => pickUnit(field, 'sentence', { rank: 2, fromEnd: true }, 0), samples, 20) });
    out.push({ name: `${kb}, the word at the caret (middle)`, timing: timeCalls(() => pickUnit(field, 'word', 'current', field.length / 2), samples, 20) });
    out.push({ name: `${kb}, the last character`, timing: timeCalls(() => pickUnit(field, 'character', { rank: 1, fromEnd: true }, 0), samples, 20) });
    out.push({ name: `${kb}, from hello to world`, timing: timeCalls(() => spanBetween(field, 'hello', 'world'), samples, 20) });
  }
  return out;
}
