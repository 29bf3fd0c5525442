/** The grammar's text verb: type "…" (into a field, at the caret). */
import type { Role } from '../../shared/roles.js';
import { type Intent, LIMITS } from '../schema.js';
import { DESCRIBED_TEXT, FIELD_HINT_WORDS, TEXT_TARGET_ROLES } from './lexicon.js';
import { fail, numberedLabelRole, ok, type Read, readLabel } from './phrases.js';
import { isWord, joinTokens, type Token } from './tokens.js';

export function startsWithSingleQuote(raw: string): boolean {
  return raw.length > 1 && (raw[0] === "'" || raw[0] === '‘');
}

/**
 * type / dictate. Quoted text is typed exactly; unquoted text is the rest of the command with
 * whitespace collapsed and final sentence punctuation dropped (speech-to-text adds it). A target
 * field is understood only as `into the <Label> field|box|text field|search field|text area`
 * (quoted text may also say `in`); anything else that looks like a target is no_match.
 */
export function parseType(command: string, rest: readonly Token[], politeTail: boolean): Read<Intent> {
  let words = rest;
  if (isWord(words[0], 'in', 'out')) {
    // "type in "hello"" is clear; "type in hello" could be the text "in hello".
    if (!(words[1]?.quoted ?? false)) return fail('"type in" without quotes is ambiguous; quote the text');
    words = words.slice(1);
  }
  if (isWord(words[0], ':')) words = words.slice(1);
  if (words.length === 0) return fail('type what?');

  const first = words[0] as Token;
  if (first.quoted) {
    const tail = words.slice(1);
    if (tail.length === 0) return typeText(first.raw);
    if (!isWord(tail[0], 'into', 'in')) return fail('unexpected words after the quoted text');
    const target = readTextTarget(command, tail.slice(1));
    if (!target.ok) return target;
    return typeText(first.raw, target.value);
  }

  if (politeTail) return fail('is "please" part of the text? quote the text to type');
  if (startsWithSingleQuote(first.raw)) return fail('single quotes may be part of the text; use double quotes');
  if (isWord(first, 'the') && isWord(words[1], ...DESCRIBED_TEXT)) {
    return fail('"type the word …" is ambiguous; quote the text to type');
  }
  const lastWord = (words[words.length - 1] as Token).low;
  let k = -1;
  for (let i = words.length - 2; i >= 1; i--) {
    if (isWord(words[i], 'into', 'in', 'on')) {
      k = i;
      break;
    }
  }
  if (k > 0 && FIELD_HINT_WORDS.has(lastWord)) {
    if (!isWord(words[k], 'into') || !isWord(words[k + 1], 'the')) {
      return fail('to type into a field say "type <text> into the <name> field"');
    }
    const target = readTextTarget(command, words.slice(k + 1));
    if (!target.ok) return target;
    return typeText(joinTokens(command, words.slice(0, k)), target.value);
  }
  return typeText(joinTokens(command, words));
}

export function readTextTarget(command: string, tokens: readonly Token[]): Read<{ label: string; role: Role }> {
  const label = readLabel(command, tokens, { numbered: true });
  if (!label.ok) return label;
  // "into Field 3": the field named "Field 3" (its role word says it is a field).
  const role = label.value.role ?? numberedLabelRole(isWord(tokens[0], 'the') ? tokens.slice(1) : tokens) ?? undefined;
  if (role === undefined || !TEXT_TARGET_ROLES.has(role)) {
    return fail('name the field to type into: "into the <name> field"');
  }
  return ok({ label: label.value.label, role });
}

export function typeText(text: string, element?: { label: string; role: Role }): Read<Intent> {
  if (text.trim() === '') return fail('type what? the text is empty');
  if (text.length > LIMITS.textMax) return fail(`text longer than ${LIMITS.textMax} characters`);
  return ok(element === undefined ? { intent: 'type_text', text } : { intent: 'type_text', text, element });
}
