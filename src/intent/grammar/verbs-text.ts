/** The grammar's text verb: type "…" (into a field, at the caret). */
import type { Role } from '../../shared/roles.js';
import { type Intent, LIMITS } from '../schema.js';
import { DESCRIBED_TEXT, FIELD_HINT_WORDS, ROLE_WORDS, TEXT_TARGET_ROLES } from './lexicon.js';
import { digitsValue, fail, numberedLabelRole, ok, type Read, readLabel } from './phrases.js';
import { isWord, joinTokens, type Token } from './tokens.js';

export function startsWithSingleQuote(raw: string): boolean {
  return raw.length > 1 && (raw[0] === "'" || raw[0] === '‘');
}

/** What the verb asks of the words after it: type/dictate may name a field; enter/put must. */
export type TextVerb = 'type' | 'into_field';

/**
 * type / dictate (and enter / put, which must name the field). Quoted text is typed exactly;
 * unquoted text is the rest of the command with whitespace collapsed and final sentence
 * punctuation dropped (speech-to-text adds it). A field is named
 * - after quoted text: `into <Label> [field]`, or `in <Label> field` (a role word, or a quoted
 *   label: "in the morning" is no field);
 * - after unquoted text: `into|in [the] <Label> field|box|text field|search field|text area`.
 * Unquoted text followed by `into <Name>` without a role word could be either ("I ran into Bob",
 * "1 Main Street into Street"): no_match, so the text must be quoted or the field called a field.
 */
export function parseType(command: string, rest: readonly Token[], politeTail: boolean, verb: TextVerb = 'type'): Read<Intent> {
  let words = rest;
  if (verb === 'type' && isWord(words[0], 'in', 'out')) {
    // "type in "hello"" is clear; "type in hello" could be the text "in hello".
    if (!(words[1]?.quoted ?? false)) return fail('"type in" without quotes is ambiguous; quote the text');
    words = words.slice(1);
  }
  if (isWord(words[0], ':')) words = words.slice(1);
  if (words.length === 0) return fail(verb === 'type' ? 'type what?' : 'what, into which field? say "enter <text> into the <name> field"');

  const first = words[0] as Token;
  if (first.quoted) {
    const tail = words.slice(1);
    if (tail.length === 0) return verb === 'type' ? typeText(first.raw) : fail('into which field? name it after the text');
    if (!isWord(tail[0], 'into', 'in')) return fail('unexpected words after the quoted text');
    const target = readTextTarget(command, tail.slice(1), isWord(tail[0], 'into') ? 'any' : 'named');
    if (!target.ok) return target;
    return typeText(first.raw, target.value);
  }

  if (politeTail) return fail('is "please" part of the text? quote the text to type');
  if (startsWithSingleQuote(first.raw)) return fail('single quotes may be part of the text; use double quotes');
  if (isWord(first, 'the') && isWord(words[1], ...DESCRIBED_TEXT)) {
    return fail('"type the word …" is ambiguous; quote the text to type');
  }
  const lastWord = (words[words.length - 1] as Token).low;
  const k = lastIndex(words, (t) => isWord(t, 'into', 'in', 'on'));
  if (k > 0 && FIELD_HINT_WORDS.has(lastWord)) {
    if (!isWord(words[k], 'into', 'in')) return fail('to type into a field say "type <text> into the <name> field"');
    const target = readTextTarget(command, words.slice(k + 1), 'role');
    if (!target.ok) return target;
    return typeText(joinTokens(command, words.slice(0, k)), target.value);
  }
  const into = lastIndex(words, (t) => isWord(t, 'into'));
  if (into > 0 && namesSomething(words.slice(into + 1))) {
    return fail('is the end a field or part of the text? quote the text, or say "into the <name> field"');
  }
  if (verb !== 'type') return fail('into which field? say "enter <text> into the <name> field"');
  return typeText(joinTokens(command, words));
}

/**
 * fill [in|out] <field> with <text>: the field by its name (a role word, if said, must be a text
 * role), the text after the first "with", quoted exactly or as said.
 */
export function parseFill(command: string, rest: readonly Token[], politeTail: boolean): Read<Intent> {
  const k = rest.findIndex((t) => isWord(t, 'with'));
  if (k < 1) return fail('fill which field with what? say "fill <field> with <text>"');
  const target = readTextTarget(command, rest.slice(0, k), 'any');
  if (!target.ok) return target;
  if (NOT_A_FIELD.has(target.value.label.toLowerCase())) return fail(`"${target.value.label}" is not one field: name the field`);
  const text = rest.slice(k + 1);
  if (text.length === 0) return fail('fill it with what?');
  const only = text[0] as Token;
  if (only.quoted) return text.length === 1 ? typeText(only.raw, target.value) : fail('unexpected words after the quoted text');
  if (politeTail) return fail('is "please" part of the text? quote the text to type');
  if (startsWithSingleQuote(only.raw)) return fail('single quotes may be part of the text; use double quotes');
  return typeText(joinTokens(command, text), target.value);
}

/** Words after "fill" that name a whole form or page, not one field ("fill the form with my details"). */
const NOT_A_FIELD: ReadonlySet<string> = new Set(['form', 'forms', 'page', 'document', 'blanks', 'gaps', 'details', 'fields', 'boxes']);

/** Does a phrase after "into" look like a name (a capital, a digit, quotes), not words of the text ("into the wall")? */
function namesSomething(tokens: readonly Token[]): boolean {
  const first = isWord(tokens[0], 'the') ? tokens[1] : tokens[0];
  if (first === undefined || tokens.length > 4) return false;
  const c = first.raw[0] ?? '';
  return first.quoted || (c !== c.toLowerCase() && !isWord(first, 'i')) || /\d/.test(c);
}

function lastIndex(tokens: readonly Token[], test: (t: Token) => boolean): number {
  for (let i = tokens.length - 1; i >= 1; i--) if (test(tokens[i] as Token)) return i;
  return -1;
}

/**
 * The field to type into. `role`: it must end in a text role word ("the Name field"); `named`: a
 * role word, or one quoted label; `any`: a label alone is the field's name ("into Email address").
 * A role word that is not a text role ("the Save button") is refused in every case.
 */
export function readTextTarget(command: string, tokens: readonly Token[], need: 'role' | 'named' | 'any' = 'role'): Read<TextTarget> {
  const label = readLabel(command, tokens, { numbered: true });
  if (!label.ok) return label;
  // "into Field 3": the field named "Field 3" (its role word says it is a field).
  const role = label.value.role ?? numberedLabelRole(isWord(tokens[0], 'the') ? tokens.slice(1) : tokens) ?? undefined;
  if (role === undefined) {
    const quotedLabel = tokens.length === 1 && (tokens[0] as Token).quoted;
    // "into 12", "into Search Box 2": an element's number, or the second search box? Neither is sure.
    if (endsInNumber(isWord(tokens[0], 'the') ? tokens.slice(1) : tokens)) return fail('a number names no field here: name the field');
    if (need === 'any' || (need === 'named' && quotedLabel)) return ok({ label: label.value.label });
    return fail('name the field to type into: "into the <name> field"');
  }
  if (!TEXT_TARGET_ROLES.has(role)) return fail('name the field to type into: "into the <name> field"');
  return ok({ label: label.value.label, role });
}

type TextTarget = { label: string; role?: Role };

/** A bare number, or a role word and a number at the end ("Box 2"); "Address line 2" is a name. */
function endsInNumber(tokens: readonly Token[]): boolean {
  const last = tokens[tokens.length - 1];
  if (last === undefined || last.quoted || digitsValue(last.low) === null) return false;
  const before = tokens[tokens.length - 2];
  return before === undefined || (!before.quoted && ROLE_WORDS.has(before.low));
}

export function typeText(text: string, element?: TextTarget): Read<Intent> {
  if (text.trim() === '') return fail('type what? the text is empty');
  if (text.length > LIMITS.textMax) return fail(`text longer than ${LIMITS.textMax} characters`);
  return ok(element === undefined ? { intent: 'type_text', text } : { intent: 'type_text', text, element });
}
