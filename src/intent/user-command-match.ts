/**
 * A user's command matched against what was said (issue #18): words compared without case,
 * punctuation or extra spaces, slots taking one or more words, the app scope, and the slot values
 * checked (plain words, one value, no second command) before they fill the command's body. Pure.
 */
import { unsafeText } from '../shared/limits.js';
import { quote } from '../shared/text/quote.js';
import { VERB_PHRASES } from './grammar/grammar-planner.js';
import { fillSlots, normalWord, USER_COMMAND_LIMITS, type PhrasePart, type UserCommand } from './user-commands.js';

interface Token {
  readonly raw: string;
  readonly word: string;
}

export interface PhraseMatch {
  readonly command: UserCommand;
  /** Slot name → the words said for it, as said (punctuation around them removed). */
  readonly values: Readonly<Record<string, string>>;
}

function tokens(text: string): Token[] {
  return text
    .split(/\s+/)
    .map((raw) => ({ raw, word: normalWord(raw) }))
    .filter((t) => t.word !== '');
}

function slotValue(words: readonly Token[]): string {
  return words
    .map((t) => t.raw)
    .join(' ')
    .replace(/^[\s.,!?;:]+|[\s.,!?;:]+$/gu, '')
    .replace(/^["“'‘](.*)["”'’]$/u, '$1');
}

function matchParts(parts: readonly PhrasePart[], said: readonly Token[]): Record<string, string> | undefined {
  const values: Record<string, string> = {};
  // Places already known not to match: the walk stays polynomial whatever the phrase.
  const failed = new Set<number>();
  const walk = (p: number, u: number): boolean => {
    const part = parts[p];
    if (!part) return u === said.length;
    const state = p * (said.length + 1) + u;
    if (failed.has(state)) return false;
    if (part.kind === 'word') {
      if (said[u]?.word === part.word && walk(p + 1, u + 1)) return true;
    } else {
      for (let end = u + 1; end <= said.length; end++) {
        if (walk(p + 1, end)) {
          values[part.name] = slotValue(said.slice(u, end));
          return true;
        }
      }
    }
    failed.add(state);
    return false;
  };
  return walk(0, 0) ? values : undefined;
}

/**
 * The commands whose phrase matches what was said (case, punctuation and spacing aside), best first:
 * app-scoped ones before the others (the more specific wins), then more words said exactly, then the
 * file's order. The caller keeps the first whose app is in front.
 */
export function matchPhrases(text: string, commands: readonly UserCommand[]): PhraseMatch[] {
  const said = tokens(text);
  const found: Array<PhraseMatch & { order: number }> = [];
  commands.forEach((command, order) => {
    const values = matchParts(command.parts, said);
    if (values) found.push({ command, values, order });
  });
  const words = (c: UserCommand): number => c.parts.filter((p) => p.kind === 'word').length;
  return found
    .sort((a, b) => Number(b.command.app !== undefined) - Number(a.command.app !== undefined) || words(b.command) - words(a.command) || a.order - b.order)
    .map(({ command, values }) => ({ command, values }));
}

/** Does a command's app scope name this app (case and spacing aside)? A command without one applies everywhere. */
export function appliesTo(command: UserCommand, frontApp: string | undefined): boolean {
  if (command.app === undefined) return true;
  return frontApp !== undefined && frontApp.trim().toLowerCase() === command.app.toLowerCase();
}

/** Why a slot value cannot be used (control characters, too long, a second command in it), or undefined. */
export function slotValueProblem(name: string, value: string): string | undefined {
  if (value === '') return `Nothing was said for {${name}}.`;
  if (value.length > USER_COMMAND_LIMITS.slotValueMax)
    return `What was said for {${name}} is longer than ${USER_COMMAND_LIMITS.slotValueMax} characters: say it shorter.`;
  if (unsafeText(value, 'single_line')) return `What was said for {${name}} holds control characters or line breaks: say it again as plain words.`;
  const words = value.toLowerCase().split(/\s+/);
  const chained = words.some((w, k) => {
    if (w.replace(/[.,!?;:]+$/u, '') === 'then' || w.includes(';')) return true;
    const prev = words[k - 1];
    if (k === 0 || prev === undefined || !(prev === 'and' || /[.,!?]$/u.test(prev))) return false;
    return VERB_PHRASES.some((v) => v.words.every((vw, j) => words[k + j]?.replace(/[.,!?;:]+$/u, '') === vw));
  });
  if (chained)
    return `What was said for {${name}} (${quote(value, 60)}) holds another command: a slot takes one value. Say your command and the next one separately.`;
  return undefined;
}

/** The body of a matched command with its slot values put in, or why a value cannot be used. */
export function fillCommand(match: PhraseMatch): { ok: true; body: unknown } | { ok: false; message: string } {
  for (const [name, value] of Object.entries(match.values)) {
    const why = slotValueProblem(name, value);
    if (why) return { ok: false, message: `Your command ${quote(match.command.say, 60)} was not run. ${why}` };
  }
  return { ok: true, body: fillSlots(match.command.body, match.values) };
}
