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
import type { Role } from '../shared/roles.js';
import { labelWords, normaliseLabel } from '../shared/label-text.js';
import { isSecureFieldName, SECURE_REFUSAL } from '../shared/secure-fields.js';
import { TEXT_ENTRY_ROLES } from '../shared/roles.js';
import { quote } from '../shared/quote.js';
import { readWebAddress } from '../shared/web-address.js';
import { isElementById, isPoint, isStep, type ElementRef, type Intent, type Place, type Step } from '../intent/schema.js';
import { CHORD_RULES, DROP_TARGET_RULES, LABEL_RULES, type WordRule } from './risk-table.js';
import type { LiveElementFacts, LiveFacts } from '../execution/engine-types.js';

/** What the execution layer knows about an element in the live tree: the engine's own contract, once. */
export type ElementFacts = LiveElementFacts;

/** What the latest observation said about an element id (its name and role), for plan-time checks. */
export type ObservedFacts = (id: number) => ElementFacts | undefined;

/** Facts about the live target, gathered right before acting. All optional: planning knows none. */
/** The live facts of a step's targets (element, focus, drop target): the engine's LiveFacts. */
export type TargetFacts = LiveFacts;

export interface RiskAssessment {
  readonly level: RiskLevel;
  /** One sentence, fit to be spoken in a confirmation: why this level. */
  readonly reason: string;
}

const HARMLESS: RiskAssessment = { level: 'harmless', reason: 'Nothing here changes or deletes anything.' };

/** Lowercase words of a label, after normalisation; apostrophes kept so "don't" stays one word. */
function words(text: string): readonly string[] {
  return labelWords(text).words;
}

function containsPhrase(haystack: readonly string[], phrase: readonly string[]): boolean {
  outer: for (let i = 0; i + phrase.length <= haystack.length; i++) {
    for (let j = 0; j < phrase.length; j++) if (haystack[i + j] !== phrase[j]) continue outer;
    return true;
  }
  return false;
}

const PHRASE_WORDS = new Map<string, readonly string[]>();
function phraseWords(phrase: string): readonly string[] {
  let w = PHRASE_WORDS.get(phrase);
  if (!w) PHRASE_WORDS.set(phrase, (w = words(phrase)));
  return w;
}

/**
 * The highest rule a text triggers, or undefined. The text is normalised first (invisible characters
 * removed, NFKC, case folded) and matched both as it reads and as its look-alike skeleton, so
 * "Dele\u00ADte", "Ｄｅｌｅｔｅ" and a Cyrillic "Dеlеtе" all say "delete". Texts longer than a label are
 * cut, not skipped.
 */
export function matchWordRules(text: string, rules: readonly WordRule[]): WordRule | undefined {
  const { words: plain, skeletonWords } = labelWords(text.slice(0, 1000));
  let best: WordRule | undefined;
  for (const rule of rules) {
    const phrase = phraseWords(rule.phrase);
    if ((containsPhrase(plain, phrase) || containsPhrase(skeletonWords, phrase)) && (!best || riskRank(rule.level) > riskRank(best.level))) best = rule;
  }
  return best;
}

/** Roles whose click only opens something (a menu title): label words do not apply. Live facts only. */
const OPEN_ONLY_ROLES: ReadonlySet<Role> = new Set<Role>(['menu', 'menu_bar', 'tab_list']);

function labelsOf(ref: ElementRef | Place | undefined, facts: ElementFacts | undefined): string[] {
  const out: string[] = [];
  if (ref && !isPoint(ref) && !isElementById(ref)) out.push(ref.label);
  if (facts?.name) out.push(facts.name);
  if (facts?.description) out.push(facts.description);
  return out;
}

function assessLabels(
  verb: string,
  ref: ElementRef | Place | undefined,
  facts: ElementFacts | undefined,
  rules: readonly WordRule[] = LABEL_RULES,
): RiskAssessment {
  if (facts?.role && OPEN_ONLY_ROLES.has(facts.role)) return HARMLESS;
  let result = HARMLESS;
  for (const label of labelsOf(ref, facts)) {
    const rule = matchWordRules(label, rules);
    if (rule && riskRank(rule.level) > riskRank(result.level)) {
      const disguised = normaliseLabel(label.slice(0, 1000)).changed ? ' This label contains hidden or look-alike characters.' : '';
      result = { level: rule.level, reason: `${verb} ${quote(label, 40)} may ${rule.consequence}.${disguised}` };
    }
  }
  return result;
}

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

/** Keys that activate the focused element (press a button, follow a link, submit a form). */
const ACTIVATING_KEYS: ReadonlySet<string> = new Set(['enter', 'space']);

function higher(a: RiskAssessment, b: RiskAssessment): RiskAssessment {
  return riskRank(b.level) > riskRank(a.level) ? b : a;
}

/**
 * Enter or Space judged by what has the focus when it is pressed: the same label rules as a click on
 * it, and in a terminal Enter runs what the assistant typed on its line. Space in a text field types
 * a space. Tab and arrow keys only move the focus: what they lead to is judged at the Enter.
 */
function assessActivation(key: string, focused: ElementFacts): RiskAssessment {
  const name = key === 'space' ? 'Space' : 'Enter';
  if (focused.unread) {
    return {
      level: 'destructive',
      reason: `I cannot tell what has the keyboard focus, so pressing ${name} may press anything, a Delete or Send button included.`,
    };
  }
  if (focused.terminal) {
    return key === 'enter' && focused.typedLine
      ? { level: 'destructive', reason: 'Pressing Enter in the terminal runs the command typed there, which may change or delete files.' }
      : HARMLESS;
  }
  if (key === 'space' && focused.role && TEXT_ENTRY_ROLES.has(focused.role)) return HARMLESS;
  return assessLabels(`Pressing ${name} on`, undefined, focused);
}

/** A field that holds a secret: the password role, or a name that says so (PIN, card number, one-time code). */
export function isSecureTarget(ref: ElementRef | undefined, facts: ElementFacts | undefined): boolean {
  if (facts?.secure || facts?.role === 'password_field' || isSecureFieldName(facts?.name, facts?.description)) return true;
  return !!ref && !isElementById(ref) && (ref.role === 'password_field' || isSecureFieldName(ref.label));
}

/** Live facts first; without them (planning), what the latest observation said about an id. */
function factsFor(ref: ElementRef | Place | undefined, live: ElementFacts | undefined, observed: ObservedFacts | undefined): ElementFacts | undefined {
  if (live) return live;
  return ref && !isPoint(ref) && isElementById(ref) ? observed?.(ref.id) : undefined;
}

function assessStep(step: Step, facts: TargetFacts, observed?: ObservedFacts): RiskAssessment {
  const ownTouched = [facts.element, facts.focused, facts.dropTarget].some((f) => f?.own);
  if (ownTouched && step.intent !== 'open_application') return OWN_WINDOW;
  switch (step.intent) {
    case 'open_application':
    case 'move_mouse':
    case 'scroll':
    case 'right_click_element': // only opens a context menu; choosing in it is the next, classified, action
    case 'go_to_cell': // moves a spreadsheet's selection; what is typed there next is its own, classified, step
      return HARMLESS;
    case 'click_element':
      return assessLabels('Clicking', step.element, factsFor(step.element, facts.element, observed));
    case 'double_click_element':
      return assessLabels('Double-clicking', step.element, factsFor(step.element, facts.element, observed));
    case 'left_click_coordinates':
      return assessLabels('Clicking', undefined, facts.element);
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
      if (lineBreak) {
        return { level: 'moderate', reason: 'The text contains a line break, which may submit a form or send a message.' };
      }
      return HARMLESS;
    }
    case 'press_key': {
      const chord = formatChord(step.key, step.modifiers);
      const rule = CHORD_RULES.find((r) => r.chords.includes(chord));
      let byChord: RiskAssessment = rule ? { level: rule.level, reason: `Pressing ${chord} may ${rule.consequence}.` } : HARMLESS;
      // "copy" is Ctrl+C, which in a terminal stops the running command instead (issue #18); Ctrl+D,
      // Ctrl+Z and Ctrl+\ end, suspend or quit it. Off a Mac, cmd is pressed as Ctrl
      // (src/execution/input/keymap.ts): cmd+c is the same interrupt.
      const control = facts.focused?.terminal ? terminalChord(step.key, step.modifiers) : undefined;
      if (control) byChord = higher(byChord, control);
      const plain = (step.modifiers ?? []).every((m) => m === 'shift');
      return plain && ACTIVATING_KEYS.has(step.key) && facts.focused ? higher(byChord, assessActivation(step.key, facts.focused)) : byChord;
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
