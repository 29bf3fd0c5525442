/**
 * What a label says: the word rules matched against an element's names after normalisation, and the
 * small algebra of assessments (the higher of two). Shared by the step classifier (risk.ts) and the
 * effect rules (effects.ts).
 */
import { riskRank, type RiskLevel } from '../shared/risk-level.js';
import type { Role } from '../shared/roles.js';
import { labelWords, normaliseLabel } from '../shared/text/label-text.js';
import { quote } from '../shared/text/quote.js';
import type { ElementRef, Place } from '../intent/schema.js';
import { LABEL_RULES, type WordRule } from './risk-table.js';
import type { EffectRuleId } from './effect-rules.js';
import type { LiveElementFacts } from '../execution/engine-types.js';

export interface RiskAssessment {
  readonly level: RiskLevel;
  /** One sentence, fit to be spoken in a confirmation: why this level. */
  readonly reason: string;
  /** The effect rule that judged what the input will do (effect-rules.ts), when one did. */
  readonly rule?: EffectRuleId;
}

export const HARMLESS: RiskAssessment = { level: 'harmless', reason: 'Nothing here changes or deletes anything.' };

export function higher(a: RiskAssessment, b: RiskAssessment): RiskAssessment {
  return riskRank(b.level) > riskRank(a.level) ? b : a;
}

function containsPhrase(haystack: readonly string[], phrase: readonly string[]): boolean {
  outer: for (let i = 0; i + phrase.length <= haystack.length; i++) {
    for (let j = 0; j < phrase.length; j++) if (haystack[i + j] !== phrase[j]) continue outer;
    return true;
  }
  return false;
}

/** A phrase's words as it reads, and as its skeleton (an umlaut without its dots: "löschen" → "loschen"), each also joined. */
interface PhraseWords {
  readonly words: readonly string[];
  readonly skeletonWords: readonly string[];
  readonly joined: string;
  readonly skeletonJoined: string;
}

const PHRASE_WORDS = new Map<string, PhraseWords>();
function phraseWords(phrase: string): PhraseWords {
  let w = PHRASE_WORDS.get(phrase);
  if (!w) {
    const { words, skeletonWords } = labelWords(phrase);
    w = { words, skeletonWords, joined: words.join(''), skeletonJoined: skeletonWords.join('') };
    PHRASE_WORDS.set(phrase, w);
  }
  return w;
}

/** Letters spaced apart ("W i p e", "D.e.l.e.t.e", "P\u2009a\u2009y") read as one run: at least this many one-letter words in a row. */
const SPACED_RUN_MIN = 3;

/** The runs of one-letter words in `words`, each joined ("w i p e a l l" → "wipeall"). */
function spacedRuns(words: readonly string[]): string[] {
  const runs: string[] = [];
  let run = '';
  let length = 0;
  for (const w of [...words, '']) {
    if (w !== '' && Array.from(w).length === 1) {
      run += w;
      length++;
      continue;
    }
    if (length >= SPACED_RUN_MIN) runs.push(run);
    run = '';
    length = 0;
  }
  return runs;
}

/**
 * The highest rule a text triggers, or undefined. The text is normalised first (invisible characters
 * removed, NFKC, case folded) and matched both as it reads and as its look-alike skeleton against
 * the phrase's own skeleton, so "Dele\u00ADte", "Ｄｅｌｅｔｅ" and a Cyrillic "Dеlеtе" all say "delete", and
 * "Lösсhen" with a Cyrillic с says "löschen". Letters spaced apart are read as the words they spell
 * (the word breaks between them are lost, so a phrase may sit anywhere in the run). Texts longer
 * than a label are cut, not skipped.
 */
export function matchWordRules(text: string, rules: readonly WordRule[]): WordRule | undefined {
  const { words: plain, skeletonWords } = labelWords(text.slice(0, 1000));
  const spaced = spacedRuns(plain);
  const spacedSkeleton = spacedRuns(skeletonWords);
  let best: WordRule | undefined;
  for (const rule of rules) {
    const phrase = phraseWords(rule.phrase);
    const found =
      containsPhrase(plain, phrase.words) ||
      containsPhrase(skeletonWords, phrase.words) ||
      containsPhrase(skeletonWords, phrase.skeletonWords) ||
      spaced.some((run) => run.includes(phrase.joined)) ||
      spacedSkeleton.some((run) => run.includes(phrase.joined) || run.includes(phrase.skeletonJoined));
    if (found && (!best || riskRank(rule.level) > riskRank(best.level))) best = rule;
  }
  return best;
}

/** Whether a label, as a whole, is exactly one of `phrases` (after normalisation, either reading). */
export function labelIsOneOf(text: string, phrases: readonly string[]): boolean {
  const { words: plain, skeletonWords } = labelWords(text.slice(0, 200));
  return phrases.some((p) => {
    const { words: w, skeletonWords: s } = phraseWords(p);
    const same = (h: readonly string[], p: readonly string[]): boolean => h.length === p.length && h.every((x, i) => x === p[i]);
    return same(plain, w) || same(skeletonWords, w) || same(skeletonWords, s);
  });
}

/** Roles whose click only opens something (a menu title): label words do not apply. Live facts only. */
const OPEN_ONLY_ROLES: ReadonlySet<Role> = new Set<Role>(['menu', 'menu_bar', 'tab_list']);

function labelsOf(ref: ElementRef | Place | undefined, facts: LiveElementFacts | undefined): string[] {
  const out: string[] = [];
  if (ref && 'label' in ref) out.push(ref.label);
  if (facts?.name) out.push(facts.name);
  if (facts?.description) out.push(facts.description);
  return out;
}

/** The label rules over a target's labels: the planner's words and the live element's names. */
export function assessLabels(
  verb: string,
  ref: ElementRef | Place | undefined,
  facts: LiveElementFacts | undefined,
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
