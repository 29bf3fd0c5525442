/**
 * What dictation remembers of one field, and the arithmetic of its corrections (issue #18), pure:
 * the field's text as last read back, where the caret is, a stack of the changes dictation made
 * (each a replacement of a range: a phrase replaces nothing or the selection, a correction replaces
 * words), the selection "select ‹words›" made, and how many key presses reach a place in the text.
 *
 * Offsets are UTF-16 indices into the text; key presses count user-perceived characters (grapheme
 * clusters), which is what Left, Right and BackSpace move over.
 */
import type { FocusedText } from '../execution/engine-types.js';
import { quote } from '../shared/text/quote.js';

/** One change dictation made: at `start`, `removed` was replaced by `inserted`. */
export interface Edit {
  readonly start: number;
  readonly removed: string;
  readonly inserted: string;
  /** A dictated phrase, or a correction ("scratch that", "correct … to …", a case change). */
  readonly kind: 'phrase' | 'correction';
}

export interface Range {
  readonly start: number;
  readonly end: number;
}

/** The changes "undo that" can take back, per field: older ones are forgotten. */
export const EDITS_MAX = 50;

/** One field dictation typed into, named by its app and role and name. */
export interface FieldRecord {
  readonly key: string;
  /** "the “Body” text view of Notes", for sentences. */
  readonly label: string;
  /** The text as last read back. */
  value: string;
  /** Where the caret is, as far as dictation knows (after its own last change). */
  caret: number;
  edits: Edit[];
  selection: Range | undefined;
}

/** A's text with one edit applied. */
export function applyEdit(value: string, edit: Edit): string {
  return value.slice(0, edit.start) + edit.inserted + value.slice(edit.start + edit.removed.length);
}

/** The edit that takes `edit` back. */
export function inverse(edit: Edit): Edit {
  return { start: edit.start, removed: edit.inserted, inserted: edit.removed, kind: edit.kind };
}

/** Records a change dictation made and read back: the text, the caret after it, the stack (bounded). */
export function recordEdit(field: FieldRecord, edit: Edit, value: string): void {
  field.value = value;
  field.caret = edit.start + edit.inserted.length;
  field.selection = undefined;
  field.edits.push(edit);
  if (field.edits.length > EDITS_MAX) field.edits.splice(0, field.edits.length - EDITS_MAX);
}

const segmenter = new Intl.Segmenter(undefined, { granularity: 'grapheme' });

/** How many characters a person sees in a text (how many Left presses cross it). */
export function graphemes(text: string): number {
  let n = 0;
  for (const _ of segmenter.segment(text)) n++;
  return n;
}

/** Letters and digits: a phrase is found only as whole words. */
const WORD_CHAR = /[\p{L}\p{N}_']/u;

/**
 * The last place (before `limit`) where `phrase` stands as whole words, matched without regard to
 * case and with any run of spaces matching one space.
 */
export function findPhrase(value: string, phrase: string, limit = value.length): Range | undefined {
  const wanted = phrase.trim().toLocaleLowerCase().replace(/\s+/gu, ' ');
  if (wanted === '') return undefined;
  const pattern = new RegExp(wanted.split(' ').map(escapeRegExp).join('\\s+'), 'giu');
  let found: Range | undefined;
  for (const m of value.slice(0, limit).matchAll(pattern)) {
    const start = m.index;
    const end = start + m[0].length;
    const before = value.charAt(start - 1);
    const after = value.charAt(end);
    if ((before === '' || !WORD_CHAR.test(before)) && (after === '' || !WORD_CHAR.test(after))) found = { start, end };
  }
  return found;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/gu, '\\$&');
}

/** Where an insertion of `inserted` went: the start such that `after` is `before` with it there (the latest such place). */
export function locateInsertion(before: string, after: string, inserted: string): Range | undefined {
  const removedLength = before.length + inserted.length - after.length;
  if (removedLength < 0) return undefined;
  for (let start = Math.min(before.length - removedLength, after.length - inserted.length); start >= 0; start--) {
    if (
      after.startsWith(inserted, start) &&
      after.slice(0, start) === before.slice(0, start) &&
      after.slice(start + inserted.length) === before.slice(start + removedLength)
    ) {
      return { start, end: start + removedLength };
    }
  }
  return undefined;
}

/** The keys that put the caret at `offset`: from the start or the end of the text, whichever is nearer (the platform names the keys). */
export interface CaretMove {
  readonly anchor: 'start' | 'end';
  readonly key: 'left' | 'right';
  readonly presses: number;
}

export function caretMoveTo(value: string, offset: number): CaretMove {
  const fromStart = graphemes(value.slice(0, offset));
  const fromEnd = graphemes(value.slice(offset));
  return fromEnd <= fromStart ? { anchor: 'end', key: 'left', presses: fromEnd } : { anchor: 'start', key: 'right', presses: fromStart };
}

/** The caret after an edit elsewhere: shifted by what the edit added or took away before it. */
export function caretAfter(caret: number, edit: Edit): number {
  const end = edit.start + edit.removed.length;
  if (caret >= end) return caret + edit.inserted.length - edit.removed.length;
  if (caret > edit.start) return edit.start + edit.inserted.length;
  return caret;
}

/** What "that" means: the selection, else the text the last change put in (a phrase without its leading space). */
export function thatRange(field: FieldRecord): Range | undefined {
  if (field.selection) return field.selection;
  const last = field.edits.at(-1);
  if (!last || last.inserted === '') return undefined;
  const lead = last.inserted.length - last.inserted.trimStart().length;
  const trail = last.inserted.length - last.inserted.trimEnd().length;
  if (lead + trail >= last.inserted.length) return undefined;
  return { start: last.start + lead, end: last.start + last.inserted.length - trail };
}

/** A phrase quoted in a sentence is shortened past this many characters. */
const EDIT_QUOTE_MAX = 60;

/** What was remembered of a field ends: its text is `value` now, the caret at its end. */
export function forget(record: FieldRecord, value: string): void {
  record.value = value;
  record.caret = value.length;
  record.edits = [];
  record.selection = undefined;
}

/** Which field a record is for: its app's process, role and name. */
export function keyOf(field: FocusedText): string {
  return `${field.pid}\u0000${field.role}\u0000${field.name}`;
}

export function labelOf(field: FocusedText): string {
  return field.name ? `${quote(field.name, 40)} in ${field.app}` : `the ${field.role.replace(/_/g, ' ')} in ${field.app}`;
}

export function fullRange(edit: Edit | undefined): Range | undefined {
  return edit && edit.inserted !== '' ? { start: edit.start, end: edit.start + edit.inserted.length } : undefined;
}

export function describeEdit(edit: Edit): string {
  if (edit.kind === 'phrase') return `the phrase ${quote(edit.inserted.trim(), EDIT_QUOTE_MAX)}`;
  return edit.inserted === ''
    ? `the removal of ${quote(edit.removed.trim(), EDIT_QUOTE_MAX)}`
    : `${quote(edit.removed, EDIT_QUOTE_MAX)} → ${quote(edit.inserted, EDIT_QUOTE_MAX)}`;
}

/** The replacement with the capital of the words it replaces ("Hello" corrected to "hi" gives "Hi"). */
export function sameCapital(replaced: string, replacement: string): string {
  const first = replaced.charAt(0);
  if (first !== first.toLocaleUpperCase() || first === first.toLocaleLowerCase()) return replacement;
  return replacement.charAt(0).toLocaleUpperCase() + replacement.slice(1);
}
