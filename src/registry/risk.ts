/**
 * Risk classification: a deterministic function of the intent and facts about the live target.
 *
 * The level never comes from a planner. Screen content is data: a label can raise the level (it says
 * "Delete"), never lower it, whatever else it says. A planner's claims (an element's role in the
 * intent) may raise the level too, and are trusted to lower nothing; only facts read from the live
 * accessibility tree can.
 */
import { assertNever } from '../shared/assert-never.js';
import { formatChord } from '../shared/keys.js';
import { riskRank, type RiskLevel } from '../shared/risk-level.js';
import type { Role } from '../shared/roles.js';
import { quote } from '../intent/describe.js';
import { isElementById, isPoint, type ElementRef, type Intent, type Place, type Step } from '../intent/schema.js';
import { CHORD_RULES, DROP_TARGET_RULES, LABEL_RULES, type WordRule } from './risk-table.js';

/** What the execution layer knows about an element in the live tree. */
export interface ElementFacts {
  readonly role?: Role;
  readonly name?: string;
  readonly description?: string;
  /** A secure (password) text field: its content is never read, and typing into it is blocked. */
  readonly secure?: boolean;
}

/** Facts about the live target, gathered right before acting. All optional: planning knows none. */
export interface TargetFacts {
  /** The element the action resolves to (click, type into, drag from). */
  readonly element?: ElementFacts;
  /** The element that has keyboard focus, which receives typed text and keys. */
  readonly focused?: ElementFacts;
  /** For a drag: the element under the drop point. */
  readonly dropTarget?: ElementFacts;
}

export interface RiskAssessment {
  readonly level: RiskLevel;
  /** One sentence, fit to be spoken in a confirmation: why this level. */
  readonly reason: string;
}

const HARMLESS: RiskAssessment = { level: 'harmless', reason: 'Nothing here changes or deletes anything.' };

/** Lowercase words of a label; apostrophes kept so "don't" stays one word. */
function words(text: string): string[] {
  return text
    .toLowerCase()
    .replace(/[\u2018\u2019\u02bc]/g, "'")
    .split(/[^\p{L}\p{N}']+/u)
    .filter((w) => w.length > 0);
}

function containsPhrase(haystack: readonly string[], phrase: readonly string[]): boolean {
  outer: for (let i = 0; i + phrase.length <= haystack.length; i++) {
    for (let j = 0; j < phrase.length; j++) if (haystack[i + j] !== phrase[j]) continue outer;
    return true;
  }
  return false;
}

const PHRASE_WORDS = new Map<string, string[]>();
function phraseWords(phrase: string): string[] {
  let w = PHRASE_WORDS.get(phrase);
  if (!w) PHRASE_WORDS.set(phrase, (w = words(phrase)));
  return w;
}

/** The highest rule a text triggers, or undefined. Texts longer than a label are cut, not skipped. */
export function matchWordRules(text: string, rules: readonly WordRule[]): WordRule | undefined {
  const w = words(text.slice(0, 1000));
  let best: WordRule | undefined;
  for (const rule of rules) {
    if (containsPhrase(w, phraseWords(rule.phrase)) && (!best || riskRank(rule.level) > riskRank(best.level))) best = rule;
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
      result = { level: rule.level, reason: `${verb} ${quote(label, 40)} may ${rule.consequence}.` };
    }
  }
  return result;
}

function isSecure(ref: ElementRef | undefined, facts: ElementFacts | undefined): boolean {
  if (facts?.secure || facts?.role === 'password_field') return true;
  return !!ref && !isElementById(ref) && ref.role === 'password_field';
}

function assessStep(step: Step, facts: TargetFacts): RiskAssessment {
  switch (step.intent) {
    case 'open_application':
    case 'move_mouse':
    case 'scroll':
    case 'right_click_element': // only opens a context menu; choosing in it is the next, classified, action
      return HARMLESS;
    case 'click_element':
      return assessLabels('Clicking', step.element, facts.element);
    case 'double_click_element':
      return assessLabels('Double-clicking', step.element, facts.element);
    case 'left_click_coordinates':
      return assessLabels('Clicking', undefined, facts.element);
    case 'type_text': {
      const target = step.element ? facts.element : (facts.focused ?? facts.element);
      if (isSecure(step.element, target)) {
        return {
          level: 'blocked',
          reason: 'Typing into a password field is never done by the assistant: type the password yourself.',
        };
      }
      if (/[\r\n]/.test(step.text)) {
        return { level: 'moderate', reason: 'The text contains a line break, which may submit a form or send a message.' };
      }
      return HARMLESS;
    }
    case 'press_key': {
      const chord = formatChord(step.key, step.modifiers);
      const rule = CHORD_RULES.find((r) => r.chords.includes(chord));
      return rule ? { level: rule.level, reason: `Pressing ${chord} may ${rule.consequence}.` } : HARMLESS;
    }
    case 'drag': {
      const drop = assessLabels('Dropping onto', step.to, facts.dropTarget, DROP_TARGET_RULES);
      const from = assessLabels('Dragging', step.from, facts.element);
      return riskRank(drop.level) >= riskRank(from.level) ? drop : from;
    }
    default:
      return assertNever(step, 'classifyRisk: unknown step');
  }
}

/**
 * The risk of an intent. For a sequence, the highest of its steps, each assessed without live facts
 * (they describe one target); the execution gate re-checks every step against its live target.
 */
export function classifyRisk(intent: Intent, facts: TargetFacts = {}): RiskAssessment {
  switch (intent.intent) {
    case 'clarify_request':
    case 'unsupported':
      return { level: 'harmless', reason: 'Nothing is done.' };
    case 'get_frontmost_app':
    case 'get_screen_elements':
      return { level: 'harmless', reason: 'Only reads what is on screen.' };
    case 'sequence': {
      let worst: RiskAssessment = HARMLESS;
      intent.steps.forEach((step, i) => {
        const r = assessStep(step, {});
        if (riskRank(r.level) > riskRank(worst.level)) worst = { level: r.level, reason: `Step ${i + 1}: ${r.reason}` };
      });
      return worst;
    }
    case 'open_application':
    case 'click_element':
    case 'double_click_element':
    case 'right_click_element':
    case 'type_text':
    case 'press_key':
    case 'scroll':
    case 'move_mouse':
    case 'left_click_coordinates':
    case 'drag':
      return assessStep(intent, facts);
    default:
      return assertNever(intent, 'classifyRisk: unknown intent');
  }
}

/** What the gate does at each level. */
export type GateDecision = 'run' | 'confirm' | 'refuse';

export interface GatePolicy {
  /** Ask before moderate actions (on by default; destructive ones are always asked). */
  readonly confirmModerate: boolean;
}

export function gateDecision(level: RiskLevel, policy: GatePolicy = { confirmModerate: true }): GateDecision {
  switch (level) {
    case 'harmless':
      return 'run';
    case 'moderate':
      return policy.confirmModerate ? 'confirm' : 'run';
    case 'destructive':
      return 'confirm';
    case 'blocked':
      return 'refuse';
    default:
      return assertNever(level, 'gateDecision: unknown level');
  }
}

