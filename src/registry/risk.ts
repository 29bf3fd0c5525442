/**
 * Risk classification: a deterministic function of the intent and facts about the live target.
 *
 * The level never comes from a planner. Screen content is data: a label can raise the level (it says
 * "Delete"), never lower it, whatever else it says. A planner's claims (an element's role in the
 * intent) may raise the level too, and are trusted to lower nothing; only facts read from the live
 * accessibility tree can.
 */
import { assertNever } from '../shared/assert-never.js';
import { inputPlatformOf, modifierKey } from '../execution/input/keymap.js';
import { formatChord } from '../shared/keys.js';
import { riskRank, type RiskLevel } from '../shared/risk-level.js';
import { isSecureFieldName, SECURE_REFUSAL } from '../shared/secure-fields.js';
import { quote } from '../shared/text/quote.js';
import { readWebAddress } from '../shared/web-address.js';
import { titleMarksUnsaved } from '../shared/window-actions.js';
import { isElementById, isPoint, isStep, type ElementRef, type Intent, type Place, type Step } from '../intent/schema.js';
import { CHORD_RULES, DROP_TARGET_RULES } from './risk-table.js';
import { assessLabels, HARMLESS, higher, type RiskAssessment } from './label-risk.js';
import {
  assessActivatingKey,
  assessBoundChord,
  assessDeleteKey,
  assessDialogAnswer,
  assessPasteItem,
  assessTerminalKey,
  assessTypedAt,
  isActivatingChord,
} from './effects.js';
import type { LiveElementFacts, LiveFacts } from '../execution/engine-types.js';

export { matchWordRules, type RiskAssessment } from './label-risk.js';

/** What the execution layer knows about an element in the live tree: the engine's own contract, once. */
export type ElementFacts = LiveElementFacts;

/** What the latest observation said about an element id (its name and role), for plan-time checks. */
export type ObservedFacts = (id: number) => ElementFacts | undefined;

/** The live facts of a step's targets (element, focus, drop target, bound elements): the engine's LiveFacts. */
export type TargetFacts = LiveFacts;

const OWN_WINDOW: RiskAssessment = {
  level: 'blocked',
  reason: 'The assistant never acts on its own panel or overlay: change its settings yourself, in the panel.',
};

const SECURE_FIELD: RiskAssessment = { level: 'blocked', reason: SECURE_REFUSAL };

/** Off macOS the engine presses `cmd` as Ctrl (its keymap says so), so a cmd chord is judged as the Ctrl chord it becomes. */
const CMD_IS_CTRL = modifierKey('cmd', inputPlatformOf(process.platform)) === modifierKey('ctrl', inputPlatformOf(process.platform));

/**
 * The terminal's control chords: each signals the program running there or ends its input, and none
 * can be taken back. Ctrl+C is also "copy" everywhere else (issue #18).
 */
const TERMINAL_CHORDS: Readonly<Record<string, RiskAssessment>> = {
  c: { level: 'moderate', reason: 'Pressing Ctrl+C in the terminal stops the command running there (to copy in a terminal, say “press ctrl+shift+c”).' },
  d: {
    level: 'moderate',
    reason: 'Pressing Ctrl+D in the terminal ends its input: on an empty line it closes the shell, and with it the terminal window or tab.',
  },
  z: { level: 'moderate', reason: 'Pressing Ctrl+Z in the terminal suspends the command running there.' },
  backslash: { level: 'moderate', reason: 'Pressing Ctrl+\\ in the terminal quits the command running there at once, without letting it save.' },
};

/** The terminal control chord `key` with `modifiers` is, if any: Ctrl alone, or off a Mac cmd alone (pressed as Ctrl). */
function terminalChord(key: string, modifiers: readonly string[] | undefined): RiskAssessment | undefined {
  const only = modifiers?.length === 1 ? modifiers[0] : undefined;
  const ctrl = only === 'ctrl' || (only === 'cmd' && CMD_IS_CTRL);
  return ctrl && Object.hasOwn(TERMINAL_CHORDS, key) ? TERMINAL_CHORDS[key] : undefined;
}

/** A field that holds a secret: the password role, or a name that says so (PIN, card number, one-time code). */
export function isSecureTarget(ref: ElementRef | undefined, facts: ElementFacts | undefined): boolean {
  if (facts?.secure || facts?.role === 'password_field' || isSecureFieldName(facts?.name, facts?.description)) return true;
  return !!ref && !isElementById(ref) && (ref.role === 'password_field' || ('label' in ref && isSecureFieldName(ref.label)));
}

/** Live facts first; without them (planning), what the latest observation said about an id. */
function factsFor(ref: ElementRef | Place | undefined, live: ElementFacts | undefined, observed: ObservedFacts | undefined): ElementFacts | undefined {
  if (live) return live;
  return ref && !isPoint(ref) && isElementById(ref) ? observed?.(ref.id) : undefined;
}

/**
 * Closing a window ends what it shows (moderate); a title marked as holding unsaved work ("*", "●")
 * makes it destructive. The app's own "save changes?" dialog, when it asks, is answered under the
 * dialog rules (effect-rules.ts).
 */
function assessClosing(title: string | undefined): RiskAssessment {
  if (title !== undefined && titleMarksUnsaved(title)) {
    return { level: 'destructive', reason: `The window ${quote(title, 60)} shows unsaved work, which closing it may lose.` };
  }
  return { level: 'moderate', reason: 'Closing a window ends what it shows; its app may ask whether to save first.' };
}

function assessStep(step: Step, facts: TargetFacts, observed?: ObservedFacts): RiskAssessment {
  const ownTouched = [facts.element, facts.focused, facts.dropTarget].some((f) => f?.own);
  if (ownTouched && step.intent !== 'open_application') return OWN_WINDOW;
  switch (step.intent) {
    // An element's context menu is opened by its show_menu action (or a right click on it): choosing in
    // it is the next, classified, action. At a bare point the press goes to whatever is there, and an
    // app may act on it: judged as a left click at the same point, never lower.
    case 'right_click_element':
      return isPoint(step.element) ? assessClick('Right-clicking', undefined, facts.element) : HARMLESS;
    case 'open_application':
    case 'move_mouse':
    case 'scroll':
    case 'go_to_cell': // moves a spreadsheet's selection; what is typed there next is its own, classified, step
      return HARMLESS;
    case 'window_command':
      return step.action === 'close' ? assessClosing(facts.element?.name ?? step.title) : HARMLESS;
    case 'click_element':
      return assessClick('Clicking', step.element, factsFor(step.element, facts.element, observed));
    case 'double_click_element':
      return assessClick('Double-clicking', step.element, factsFor(step.element, facts.element, observed));
    case 'left_click_coordinates':
      return assessClick('Clicking', undefined, facts.element);
    case 'type_text': {
      const target = step.element ? factsFor(step.element, facts.element, observed) : (facts.focused ?? facts.element);
      if (isSecureTarget(step.element, target)) return SECURE_FIELD;
      const lineBreak = /[\r\n]/.test(step.text);
      if (target?.terminal && lineBreak) {
        return {
          level: 'destructive',
          reason: 'The text contains a line break, so typing it into the terminal runs it as a command, which may change or delete files.',
        };
      }
      // What the text reaches: a focused button it activates, a default button a line break presses.
      const reached = target ? assessTypedAt(step.text, target) : HARMLESS;
      if (lineBreak) {
        return higher({ level: 'moderate', reason: 'The text contains a line break, which may submit a form or send a message.' }, reached);
      }
      return reached;
    }
    case 'press_key': {
      const chord = formatChord(step.key, step.modifiers);
      // Off a Mac, cmd is pressed as Ctrl (src/execution/input/keymap.ts): judged as what it becomes.
      const pressed = CMD_IS_CTRL
        ? formatChord(
            step.key,
            (step.modifiers ?? []).map((m) => (m === 'cmd' ? 'ctrl' : m)),
          )
        : chord;
      const rule = CHORD_RULES.find((r) => r.chords.includes(chord));
      const byChord: RiskAssessment = rule ? { level: rule.level, reason: `Pressing ${chord} may ${rule.consequence}.` } : HARMLESS;
      // What the key does where it lands comes first; the chord's own rule when it says more.
      let result: RiskAssessment = HARMLESS;
      const focused = facts.focused;
      if (focused) {
        // "copy" is Ctrl+C, which in a terminal stops the running command instead (issue #18); Ctrl+D,
        // Ctrl+Z and Ctrl+\ end, suspend or quit it; Ctrl+M, Ctrl+J, Ctrl+O submit its line (issue #27).
        const control = focused.terminal ? terminalChord(step.key, step.modifiers) : undefined;
        if (control) result = higher(result, control);
        result = higher(result, assessTerminalKey(pressed, focused));
        if (isActivatingChord(chord)) result = higher(result, assessActivatingKey(chord, focused));
        result = higher(result, assessDeleteKey(pressed, focused));
      }
      return higher(higher(result, assessBoundChord(chord, facts.bound)), byChord);
    }
    case 'open_url':
      return assessWebAddress(step.url);
    case 'drag': {
      const dropFacts = factsFor(step.to, facts.dropTarget, observed);
      let drop = assessLabels('Dropping onto', step.to, dropFacts, DROP_TARGET_RULES);
      if (dropFacts?.terminal) drop = higher(drop, { level: 'moderate', reason: 'Dropping onto a terminal may paste text into it.' });
      const from = assessLabels('Dragging', step.from, factsFor(step.from, facts.element, observed));
      return riskRank(drop.level) >= riskRank(from.level) ? drop : from;
    }
    default:
      return assertNever(step, 'classifyRisk: unknown step');
  }
}

/** A click: the element's labels, and when it answers a dialog or pastes into a terminal, what that does. */
function assessClick(verb: string, ref: ElementRef | undefined, f: ElementFacts | undefined): RiskAssessment {
  const labels = assessLabels(verb, ref, f);
  return f ? higher(higher(labels, assessDialogAnswer(verb, f)), assessPasteItem(verb, f)) : labels;
}

/**
 * Opening a web address is moderate: the page is another party's, it may ask for sign-ins, payments
 * or downloads, and an address can be steered by screen content. An address the schema refuses
 * (another scheme) is blocked here too, in case anything ever hands one past it.
 */
function assessWebAddress(url: string): RiskAssessment {
  const address = readWebAddress(url);
  if (!address.ok) return { level: 'blocked', reason: address.problem };
  const lookalike = address.imitates ? ` Careful: “${address.unicodeHost}” looks like “${address.imitates}” but is another site.` : '';
  return { level: 'moderate', reason: `Opening a web page sends you to ${quote(address.host, 260)}, another party's site.${lookalike}` };
}

/** The risk of one step of a sequence on its own, from the plan (and the latest observation's names). */
export function classifyStep(step: Step, observed?: ObservedFacts): RiskAssessment {
  return assessStep(step, {}, observed);
}

/**
 * The risk of an intent. For a sequence, the highest of its steps, each assessed without live facts
 * (they describe one target); the execution gate re-checks every step against its live target.
 * `observed`: what the latest observation said about element ids, so that a plan naming "element 31"
 * is judged (and shown) by that element's name before anything runs.
 */
export function classifyRisk(intent: Intent, facts: TargetFacts = {}, observed?: ObservedFacts): RiskAssessment {
  if (isStep(intent)) return assessStep(intent, facts, observed);
  switch (intent.intent) {
    case 'clarify_request':
    case 'unsupported':
      return { level: 'harmless', reason: 'Nothing is done.' };
    case 'get_frontmost_app':
    case 'get_screen_elements':
      return { level: 'harmless', reason: 'Only reads what is on screen.' };
    case 'list_applications':
      return { level: 'harmless', reason: 'Only reads which apps are open.' };
    case 'sequence': {
      let worst: RiskAssessment = HARMLESS;
      intent.steps.forEach((step, i) => {
        const r = assessStep(step, {}, observed);
        if (riskRank(r.level) > riskRank(worst.level)) worst = { level: r.level, reason: `Step ${i + 1}: ${r.reason}` };
      });
      return worst;
    }
    default:
      return assertNever(intent, 'classifyRisk: unknown intent');
  }
}

/** What the gate does at each level. */
export type GateDecision = 'run' | 'confirm' | 'refuse';

export interface GatePolicy {
  /** Ask before moderate actions (on by default; destructive ones are always asked). */
  readonly confirmModerate: boolean;
  /**
   * The plan was made after screen content went to a model (provenance): moderate actions ask
   * whatever `confirmModerate` says, because text on the screen may have chosen them.
   */
  readonly screenInfluenced?: boolean;
}

export function gateDecision(level: RiskLevel, policy: GatePolicy = { confirmModerate: true }): GateDecision {
  switch (level) {
    case 'harmless':
      return 'run';
    case 'moderate':
      return policy.confirmModerate || policy.screenInfluenced ? 'confirm' : 'run';
    case 'destructive':
      return 'confirm';
    case 'blocked':
      return 'refuse';
    default:
      return assertNever(level, 'gateDecision: unknown level');
  }
}
