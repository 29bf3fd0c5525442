/**
 * The keys and typing that change a text field as a person would (dictation's corrections, and
 * editing any field by voice, text-editing.ts): the caret put at an offset with the platform's keys
 * from the start or the end of the text, Shift+Left over words, text typed through the loop's actor
 * (risk table, live gate, confirmation, audit), and the focused field read back through the engine.
 * Every key goes through the registry's dispatch for one field only (issue #27): a key that finds
 * the focus elsewhere is not pressed.
 */
import type { Role } from '../shared/roles.js';
import type { Intent } from '../intent/schema.js';
import { dispatchIntent, type ActionResult, type EngineApi } from '../registry/dispatch.js';
import type { GatePolicy } from '../registry/risk.js';
import { SYSTEM_CLOCK, type Clock, type FocusedText } from '../execution/engine-types.js';
import { caretKeys, inputPlatformOf, type CaretKeys, type Chord, type InputPlatform } from '../execution/input/keymap.js';
import { caretMoveTo, graphemes } from './dictation-field.js';
import type { RunResult } from './loop-types.js';
import { Cancelled, type Planned, type RunState, type Step } from './run-state.js';

/** The field keys are for: its role and name as read when the change began. */
export interface KeysFor {
  readonly role: Role;
  readonly name: string;
}

export interface FieldKeysDeps {
  readonly engine: EngineApi;
  readonly policy?: GatePolicy;
  /** The loop's actor: risk, gate, confirmation, dispatch and audit of one plan. */
  readonly act: (state: RunState, planned: Planned) => Promise<Step>;
  /** Whose keys move the caret (a Mac's ⌘↑ and ⌘↓, or Ctrl+Home and Ctrl+End); default this process's platform. */
  readonly platform?: InputPlatform;
  /** Time for the read-back's waits; default the system's. */
  readonly clock?: Clock;
}

/** How long a field may take to show a change (Firefox shows its page's text a moment after the keys), and how often it is read meanwhile. */
const READ_BACK_MS = 1000;
const READ_BACK_POLL_MS = 25;

/** A change that cannot go on: its sentence. */
export class Stopped extends Error {}

export class FieldKeys {
  readonly keys: CaretKeys;

  constructor(private readonly deps: FieldKeysDeps) {
    this.keys = caretKeys(deps.platform ?? inputPlatformOf(process.platform));
  }

  /** The key presses that put the caret at `offset` of `value` (from its nearer end). */
  pressesTo(value: string, offset: number): number {
    return caretMoveTo(value, offset).presses;
  }

  /** To the end or the start of the text, then Left or Right: the caret at `offset` wherever the user left it. */
  async moveCaret(value: string, offset: number, state: RunState, field: KeysFor | undefined): Promise<void> {
    const move = caretMoveTo(value, offset);
    await this.press(state, move.anchor === 'end' ? this.keys.textEnd : this.keys.textStart, 1, field);
    await this.press(state, move.key === 'left' ? this.keys.left : this.keys.right, move.presses, field);
  }

  /** The caret to the end of `words` (at `end`), then Shift+Left over them: they are selected. */
  async selectBack(value: string, end: number, words: string, state: RunState, field: KeysFor | undefined): Promise<void> {
    await this.moveCaret(value, end, state, field);
    await this.press(state, this.keys.selectLeft, graphemes(words), field);
  }

  /**
   * Types through the loop's actor: the risk table, the gate, a confirmation and the audit log apply.
   * The text is for `field` only (issue #27): when the focus is on another element as it goes, nothing is typed.
   */
  async type(state: RunState, text: string, field: KeysFor): Promise<RunResult> {
    return this.act(state, { intent: 'type_text', text }, { role: field.role, name: field.name });
  }

  /** Clicks the element named `label` through the loop's actor (a field given the focus before typing into it). */
  async click(state: RunState, label: string): Promise<RunResult> {
    return this.act(state, { intent: 'click_element', element: { label } });
  }

  private async act(state: RunState, intent: Intent, keysFor?: KeysFor): Promise<RunResult> {
    const step = await this.deps.act(state, { intent, source: 'grammar', lowConfidence: false, ...(keysFor ? { keysFor } : {}) });
    // A failure a planner might have planned again: the step's own sentence says why.
    return step.kind === 'end' ? step.result : { outcome: 'failed', message: `${state.lastFailed?.reason ?? 'It could not be done.'} Nothing more was done.` };
  }

  /** Presses a chord `times` times through the registry's dispatch (the live gate sees each). */
  async press(state: RunState, { key, modifiers }: Chord, times: number, field: KeysFor | undefined): Promise<void> {
    for (let i = 0; i < times; i++) {
      if (state.signal.aborted) throw new Cancelled();
      const result: ActionResult = await dispatchIntent(
        { intent: 'press_key', key, ...(modifiers.length > 0 ? { modifiers: [...modifiers] } : {}) },
        this.deps.engine,
        {
          approved: 'harmless',
          signal: state.signal,
          ...(this.deps.policy ? { policy: this.deps.policy } : {}),
          ...(field ? { keysFor: field } : {}),
        },
      );
      if (result.kind === 'success') continue;
      if (result.kind === 'failure' && result.code === 'interrupted') throw new Stopped(result.reason);
      const why = result.kind === 'failure' ? result.reason : result.kind === 'needs_confirmation' ? result.reason : 'the key was not pressed.';
      throw new Stopped(`The change stopped part-way: ${why} Check the field.`);
    }
  }

  /**
   * Selects [start, end) of `value` in the focused field (start === end: the caret there) through the
   * platform's text interface, and says where the caret and selection are after; undefined where the
   * platform or the app does not take it (then keys do it). Stops when the focus or the text moved.
   */
  async place(
    value: string,
    start: number,
    end: number,
    field: KeysFor,
  ): Promise<{ readonly caret: number; readonly start: number; readonly end: number } | undefined> {
    const place = this.deps.engine.placeInFocusedText;
    if (!place) return undefined;
    const placed = await place.call(this.deps.engine, { role: field.role, name: field.name, value }, start, end);
    if (!placed.ok) throw new Stopped(sentenceOf(placed.result));
    return placed.value;
  }

  /**
   * The focused field read until `shows` holds (its text as expected, the focus on the field
   * clicked), for at most a second: what it is then. An app may show a change a moment after it.
   */
  async focusedFieldWhen(shows: (field: FocusedText) => boolean): Promise<FocusedText> {
    const clock = this.deps.clock ?? SYSTEM_CLOCK;
    const started = clock.now();
    for (;;) {
      const now = await this.focusedField().catch((e: unknown) => {
        if (clock.now() - started >= READ_BACK_MS) throw e;
        return undefined;
      });
      if (now && (shows(now) || clock.now() - started >= READ_BACK_MS)) return now;
      await clock.sleep(READ_BACK_POLL_MS);
    }
  }

  /** The focused field, read through the engine; stops with the engine's sentence when it cannot be read. */
  async focusedField(): Promise<FocusedText> {
    const read = this.deps.engine.readFocusedText;
    if (!read) throw new Stopped('This assistant cannot read text fields back, so it cannot check a change to one. Use “type …” instead.');
    const found = await read.call(this.deps.engine);
    if (!found.ok) throw new Stopped(sentenceOf(found.result));
    if (!found.value) throw new Stopped('No text field has the keyboard focus: click the field first, then say it again.');
    return found.value;
  }
}

function sentenceOf(result: ActionResult): string {
  switch (result.kind) {
    case 'failure':
      return result.reason;
    case 'clarification':
      return result.question;
    case 'needs_confirmation':
      return result.reason;
    default:
      return 'The text field could not be read.';
  }
}
