/**
 * Selecting and editing the text of any focused field by voice (issue #32 item 3): "select the
 * second paragraph", "select from hello to world", "correct Berlin to Bern", "delete the last
 * sentence", "go to the end of the line", "capitalise that" — on text the assistant never typed.
 *
 * The field's text and caret are read through the engine (never a secure field's: it shows no text),
 * the place found in that text (src/shared/text/text-units.ts), then the change made with keys as a
 * person would (field-keys.ts: the caret to the place, Shift+Left over the words, the new words typed
 * through the loop's actor so the risk table and the live gate judge them as any typed text, or
 * BackSpace), so the app's own undo takes it back. The field is read back after every change and must
 * read exactly as expected; where the platform reads the selection, a selection must be exactly the
 * words meant. Anything else stops with a sentence, and the run ends idle as any other.
 */
import { changeCase } from '../intent/dictation-text.js';
import type { TextEdit, TextPlace } from '../intent/grammar/verbs-edit.js';
import type { FocusedText } from '../execution/engine-types.js';
import { ordinal } from '../shared/text/ordinal.js';
import { quote } from '../shared/text/quote.js';
import { deletionRange, findWords, pickUnit, spanBetween, unitRanges, type TextRange, type TextUnit } from '../shared/text/text-units.js';
import { graphemes, labelOf, sameCapital } from './dictation-field.js';
import { FieldKeys, Stopped, type KeysFor } from './field-keys.js';
import type { RunResult } from './loop-types.js';
import type { RunState } from './run-state.js';

/** The most key presses one edit may take: text farther from either end is edited by hand. */
export const EDIT_KEYS_MAX = 600;

const QUOTE_MAX = 60;

/** The field as read when the edit began: its text, caret and selection, and who its keys are for. */
interface Field {
  readonly read: FocusedText;
  readonly label: string;
  readonly text: string;
  /** Where the caret is; undefined where the platform does not say (then "this sentence" is not guessed). */
  readonly caret: number | undefined;
  readonly selection: TextRange | undefined;
  readonly keysFor: KeysFor;
  /** The key presses that put the caret at an offset. */
  readonly keys: (offset: number) => number;
}

export class TextEditing {
  constructor(
    private readonly keys: FieldKeys,
    private readonly emit: (message: string) => void,
  ) {}

  /**
   * Whether an edit is for this reader: "delete that" (or "delete it") outside dictation is one only
   * when a text field has the focus with words selected in it; otherwise it is left to the planners
   * (a selected file in a file manager, an element named before). Every other edit is.
   */
  async claims(edit: TextEdit): Promise<boolean> {
    if (edit.kind !== 'delete' || edit.place.kind !== 'selection') return true;
    const read = await this.keys.focusedField().catch(() => undefined);
    return read?.value != null && !read.secure && read.selection !== undefined && read.selection.end > read.selection.start;
  }

  /** Carries out one edit on the focused field; a Stopped error carries the sentence when it cannot. */
  async run(edit: TextEdit, state: RunState): Promise<RunResult> {
    const field = edit.kind === 'insert' && edit.field ? await this.focusNamed(edit.field, state) : await this.field();
    switch (edit.kind) {
      case 'insert': {
        const range = this.find(field, edit.place);
        const at = edit.edge === 'start' ? range.start : range.end;
        const inserted = spacedAt(field.text, at, edit.text);
        await this.placeCaret(field, at, state);
        const typed = await this.keys.type(state, inserted, field.keysFor);
        if (typed.outcome !== 'done') throw new Stopped(`The change stopped: ${typed.message}`);
        await this.readBack(field, field.text.slice(0, at) + inserted + field.text.slice(at));
        const where =
          edit.place.kind === 'words'
            ? `${edit.edge === 'start' ? 'before' : 'after'} ${placeName(edit.place)}`
            : `at the ${edit.edge} of ${placeName(edit.place)}`;
        return this.done(`Typed ${quote(edit.text, QUOTE_MAX)} ${where} in ${field.label}.`);
      }
      case 'select': {
        const range = this.find(field, edit.place);
        await this.select(field, range, state);
        return this.done(`Selected ${quote(field.text.slice(range.start, range.end), QUOTE_MAX)} in ${field.label}.`);
      }
      case 'caret': {
        const range = this.find(field, edit.place);
        const at = edit.edge === 'start' ? range.start : range.end;
        await this.placeCaret(field, at, state);
        const near = edit.edge === 'start' ? field.text.slice(at).trimEnd() : field.text.slice(0, at).trimStart();
        const where =
          near === '' ? 'there' : edit.edge === 'start' ? `before ${quote(firstWords(near), QUOTE_MAX)}` : `after ${quote(lastWords(near), QUOTE_MAX)}`;
        return this.done(`The caret is at the ${edit.edge} of ${placeName(edit.place)}, ${where}.`);
      }
      case 'delete': {
        const found = this.find(field, edit.place);
        // What the user selected goes exactly; a unit or words found take their spaces with them.
        const range = edit.place.kind === 'selection' ? found : deletionRange(field.text, found, edit.place.kind === 'unit' ? edit.place.unit : 'text');
        const removed = field.text.slice(found.start, found.end);
        await this.replace(field, range, '', state);
        return this.done(`Deleted ${quote(removed, QUOTE_MAX)} from ${field.label}.`);
      }
      case 'case': {
        const range = this.find(field, edit.place);
        const removed = field.text.slice(range.start, range.end);
        const inserted = changeCase(removed, edit.change);
        if (inserted === removed) return this.done(`${quote(removed, QUOTE_MAX)} is already written that way.`);
        await this.replace(field, range, inserted, state);
        return this.done(`Changed ${quote(removed, QUOTE_MAX)} to ${quote(inserted, QUOTE_MAX)}.`);
      }
      case 'correct': {
        for (const split of edit.splits) {
          const range = findWords(field.text, split.from);
          if (!range) continue;
          const removed = field.text.slice(range.start, range.end);
          const inserted = sameCapital(removed, split.to);
          await this.replace(field, range, inserted, state);
          return this.done(`Corrected ${quote(removed, QUOTE_MAX)} to ${quote(inserted, QUOTE_MAX)}.`);
        }
        throw new Stopped(`I cannot find ${quote(edit.splits[0]?.from ?? '', QUOTE_MAX)} in ${field.label}. Say the words as they are written there.`);
      }
    }
  }

  /** The focused field, read: a field that shows no text (a secure field above all) is never edited. */
  private async field(): Promise<Field> {
    const read = await this.keys.focusedField();
    const label = labelOf(read);
    if (read.secure) throw new Stopped(`${capital(label)} is a password field: the assistant never reads or edits its text.`);
    if (read.value === null) throw new Stopped(`I cannot edit ${label}: it does not show its text to the assistant. Edit it by hand.`);
    const text = read.value;
    const live = read.selection;
    return {
      read,
      label,
      text,
      caret: live?.caret,
      selection: live && live.end > live.start ? { start: live.start, end: live.end } : undefined,
      keysFor: { role: read.role, name: read.name },
      keys: (offset) => this.keys.pressesTo(text, offset),
    };
  }

  /** Clicks the field named `name` through the actor, then reads it: the focus must be on it. */
  private async focusNamed(name: string, state: RunState): Promise<Field> {
    const clicked = await this.keys.click(state, name);
    if (clicked.outcome !== 'done') throw new Stopped(clicked.message);
    await this.keys.focusedFieldWhen((f) => f.name.toLowerCase().includes(name.toLowerCase()));
    const field = await this.field();
    if (!field.read.name.toLowerCase().includes(name.toLowerCase())) {
      throw new Stopped(`${capital(field.label)} has the focus, not ${quote(name, QUOTE_MAX)}: click the field, then say it again.`);
    }
    return field;
  }

  /** The caret to `at`: through the platform's text interface, else with keys; read back where the platform says. */
  private async placeCaret(field: Field, at: number, state: RunState): Promise<void> {
    const placed = await this.keys.place(field.text, at, at, field.keysFor);
    if (placed?.caret !== at) {
      this.within(field, field.keys(at));
      await this.keys.moveCaret(field.text, at, state, field.keysFor);
    }
    const now = await this.readBack(field, field.text);
    if (now.selection && now.selection.caret !== at) throw new Stopped(`The caret did not land where it should in ${field.label}: put it there by hand.`);
  }

  /** The range a place names in the field's text, or a sentence saying why there is none. */
  private find(field: Field, place: TextPlace): TextRange {
    const { text, label } = field;
    switch (place.kind) {
      case 'selection':
        if (!field.selection) throw new Stopped(`Nothing is selected in ${label}: say “select …” first.`);
        return field.selection;
      case 'whole':
        return { start: 0, end: text.length };
      case 'words': {
        const range = findWords(text, place.words);
        if (!range) throw new Stopped(`I cannot find ${quote(place.words, QUOTE_MAX)} in ${label}. Say the words as they are written there.`);
        return range;
      }
      case 'span': {
        const range = spanBetween(text, place.from, place.to);
        if (!range) {
          throw new Stopped(
            `I cannot find ${quote(place.from, QUOTE_MAX)} followed by ${quote(place.to, QUOTE_MAX)} in ${label}. Say the first and the last words as they are written there.`,
          );
        }
        return range;
      }
      case 'unit': {
        if (place.pick === 'current' && field.caret === undefined) {
          throw new Stopped(`I cannot tell where the caret is in ${label}: say which ${place.unit}, such as “the last ${place.unit}”.`);
        }
        const range = pickUnit(text, place.unit, place.pick, field.caret ?? 0);
        if (range) return range;
        const count = unitRanges(text, place.unit).length;
        const which = place.pick === 'current' ? `${place.unit} at the caret` : placeName(place).replace(/^the /u, '');
        throw new Stopped(`There is no ${which} in ${label}: it has ${count === 1 ? `one ${place.unit}` : `${count} ${place.unit}s`}.`);
      }
    }
  }

  private within(field: Field, presses: number): void {
    if (presses > EDIT_KEYS_MAX) throw new Stopped(`That text is too far from either end of ${field.label} to reach safely with keys. Edit it by hand.`);
  }

  /**
   * Selects a range through the platform's text interface, else with keys (a place far from both ends
   * of a long text is then refused); where the platform reads the selection, it must be exactly that range.
   */
  private async select(field: Field, range: TextRange, state: RunState): Promise<void> {
    const words = field.text.slice(range.start, range.end);
    const placed = await this.keys.place(field.text, range.start, range.end, field.keysFor);
    if (placed?.start !== range.start || placed.end !== range.end) {
      this.within(field, field.keys(range.end) + graphemes(words));
      await this.keys.selectBack(field.text, range.end, words, state, field.keysFor);
    }
    const now = await this.readBack(field, field.text);
    const got = now.selection;
    if (got && (got.start !== range.start || got.end !== range.end)) {
      const shown = quote(field.text.slice(got.start, got.end), QUOTE_MAX);
      throw new Stopped(`The selection is not on ${quote(words, QUOTE_MAX)} but on ${shown}: select the words by hand, or say it again.`);
    }
  }

  /** Selects a range, then types its replacement (or BackSpace); the field must read exactly as expected. */
  private async replace(field: Field, range: TextRange, inserted: string, state: RunState): Promise<void> {
    const expected = field.text.slice(0, range.start) + inserted + field.text.slice(range.end);
    await this.select(field, range, state);
    if (inserted !== '') {
      const typed = await this.keys.type(state, inserted, field.keysFor);
      if (typed.outcome !== 'done') throw new Stopped(`The change stopped: ${typed.message}`);
    } else if (range.end > range.start) {
      await this.keys.press(state, this.keys.keys.deleteBack, 1, field.keysFor);
    }
    await this.readBack(field, expected);
  }

  /** Reads the field back: it must read exactly `expected`, else the edit stops with what it reads. */
  private async readBack(field: Field, expected: string): Promise<FocusedText> {
    const now = await this.keys.focusedFieldWhen((f) => f.value === expected);
    if (now.value === expected) return now;
    const shown = now.value === null ? 'nothing' : quote(now.value, 120);
    throw new Stopped(
      `The change did not come out as expected: ${field.label} now reads ${shown}. Check it (the app's own undo, ${this.keys.keys.undoName}, takes keys back).`,
    );
  }

  private done(message: string): RunResult {
    this.emit(message);
    return { outcome: 'done', message };
  }
}

/** "the second paragraph", "the last sentence", "this line", "the selection". */
function placeName(place: TextPlace): string {
  switch (place.kind) {
    case 'unit':
      return unitName(place.unit, place.pick);
    case 'selection':
      return 'the selection';
    case 'whole':
      return 'the text';
    case 'words':
      return quote(place.words, QUOTE_MAX);
    case 'span':
      return `${quote(place.from, QUOTE_MAX)} … ${quote(place.to, QUOTE_MAX)}`;
  }
}

function unitName(unit: TextUnit, pick: Extract<TextPlace, { kind: 'unit' }>['pick']): string {
  if (pick === 'current') return `this ${unit}`;
  if (pick.fromEnd) return pick.rank === 1 ? `the last ${unit}` : `the ${ordinal(pick.rank)} to last ${unit}`;
  return `the ${ordinal(pick.rank)} ${unit}`;
}

/** What a word begins with: a letter, a digit or an opening bracket or quote. */
const WORD_START = /[\p{L}\p{N}([{“‘]/u;
/** Marks after which a word is written with a space: the end of a word, a sentence, a clause or a closing bracket. */
const SPACE_AFTER = /[\p{L}\p{N}.,;:!?)\]}"”’]/u;

/**
 * The words as they are typed at `at`: a space before them after a word or a mark that ends one, and
 * one after them before a word, as dictation writes (Dragon's "insert after" does the same). Words
 * the user began or ended with a space are typed as said; ".com" after a word gets no space before it.
 */
export function spacedAt(text: string, at: number, words: string): string {
  if (/^\s|\s$/u.test(words)) return words;
  const before = text.slice(0, at).at(-1) ?? '';
  const after = text.slice(at, at + 1);
  const lead = SPACE_AFTER.test(before) && WORD_START.test(words.charAt(0)) ? ' ' : '';
  const trail = WORD_START.test(after) && SPACE_AFTER.test(words.at(-1) ?? '') ? ' ' : '';
  return `${lead}${words}${trail}`;
}

function firstWords(text: string): string {
  return text.split(/\s+/u).slice(0, 3).join(' ');
}

function lastWords(text: string): string {
  return text.split(/\s+/u).slice(-3).join(' ');
}

function capital(text: string): string {
  return text.charAt(0).toLocaleUpperCase() + text.slice(1);
}
