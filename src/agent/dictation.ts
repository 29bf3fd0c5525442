/**
 * Dictation mode (issue #18 item 1): "start dictation" until "stop dictation" (or a Stop), every
 * utterance or typed line is text for the focused field, read by src/intent/dictation-text.ts into
 * text or a correction command.
 *
 * Text goes in through the engine's own typing path: a `type_text` plan handed to the loop's actor,
 * so the risk table, the live gate (secure fields refused, a line break into a terminal asks), the
 * confirmation and the audit log apply as to any command. The field is then read back and what was
 * typed where is remembered per field (dictation-field.ts).
 *
 * Corrections act on what was dictated, with keys, as a person would (so the app's own undo history
 * keeps them): to the end or the start of the text (Ctrl+End or Ctrl+Home; ⌘↓ or ⌘↑ on a Mac, the
 * platform's keys from src/execution/input/keymap.ts), then Left or Right to the place, Shift+Left over the words,
 * then the new words typed (the same type_text path) or BackSpace; the field is read back and must
 * read exactly as expected, else the correction stops with a sentence. The field's text is never
 * set whole (that would lose a rich editor's formatting and undo history).
 */
import type { Language } from '../shared/language.js';
import type { Role } from '../shared/roles.js';
import { changeCase, isDictationStart, isDictationStop, readDictation, renderDictation, type DictationCommand, type Piece } from '../intent/dictation-text.js';
import type { EngineApi } from '../registry/dispatch.js';
import type { GatePolicy } from '../registry/risk.js';
import type { FocusedText } from '../execution/engine-types.js';
import type { InputPlatform } from '../execution/input/keymap.js';
import type { AssistantEvent } from '../shared/contracts/events.js';
import { quote } from '../shared/text/quote.js';
import {
  applyEdit,
  caretAfter,
  caretMoveTo,
  findPhrase,
  graphemes,
  inverse,
  locateInsertion,
  recordEdit,
  thatRange,
  describeEdit,
  forget,
  fullRange,
  keyOf,
  labelOf,
  sameCapital,
  type Edit,
  type FieldRecord,
} from './dictation-field.js';
import { readTextEditIn } from '../intent/grammar/de/edit-de.js';
import { FieldKeys, Stopped } from './field-keys.js';
import { TextEditing } from './text-editing.js';
import type { RunResult } from './loop-types.js';
import type { Planned, RunState, Step } from './run-state.js';

/** The fields dictation remembers at once (the oldest is forgotten). */
const FIELDS_MAX = 8;

/** The most key presses one correction may take: farther text is corrected by hand. */
export const CORRECTION_KEYS_MAX = 400;

export interface DictationDeps {
  readonly engine: EngineApi;
  readonly policy?: GatePolicy;
  /** The loop's emit (a throwing listener cannot break the run). */
  readonly emit: (event: AssistantEvent) => void;
  /** The loop's actor: risk, gate, confirmation, dispatch and audit of one plan. */
  readonly act: (state: RunState, planned: Planned) => Promise<Step>;
  /** Whose keys move the caret (a Mac's ⌘↑ and ⌘↓, or Ctrl+Home and Ctrl+End); default this process's platform. */
  readonly platform?: InputPlatform;
  /** The language edits are read in (the setting, read at each command); absent: English. */
  readonly language?: () => Language;
}

const QUOTE_MAX = 60;

export class DictationSession {
  private on = false;
  private readonly fields = new Map<string, FieldRecord>();
  /** The field a correction acts on (role and name as read when it began): its keys go there only. */
  private correcting: { readonly role: Role; readonly name: string } | undefined;
  /** The end of what dictation typed into fields that do not show their text (for spacing only). */
  private readonly blind = new Map<string, string>();
  private readonly fieldKeys: FieldKeys;
  /** Editing any field's text outside dictation ("select the second paragraph", text-editing.ts). */
  private readonly editing: TextEditing;

  constructor(private readonly deps: DictationDeps) {
    this.fieldKeys = new FieldKeys(deps);
    this.editing = new TextEditing(this.fieldKeys, (message) => deps.emit({ type: 'action_result', ok: true, message }));
  }

  private get keys(): FieldKeys['keys'] {
    return this.fieldKeys.keys;
  }

  /** Dictation mode is on: every command is text for the focused field. */
  get active(): boolean {
    return this.on;
  }

  /**
   * The loop's hook: the result when dictation took the text (starting or stopping it, text, a
   * correction), undefined when the text is a command for the planners.
   */
  async take(text: string, state: RunState): Promise<RunResult | undefined> {
    if (!this.on) {
      if (isDictationStart(text)) return this.start();
      if (isDictationStop(text)) return { outcome: 'done', message: 'Dictation is not on: commands are carried out as usual.' };
      // Editing any field by its words; while dictating, dictation's own "select …" and "correct …" win.
      const edit = readTextEditIn(text, this.deps.language?.());
      return edit && (await this.editing.claims(edit)) ? this.stoppable('text_edit', () => this.editing.run(edit, state)) : undefined;
    }
    const said = readDictation(text, this.deps.language?.());
    // An edit of the field's text that dictation does not read as its own command ("delete the last
    // sentence", "go to the end of the line", "select the second paragraph") is carried out, as Dragon
    // does; "literal …" writes the words instead.
    const edit = said.kind === 'text' || said.command.kind === 'select' ? readTextEditIn(text, this.deps.language?.()) : null;
    if (edit && !(edit.kind === 'select' && edit.place.kind === 'words')) return this.stoppable('text_edit', () => this.editing.run(edit, state));
    return this.stoppable('dictation', () => (said.kind === 'text' ? this.dictate(said.pieces, state) : this.command(said.command, state)));
  }

  /** Runs a change; one that stops says its sentence as an error and fails. */
  private async stoppable(code: string, change: () => Promise<RunResult>): Promise<RunResult> {
    try {
      return await change();
    } catch (e) {
      if (e instanceof Stopped) {
        this.deps.emit({ type: 'error', code, message: e.message, retryable: false });
        return { outcome: 'failed', message: e.message };
      }
      throw e;
    }
  }

  /** Leaves dictation mode (said, or the loop's Stop); says so once. */
  leave(why: 'said' | 'stopped'): RunResult {
    const message = why === 'said' ? 'Dictation is off: commands are carried out again.' : 'Stopped, and dictation is off: commands are carried out again.';
    if (this.on) {
      this.on = false;
      this.deps.emit({ type: 'mode', mode: 'commands', message });
    }
    return { outcome: 'done', message };
  }

  private start(): RunResult {
    this.on = true;
    const message =
      'Dictation is on: what you say is written into the focused field. Say “scratch that”, “correct … to …” or “select …” to fix it, and “stop dictation” to go back to commands.';
    this.deps.emit({ type: 'mode', mode: 'dictation', message });
    return { outcome: 'done', message };
  }

  // ── text ───────────────────────────────────────────────────────────────────

  private async dictate(pieces: readonly Piece[], state: RunState): Promise<RunResult> {
    const field = await this.focusedField();
    const record = field.value === null ? undefined : this.recordFor(field);
    const selection = record?.selection;
    // A field that does not show its text (a terminal): what dictation typed there is the context.
    const blindKey = keyOf(field);
    const before = record ? record.value.slice(0, selection ? selection.start : record.caret) : (this.blind.get(blindKey) ?? '');
    const typed = renderDictation(pieces, before, { capitals: !field.terminal });
    if (typed === '') return { outcome: 'needs_user', message: 'There was nothing to write: say the words to write, or “stop dictation”.' };
    const result = await this.type(state, typed, field);
    if (result.outcome === 'done' && !record) this.rememberBlind(blindKey, before + typed);
    if (result.outcome !== 'done' || !record) return result;
    const after = (await this.focusedField()).value;
    if (after === null) return result;
    const from = selection ?? { start: record.caret, end: record.caret };
    const edit: Edit = { start: from.start, removed: record.value.slice(from.start, from.end), inserted: typed, kind: 'phrase' };
    if (after === applyEdit(record.value, edit)) {
      recordEdit(record, edit, after);
    } else {
      // The caret was elsewhere (the user clicked): find where the phrase went.
      const at = locateInsertion(record.value, after, typed);
      if (at) recordEdit(record, { start: at.start, removed: record.value.slice(at.start, at.end), inserted: typed, kind: 'phrase' }, after);
      else forget(record, after);
    }
    return result;
  }

  /**
   * Types through the loop's actor: the risk table, the gate, a confirmation and the audit log apply.
   * The text is for `field` only (issue #27): when the focus is on another element as it goes, nothing is typed.
   */
  private async type(state: RunState, text: string, field: { readonly role: Role; readonly name: string }): Promise<RunResult> {
    return this.fieldKeys.type(state, text, field);
  }

  // ── corrections ────────────────────────────────────────────────────────────

  private async command(command: DictationCommand, state: RunState): Promise<RunResult> {
    if (command.kind === 'stop') return this.leave('said');
    const field = await this.focusedField();
    // Its keys are for this field only: one that finds the focus elsewhere is not pressed (issue #27).
    this.correcting = { role: field.role, name: field.name };
    const record = field.value === null ? undefined : this.fields.get(keyOf(field));
    if (field.value === null || !record || (record.edits.length === 0 && !record.selection && command.kind !== 'correct' && command.kind !== 'select')) {
      const why = field.value === null ? 'this field does not show its text to the assistant' : 'nothing was dictated into it yet';
      throw new Stopped(`I cannot correct ${labelOf(field)}: ${why}. Correct it by hand, or click the field you dictated into.`);
    }
    if (record.value !== field.value) {
      forget(record, field.value);
      throw new Stopped(
        `The text in ${record.label} changed since it was dictated, so I cannot be sure where to make the change. Correct it by hand, or dictate again.`,
      );
    }
    switch (command.kind) {
      case 'select':
        return this.select(record, command.phrase, state);
      case 'undo': {
        const last = record.edits.at(-1);
        if (!last) throw new Stopped(`There is nothing dictated to undo in ${record.label}.`);
        await this.apply(record, inverse(last), state, true);
        return this.done(`Undone: ${describeEdit(last)}.`);
      }
      case 'scratch': {
        const last = record.edits.at(-1);
        if (!record.selection && last?.kind === 'phrase') {
          await this.apply(record, inverse(last), state, true);
          return this.done(last.inserted.trim() === '' ? 'Removed the last line break.' : `Removed ${quote(last.inserted.trim(), QUOTE_MAX)}.`);
        }
        const range = record.selection ?? fullRange(last);
        if (!range) throw new Stopped(`There is nothing dictated to remove in ${record.label}.`);
        const removed = record.value.slice(range.start, range.end);
        await this.apply(record, { start: range.start, removed, inserted: '', kind: 'correction' }, state, false);
        return this.done(`Removed ${quote(removed.trim(), QUOTE_MAX)}.`);
      }
      case 'case': {
        const range = thatRange(record);
        if (!range) throw new Stopped(`There is no dictated text to change in ${record.label}: select the words first (“select …”).`);
        const removed = record.value.slice(range.start, range.end);
        const inserted = changeCase(removed, command.change);
        if (inserted === removed) return this.done(`${quote(removed, QUOTE_MAX)} is already written that way.`);
        await this.apply(record, { start: range.start, removed, inserted, kind: 'correction' }, state, false);
        return this.done(`Changed to ${quote(inserted, QUOTE_MAX)}.`);
      }
      case 'correct': {
        for (const split of command.splits) {
          const range = findPhrase(record.value, split.from);
          if (!range) continue;
          const removed = record.value.slice(range.start, range.end);
          const inserted = sameCapital(removed, split.to);
          await this.apply(record, { start: range.start, removed, inserted, kind: 'correction' }, state, false);
          return this.done(`Corrected ${quote(removed, QUOTE_MAX)} to ${quote(inserted, QUOTE_MAX)}.`);
        }
        const words = command.splits[0]?.from ?? '';
        throw new Stopped(
          `I cannot find ${quote(words, QUOTE_MAX)} in ${record.label}. Say the words as they are written there, or say “literal correct …” to write the words themselves.`,
        );
      }
    }
  }

  private async select(record: FieldRecord, phrase: string, state: RunState): Promise<RunResult> {
    const range = phrase === 'that' ? thatRange(record) : findPhrase(record.value, phrase);
    if (!range) {
      throw new Stopped(
        phrase === 'that'
          ? `There is no dictated text to select in ${record.label}.`
          : `I cannot find ${quote(phrase, QUOTE_MAX)} in ${record.label}. Say the words as they are written there, or say “literal select …” to write the words themselves.`,
      );
    }
    const words = record.value.slice(range.start, range.end);
    await this.moveCaret(record, range.end, state);
    await this.press(state, this.keys.selectLeft, graphemes(words));
    const selected = await this.expect(record, record.value);
    // Where the bridge reads the selection, it must be exactly those words.
    if (selected.selection && (selected.selection.start !== range.start || selected.selection.end !== range.end)) {
      forget(record, record.value);
      const shown = quote(record.value.slice(selected.selection.start, selected.selection.end), QUOTE_MAX);
      throw new Stopped(`The selection is not on ${quote(words, QUOTE_MAX)} but on ${shown}: select the words by hand, or say “select …” again.`);
    }
    record.selection = range;
    record.caret = range.start;
    return this.done(`Selected ${quote(words, QUOTE_MAX)}: what you say next replaces it.`);
  }

  /**
   * Makes one change with keys: to the end of the range, Shift+Left over it, then the new text typed
   * (or BackSpace), the field read back exactly; then the caret back where dictation goes on.
   * `popped`: the change takes back the last one on the stack (undo, scratch).
   */
  private async apply(record: FieldRecord, edit: Edit, state: RunState, popped: boolean): Promise<void> {
    const keep = record.selection ? record.selection.start : record.caret;
    const removedKeys = graphemes(edit.removed);
    const move = caretMoveTo(record.value, edit.start + edit.removed.length);
    if (move.presses + removedKeys > CORRECTION_KEYS_MAX) {
      throw new Stopped(`That text is too far from the end of ${record.label} to correct it safely with keys. Correct it by hand.`);
    }
    const expected = applyEdit(record.value, edit);
    await this.moveCaret(record, edit.start + edit.removed.length, state);
    if (removedKeys > 0) await this.press(state, this.keys.selectLeft, removedKeys);
    if (edit.inserted !== '') {
      if (!this.correcting) throw new Stopped('The correction lost its field: correct it by hand.');
      const typed = await this.type(state, edit.inserted, this.correcting);
      if (typed.outcome !== 'done') {
        forget(record, (await this.focusedField()).value ?? record.value);
        throw new Stopped(`The correction stopped: ${typed.message}`);
      }
    } else if (removedKeys > 0) {
      await this.press(state, this.keys.deleteBack, 1);
    }
    await this.expect(record, expected);
    const caret = caretAfter(keep, edit);
    if (popped) {
      record.edits.pop();
      record.value = expected;
      record.selection = undefined;
      record.caret = edit.start + edit.inserted.length;
    } else {
      recordEdit(record, edit, expected);
    }
    // Back where dictation goes on (a correction mid-text leaves the caret after its words).
    const here = record.caret;
    if (caret !== here) {
      const between = caret > here ? record.value.slice(here, caret) : record.value.slice(caret, here);
      await this.press(state, caret > here ? this.keys.right : this.keys.left, graphemes(between));
      record.caret = caret;
    }
  }

  /** To the end or the start of the text, then Left or Right: the caret at `offset` wherever the user left it. */
  private async moveCaret(record: FieldRecord, offset: number, state: RunState): Promise<void> {
    await this.fieldKeys.moveCaret(record.value, offset, state, this.correcting);
  }

  /** Reads the field back: it must read exactly `expected`, else the correction stops. */
  private async expect(record: FieldRecord, expected: string): Promise<FocusedText> {
    const field = await this.focusedField();
    const now = field.value;
    if (now === expected) return field;
    forget(record, now ?? record.value);
    const shown = now === null ? 'nothing' : quote(now, 120);
    throw new Stopped(
      `The correction did not come out as expected: ${record.label} now reads ${shown}. Check it (the app's own undo, ${this.keys.undoName}, takes keys back); dictation goes on from there.`,
    );
  }

  private async press(state: RunState, chord: FieldKeys['keys']['left'], times: number): Promise<void> {
    await this.fieldKeys.press(state, chord, times, this.correcting);
  }

  private done(message: string): RunResult {
    this.deps.emit({ type: 'action_result', ok: true, message });
    return { outcome: 'done', message };
  }

  // ── the field ──────────────────────────────────────────────────────────────

  private focusedField(): Promise<FocusedText> {
    return this.fieldKeys.focusedField();
  }

  private rememberBlind(key: string, typed: string): void {
    this.blind.delete(key);
    this.blind.set(key, typed.slice(-200));
    const oldest = this.blind.size > FIELDS_MAX ? this.blind.keys().next().value : undefined;
    if (oldest !== undefined) this.blind.delete(oldest);
  }

  /** The field's record, new or brought up to date: text changed by someone else ends what was remembered. */
  private recordFor(field: FocusedText): FieldRecord {
    const key = keyOf(field);
    const value = field.value ?? '';
    let record = this.fields.get(key);
    if (!record) {
      // A field dictation did not type into yet: the caret is where the bridge says, else at its end.
      record = { key, label: labelOf(field), value, caret: value.length, edits: [], selection: undefined };
    } else if (record.value !== value) {
      forget(record, value);
    }
    // Where the user put the caret or selected words (when the bridge reads it): dictation goes there.
    const live = field.selection;
    if (live) {
      record.caret = live.caret;
      record.selection = live.end > live.start ? { start: live.start, end: live.end } : undefined;
    }
    this.fields.delete(key);
    this.fields.set(key, record);
    while (this.fields.size > FIELDS_MAX) {
      const oldest = this.fields.keys().next().value;
      if (oldest === undefined) break;
      this.fields.delete(oldest);
    }
    return record;
  }
}
