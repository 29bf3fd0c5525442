/**
 * The engine's parameters, in its own words: the registry adapts validated intents to these.
 *
 * They mirror the intent schema structurally (an intent's `element` is a `Target`), so the adapter
 * is a rename, not a translation; src/execution does not import src/intent.
 */
import type { AxBridge } from './accessibility/ax-bridge.js';
import type { Role } from '../shared/roles.js';
import type { ActionResult } from './results.js';
import type { ElementChoice, OrdinalTarget, Target } from './element-target.js';

export type { ElementChoice, LabelTarget, OrdinalTarget, Target } from './element-target.js';

/** A screen point in pixels. */
export interface Point {
  readonly x: number;
  readonly y: number;
}

/** A place: a point or an element (its visible centre). */
export type Place = Point | Target;

export function isPoint(place: Place): place is Point {
  return 'x' in place && 'y' in place;
}

export function isTargetById(target: Target): target is { readonly id: number } {
  return 'id' in target;
}

export function isOrdinalTarget(target: Target): target is OrdinalTarget {
  return 'ordinal' in target;
}

export function isChosenTarget(target: Target): target is { readonly choice: ElementChoice } {
  return 'choice' in target;
}

/** What the engine read about an element in the live tree, for the risk re-check (the registry's ElementFacts). */
export interface LiveElementFacts {
  readonly role?: Role;
  readonly name?: string;
  readonly description?: string;
  /** A secret field: the password role, or a name such as PIN, card number or one-time code. */
  readonly secure?: boolean;
  /** A terminal, or a text area of a shell-like app: typed text + Enter runs a command. */
  readonly terminal?: boolean;
  /** A terminal whose current line holds text this engine typed, not yet followed by Enter. */
  readonly typedLine?: boolean;
  /** One of the assistant's own windows. */
  readonly own?: boolean;
  /** The focused element could not be read: a key that activates it may press anything. */
  readonly unread?: boolean;
  /** The window system says another window has the keyboard than the app that was read (with `unread`). */
  readonly elsewhere?: boolean;
  /** The element says it takes typed text (an editable cell, a content-editable page part). */
  readonly editable?: boolean;
  /** A text field of one line (Enter in it activates the window's default button or submits). */
  readonly singleLine?: boolean;
  /** The element is in a dialog or alert: the dialog's title and message texts (not its buttons). */
  readonly dialogText?: string;
  /** The other elements of its window marked default (what Enter in a one-line field presses). */
  readonly defaultButtons?: readonly LiveElementFacts[];
  /** An item of a list, tree or table: the name of the container it is in ('' when it has none). */
  readonly itemOf?: string;
  /**
   * A terminal's current line after its prompt, as read through its text: '' for an empty prompt,
   * null when it could not be read (Enter there may run anything).
   */
  readonly line?: string | null;
  /** A control of an app that shows a terminal (a terminal app, or a window with a terminal in it): its “Paste” pastes there. */
  readonly besideTerminal?: boolean;
}

/** Facts about the live target, gathered right before acting (the shape of the registry's TargetFacts). */
export interface LiveFacts {
  /** The element the action resolves to (click, type into, drag from). */
  readonly element?: LiveElementFacts;
  /** The element that has keyboard focus, which receives typed text and keys. */
  readonly focused?: LiveElementFacts;
  /** For a drag: the element under the drop point. */
  readonly dropTarget?: LiveElementFacts;
  /** For a key chord: the elements of the focused window it is bound to (a mnemonic, an accelerator). */
  readonly bound?: readonly LiveElementFacts[];
}

/**
 * The last check before acting, given the live facts: undefined to go ahead, or the result to
 * return instead (needs_confirmation when the live target is riskier than what was approved).
 */
export type LiveGate = (facts: LiveFacts) => ActionResult | undefined;

export interface ActOptions {
  readonly gate?: LiveGate;
  /** Cancels a running action between its steps (the user pressed Stop). */
  readonly signal?: AbortSignal;
  /** A sequence asks it before each step (`n` of `total`, what the step does): run it, or stop there. */
  readonly between?: BetweenSteps;
}

/** 'go' runs the step; `stop` ends the sequence before it (the steps before it stay done), saying why in a sentence. */
export type StepGo = 'go' | { readonly stop: string };

/** Asked before step `n` of `total` of a sequence. */
export type BetweenSteps = (n: number, total: number, describe: string) => Promise<StepGo>;

/** One step of a sequence: what to call it in a message, and how to run it. */
export interface SequenceStep {
  /** Short words for messages: "click “Send”". */
  readonly describe: string;
  readonly run: (options: { readonly signal?: AbortSignal }) => Promise<ActionResult>;
}

/** The accessibility calls the engine uses (AxBridge implements them). */
export type AccessibilityDriver = Pick<
  AxBridge,
  'frontmostApp' | 'runningApps' | 'launchApp' | 'snapshot' | 'performAction' | 'setValue' | 'readValue' | 'insertText' | 'activateApp'
> &
  /** Optional: a platform half (and a test double) that does not read the caret, or the window system's keyboard owner, leaves it out. */
  Partial<Pick<AxBridge, 'textSelection' | 'setTextSelection' | 'keyboardOwner' | 'listWindows' | 'windowCommand'>>;

/** Time, injectable so that tests of waits and retries run fast and deterministically. */
export interface Clock {
  now(): number;
  sleep(ms: number): Promise<void>;
}

export const SYSTEM_CLOCK: Clock = {
  now: () => performance.now(),
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
};

/**
 * The focused text field as dictation reads it (issue #18): which field (its app and names, so the
 * session knows where its text went) and its whole text. A secure field's text is never read.
 */
export interface FocusedText {
  readonly app: string;
  readonly pid: number;
  readonly role: Role;
  readonly name: string;
  /** Its text; null for a secure field, a terminal, or an element that shows no text. */
  readonly value: string | null;
  /**
   * Where its caret and selection are, as UTF-16 indices into `value` (selection [start, end),
   * start === end: none), when the platform reads them; absent otherwise.
   */
  readonly selection?: { readonly caret: number; readonly start: number; readonly end: number };
  readonly secure: boolean;
  readonly terminal: boolean;
}
