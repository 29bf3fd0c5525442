/**
 * "Take it back" (issue #31 item 5): the assistant's last action reversed where it can be, said in
 * a sentence where it cannot. `planTakeBack` is pure: the last action's record (what the engine read
 * back when it acted, src/execution/undo-record.ts) → the intent that reverses it, on the same pinned
 * element, or a sentence why not. `TakeBack.run` checks the element is still as the action left it,
 * then runs the reverse through the same loop (validation, risk, confirmation, the live gate, audit);
 * typed text is set back through the bridge, judged by the live gate as typing into that field.
 *
 * The words do not collide: "undo" is Ctrl+Z to the app (the grammar), "undo that" in dictation takes
 * back dictated text (dictation.ts); "take it back" and "undo your last action" are the assistant's.
 * In German „rückgängig“ is the app's undo and „nimm das zurück“ the assistant's.
 */
import { describeIntent } from '../intent/describe.js';
import type { Intent } from '../intent/schema.js';
import { validateIntentValue, type ValidationContext } from '../intent/validator.js';
import { liveGate, type EngineApi } from '../registry/dispatch.js';
import { classifyRisk, gateDecision, type GatePolicy } from '../registry/risk.js';
import type { AssistantEvent, AssistantStatus } from '../shared/contracts/events.js';
import { DE_TAKE_BACK_WORDS } from '../shared/lang/de/session-words.js';
import { quote } from '../shared/text/quote.js';
import { withUmlautSpellings } from '../shared/text/umlauts.js';
import type { ActOptions } from '../execution/engine-types.js';
import type { ActionResult, Found } from '../execution/results.js';
import type { RestoredRecord } from '../execution/take-back.js';
import { CLOSE_TAB_CHORDS, type UndoRecord } from '../execution/undo-record.js';
import { end, type Planned, type RunState, type Step } from './run-state.js';
import { loopPhrase, type RememberedIntent, type SessionMemory } from './session-memory.js';

const WORDS = new Set([
  ...['take it back', 'take that back', 'undo your last action', 'undo the last action', 'undo what you did'],
  // German's (issue #32 item 6): no English command reads like them, so they count whatever the language, as "nochmal" does.
  ...withUmlautSpellings(DE_TAKE_BACK_WORDS),
]);

/** "Take it back" and its variants ("nimm das zurück"), as a whole command. */
export function isTakeBackRequest(command: string): boolean {
  return WORDS.has(loopPhrase(command));
}

/** Browsers, by the app name the accessibility tree gives: Ctrl+Shift+T reopens their last closed tab. */
const BROWSERS = /\b(firefox|chromium|chrome|brave|vivaldi|opera|edge|epiphany|web|librewolf|safari)\b/i;

/** How the reverse names its element in the plan shown: the one the action was done on, pinned. */
const SAME = 'the same one as before';

const OPPOSITE = { up: 'down', down: 'up', left: 'right', right: 'left' } as const;

export type TakeBackPlan =
  /** The intent that reverses the action, on the element it acted on. */
  | { readonly kind: 'intent'; readonly intent: Intent; readonly record: UndoRecord; readonly pinned?: { readonly option: string } }
  /** Typed text: the field set back to its text before; a window: back to its place, size and state before. */
  | { readonly kind: 'restore'; readonly record: RestoredRecord }
  /** Nothing to do: the sentence says why. */
  | { readonly kind: 'refuse'; readonly message: string };

/** What to do to take back `last` (the remembered last action and what it changed). Pure. */
export function planTakeBack(last: RememberedIntent | undefined, alreadyTaken = false): TakeBackPlan {
  if (!last) {
    const message = alreadyTaken
      ? 'I already took back the last action, and I remember only one: undo anything older in the app itself, for example say “undo”.'
      : 'There is nothing to take back yet: I have not done anything in this session.';
    return { kind: 'refuse', message };
  }
  const done = describeIntent(last.intent).replace(/\.$/, '');
  const record = last.undo;
  if (!record) return { kind: 'refuse', message: notReversible(last.intent, done) };
  switch (record.kind) {
    case 'typed':
    case 'window':
      return { kind: 'restore', record };
    case 'toggled': {
      const element = { label: record.element.name, role: record.element.role, ...(record.element.query.app ? { app: record.element.query.app } : {}) };
      return { kind: 'intent', intent: { intent: 'click_element', element }, record, pinned: { option: SAME } };
    }
    case 'scrolled': {
      const back = { intent: 'scroll', direction: OPPOSITE[record.direction], amount: record.steps } as const;
      if (record.over) {
        const element = { label: record.over.name, role: record.over.role, ...(record.over.query.app ? { app: record.over.query.app } : {}) };
        return { kind: 'intent', intent: { ...back, element }, record, pinned: { option: SAME } };
      }
      return { kind: 'intent', intent: { ...back, ...(record.app ? { app: record.app } : {}) }, record };
    }
    case 'chord': {
      if (CLOSE_TAB_CHORDS.has(record.chord) && BROWSERS.test(record.app)) {
        const mod = record.chord.startsWith('cmd') ? 'cmd' : 'ctrl';
        return { kind: 'intent', intent: { intent: 'press_key', key: 't', modifiers: [mod, 'shift'], app: record.app }, record };
      }
      return { kind: 'refuse', message: notReversible(last.intent, done) };
    }
  }
}

/** Why an action cannot be taken back, and what the user can do instead. */
function notReversible(intent: Intent, done: string): string {
  const what = quote(done, 80);
  switch (intent.intent) {
    case 'sequence':
      return `I cannot take back ${what}: it was several steps. Undo them in the app, for example say “undo”.`;
    case 'open_application':
    case 'open_url':
      return `I cannot take back ${what}: close what it opened yourself, for example say “press ctrl+w” or “press alt+F4”.`;
    case 'press_key':
      return `I cannot take back ${what}: I cannot tell what that key changed. If the app can undo it, say “undo”.`;
    case 'window_command':
      return notReversibleWindow(intent, what);
    default:
      return `I cannot take back ${what}: I cannot tell what it changed, or it cannot be reversed. If the app can undo it, say “undo”.`;
  }
}

/** Why a window command cannot be taken back: closing cannot be undone; for the others, what to say instead. */
function notReversibleWindow(intent: Extract<Intent, { intent: 'window_command' }>, what: string): string {
  const which = intent.title ? `the window ${quote(intent.title, 60)}` : 'the window';
  switch (intent.action) {
    case 'close':
      return `I cannot take back closing ${which}: a closed window cannot be opened again as it was. Open it again from its app; if it held unsaved work, the app may offer to recover it.`;
    case 'zoom_in':
    case 'zoom_out':
      return `I cannot take back the zoom: say “${intent.action === 'zoom_in' ? 'zoom out' : 'zoom in'}” instead.`;
    case 'show_desktop':
      return 'I cannot take back showing the desktop: say “restore” to bring the windows back.';
    case 'next_window':
    case 'switch_to':
      return 'I cannot take back switching windows: say “switch to” and the words of the other window’s title bar.';
    default:
      return `I cannot take back ${what}: I did not read how the window was before. Say what to do with it, for example “restore the window”.`;
  }
}

/** The engine's half of taking back (src/execution/take-back.ts, as ExecutionEngine offers it). */
interface TakeBackEngine {
  stillAsLeft(record: UndoRecord): Promise<Found<true>>;
  restoreRecorded(record: RestoredRecord, options?: ActOptions): Promise<ActionResult>;
}
const canTakeBack = (engine: EngineApi): engine is EngineApi & TakeBackEngine => {
  const e = engine as EngineApi & Partial<TakeBackEngine>;
  return typeof e.stillAsLeft === 'function' && typeof e.restoreRecorded === 'function';
};

export interface TakeBackDeps {
  readonly engine: EngineApi;
  readonly memory: SessionMemory;
  readonly emit: (event: AssistantEvent) => void;
  readonly setStatus: (status: AssistantStatus) => void;
  readonly policy?: GatePolicy;
  readonly validation: () => ValidationContext;
  /** The loop's way of acting on a plan (acting.ts): risk, confirmation, the live gate, audit. */
  readonly act: (state: RunState, planned: Planned) => Promise<Step>;
}

/** Runs "take it back": plan, check the element is as the action left it, reverse, forget the action. */
export class TakeBack {
  /** The last action was taken back: a second "take it back" says so rather than redo it. */
  private taken = false;
  private takenFrom: RememberedIntent | undefined;

  constructor(private readonly deps: TakeBackDeps) {}

  async run(state: RunState): Promise<Step> {
    const { memory, engine } = this.deps;
    const last = memory.lastPerformed;
    const stale = this.taken && last === this.takenFrom;
    const plan = planTakeBack(stale ? undefined : last, stale);
    if (plan.kind === 'refuse') return this.refuse(plan.message);
    if (!canTakeBack(engine)) return this.refuse('I cannot take it back here: this engine cannot check what the last action changed.');
    const still = await engine.stillAsLeft(plan.record);
    if (!still.ok) return this.refuse(still.result.kind === 'failure' ? still.result.reason : 'I cannot take it back: nothing was changed.');
    const step = plan.kind === 'restore' ? await this.restore(engine, plan.record) : await this.reverse(state, plan);
    if (step.kind === 'end' && step.result.outcome === 'done') {
      this.taken = true;
      this.takenFrom = memory.lastPerformed;
    }
    return step;
  }

  private async reverse(state: RunState, plan: Extract<TakeBackPlan, { kind: 'intent' }>): Promise<Step> {
    const validation = validateIntentValue(plan.intent, this.deps.validation());
    if (!validation.ok) return this.refuse(`I cannot take it back: ${validation.rejection.message}`);
    const element = plan.record.kind === 'toggled' ? plan.record.element : plan.record.kind === 'scrolled' ? plan.record.over : undefined;
    const step = await this.deps.act(state, {
      intent: validation.intent,
      source: 'grammar',
      lowConfidence: false,
      ...(element && plan.pinned ? { picked: { element, option: plan.pinned.option } } : {}),
    });
    if (step.kind !== 'end' || step.result.outcome !== 'done') return step;
    return end('done', `Took it back: ${step.result.message}`);
  }

  /**
   * Typed text: judged by the live gate as typing into that field, set back through the bridge. A
   * window: judged as restoring that window, put back through the window manager.
   */
  private async restore(engine: TakeBackEngine, record: RestoredRecord): Promise<Step> {
    const { emit, policy, setStatus } = this.deps;
    const judged: Intent =
      record.kind === 'typed'
        ? { intent: 'type_text', text: record.text, element: { label: record.field.name, role: record.field.role } }
        : { intent: 'window_command', action: 'restore', ...(record.title ? { title: record.title } : {}) };
    const risk = classifyRisk(judged);
    if (gateDecision(risk.level, policy) !== 'run') {
      const what = record.kind === 'typed' ? record.field.name || 'that field' : record.title || 'that window';
      return this.refuse(
        `I did not take it back: changing ${quote(what, 40)} needs your confirmation (${risk.reason}). Undo it in the app, for example say “undo”.`,
      );
    }
    setStatus('executing');
    const result = await engine.restoreRecorded(record, { gate: liveGate(judged, risk.level, policy) });
    if (result.kind === 'success') {
      emit({ type: 'action_result', ok: true, message: result.message });
      this.deps.memory.addTurn({ kind: 'result', outcome: 'done', detail: '' });
      return end('done', result.message);
    }
    const message = result.kind === 'failure' || result.kind === 'needs_confirmation' ? result.reason : 'I could not take it back: nothing was changed.';
    return this.refuse(message);
  }

  private refuse(message: string): Step {
    this.deps.emit({ type: 'error', code: 'cannot_take_back', message, retryable: false });
    return end('refused', message);
  }
}
