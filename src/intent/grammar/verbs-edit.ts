/**
 * Editing any text field by its words (issue #32 item 3): "select the second paragraph", "select
 * from hello to world", "correct Berlin to Bern", "delete the last sentence", "go to the end of the
 * line", "capitalise that". The focused field's own text is read and the units found in it
 * (src/shared/text/text-units.ts); src/agent/text-editing.ts carries the command out.
 *
 * Grammar only, never an LLM intent (the schema's token budget): a phrase this file does not read
 * whole is not an edit, and goes on to the other readers. "select all" stays the key chord, "select
 * Paris" (a list item or a cell) and "delete" alone stay what they were; while dictating, dictation's
 * own reading of "select …", "correct …" and "delete that" wins.
 */
import { ORDINAL_WORDS } from '../../shared/answer-words.js';
import type { TextUnit, UnitPick } from '../../shared/text/text-units.js';
import { dictationCommand, type CaseChange } from '../dictation-text.js';
import {
  CARET_EDGES,
  CARET_VERBS,
  EDIT_CASE_VERBS,
  EDIT_CURRENT_WORDS,
  EDIT_SELECTION_WORDS,
  EDIT_UNIT_WORDS,
  EDIT_WHOLE_WORDS,
  FIELD_HINT_WORDS,
} from './lexicon.js';

/** Where in the field: a unit by rank or at the caret, words as written, a span, the selection, all of it. */
export type TextPlace =
  | { readonly kind: 'unit'; readonly unit: TextUnit; readonly pick: UnitPick }
  | { readonly kind: 'words'; readonly words: string }
  | { readonly kind: 'span'; readonly from: string; readonly to: string }
  | { readonly kind: 'selection' }
  | { readonly kind: 'whole' };

export type TextEdit =
  | { readonly kind: 'select'; readonly place: TextPlace }
  | { readonly kind: 'delete'; readonly place: TextPlace }
  /** The readings of "correct A to B" when "to" appears more than once, first split first. */
  | { readonly kind: 'correct'; readonly splits: readonly { readonly from: string; readonly to: string }[] }
  | { readonly kind: 'case'; readonly change: CaseChange; readonly place: TextPlace }
  | { readonly kind: 'caret'; readonly edge: 'start' | 'end'; readonly place: TextPlace }
  /** Words typed at an edge of a place: of the focused field's text, or of the field named `field` (given the focus first). */
  | { readonly kind: 'insert'; readonly text: string; readonly edge: 'start' | 'end'; readonly place: TextPlace; readonly field?: string };

/** The longest rank said in words or figures: "the 12th line". */
const RANK_MAX = 999;

/** The command's words as said (case kept), one space apart, without a final mark or a "please". */
function clean(text: string): string {
  return text
    .trim()
    .replace(/[.!?]+$/u, '')
    .replace(/\s+/gu, ' ')
    .replace(/^please /iu, '')
    .replace(/ please$/iu, '')
    .trim();
}

function rankOf(word: string): number | undefined {
  const named = ORDINAL_WORDS[word];
  if (named !== undefined) return named;
  const n = /^(\d{1,3})(?:st|nd|rd|th)$/u.exec(word);
  return n ? Number(n[1]) : undefined;
}

/** "the second paragraph", "the last sentence", "the second to last line", "line 3", "this word". */
function readUnit(low: string): TextPlace | undefined {
  const words = low.split(' ');
  const unit = EDIT_UNIT_WORDS.get(words.at(-1) ?? '');
  if (unit) {
    const before = words.slice(0, -1);
    if (before[0] === 'the') before.shift();
    if (before.length === 0 || EDIT_CURRENT_WORDS.has(low.slice(0, low.lastIndexOf(' ')))) return { kind: 'unit', unit, pick: 'current' };
    if (before.length === 1 && before[0] === 'last') return { kind: 'unit', unit, pick: { rank: 1, fromEnd: true } };
    const rank = rankOf(before[0] ?? '');
    if (rank === undefined || rank < 1 || rank > RANK_MAX) return undefined;
    const tail = before.slice(1).join(' ');
    if (tail === '') return { kind: 'unit', unit, pick: { rank, fromEnd: false } };
    if (tail === 'last' || tail === 'to last') return { kind: 'unit', unit, pick: { rank, fromEnd: true } };
    return undefined;
  }
  // "paragraph 2", "line 3"
  const numbered = /^(\w+) (\d{1,3})$/u.exec(low);
  const numberedUnit = numbered ? EDIT_UNIT_WORDS.get(numbered[1] ?? '') : undefined;
  const n = Number(numbered?.[2]);
  return numberedUnit && n >= 1 ? { kind: 'unit', unit: numberedUnit, pick: { rank: n, fromEnd: false } } : undefined;
}

/**
 * A place after a verb, or undefined when the words are not one: a plain word ("select Paris") is
 * not read as text, since it names a list item or a cell as often.
 */
function readPlace(said: string): TextPlace | undefined {
  const low = said.toLowerCase();
  if (EDIT_SELECTION_WORDS.has(low)) return { kind: 'selection' };
  if (EDIT_WHOLE_WORDS.has(low)) return { kind: 'whole' };
  const unit = readUnit(low);
  if (unit) return unit;
  const span = /^from (.+?) (?:to|through|until) (.+)$/iu.exec(said);
  if (span?.[1] && span[2]) return { kind: 'span', from: unquote(span[1]), to: unquote(span[2]) };
  const words = /^the (?:word|words|phrase|text) (.+)$/iu.exec(said);
  if (words?.[1]) return { kind: 'words', words: unquote(words[1]) };
  const quoted = /^["“'‘](.+)["”'’]$/u.exec(said);
  if (quoted?.[1]) return { kind: 'words', words: quoted[1] };
  return undefined;
}

function unquote(words: string): string {
  return words.replace(/^["“'‘](.+)["”'’]$/u, '$1');
}

/** The verb at the start of `low` from `verbs` (the longest), with what follows it. */
function afterVerb(said: string, verbs: Iterable<string>): { verb: string; rest: string } | undefined {
  const low = said.toLowerCase();
  let found: { verb: string; rest: string } | undefined;
  for (const verb of verbs) {
    if (low.startsWith(`${verb} `) && (!found || verb.length > found.verb.length)) found = { verb, rest: said.slice(verb.length + 1) };
  }
  return found;
}

/** "go to the end of the line", "move to the start of the second paragraph", "go to the end of the text". */
function readCaret(said: string): TextEdit | undefined {
  const moved = afterVerb(said, CARET_VERBS);
  if (!moved) return undefined;
  const m = /^(?:to|at) the (\w+) of (.+)$/iu.exec(moved.rest);
  const edge = CARET_EDGES.get(m?.[1]?.toLowerCase() ?? '');
  const place = m?.[2] ? readPlace(m[2]) : undefined;
  if (!edge || !place || place.kind === 'span') return undefined;
  return { kind: 'caret', edge, place };
}

/** A field named after "of" or "in": "the Notes field" (a role word), a quoted name, or (`bare`) a short name. */
function readField(said: string, bare: boolean): string | undefined {
  const quoted = /^["“'‘](.+)["”'’]$/u.exec(said);
  if (quoted?.[1]) return quoted[1];
  const words = said.replace(/^the /iu, '').split(' ');
  if (words.length > 1 && FIELD_HINT_WORDS.has(words.at(-1)?.toLowerCase() ?? '')) {
    const name = words.slice(0, -1);
    if (name.at(-1)?.toLowerCase() === 'text') name.pop();
    return name.length > 0 ? name.join(' ') : undefined;
  }
  // A name alone only after clear text: "at the end of May" is as likely words of the text.
  return bare && words.length <= 4 && !/^\d+$/u.test(said) ? words.join(' ') : undefined;
}

/** A place to type at: a place of the focused field's text, else a field (its whole text). */
function insertionTarget(said: string, bare: boolean): { place: TextPlace; field?: string } | undefined {
  const place = readPlace(said);
  if (place) return place.kind === 'span' || place.kind === 'selection' ? undefined : { place };
  const field = readField(said, bare);
  return field ? { place: { kind: 'whole' }, field } : undefined;
}

/**
 * Typing at a place (issue #32 item 4, as Dragon's and Voice Control's "insert before / after"):
 * "type "Dear Anna," at the start of Notes", "type hello at the end of the Notes field", "insert
 * big before world", "type "very " after the word so", and "insert before hello" (the caret only).
 * Text of the command's own words is clear when quoted or after "insert"; after "type" or "write"
 * an unquoted text needs a place that cannot be words of the text: a unit of the field ("at the end
 * of the line"), a field said to be a field, or quoted words ("come back after lunch" is text).
 */
function readInsert(said: string): TextEdit | undefined {
  const verb = /^(type|write|insert) (.+)$/iu.exec(said);
  if (!verb?.[1] || !verb[2]) return undefined;
  const insert = verb[1].toLowerCase() === 'insert';
  const caretOnly = insert ? /^(before|after) (.+)$/iu.exec(verb[2]) : null;
  if (caretOnly?.[1] && caretOnly[2]) {
    const place = readPlace(caretOnly[2]) ?? { kind: 'words', words: unquote(caretOnly[2]) };
    return place.kind === 'span' ? undefined : { kind: 'caret', edge: caretOnly[1].toLowerCase() === 'before' ? 'start' : 'end', place };
  }
  const quoted = /^["“](.+?)["”] (.+)$/u.exec(verb[2]);
  const clear = insert || quoted !== null;
  const edge = quoted?.[2] ?? verb[2];
  const atEdge = quoted ? /^()at the (start|beginning|end)(?: of (.+))?$/iu.exec(edge) : /^(.+?) at the (start|beginning|end)(?: of (.+))?$/iu.exec(edge);
  const text = quoted?.[1] ?? atEdge?.[1] ?? '';
  if (atEdge?.[2]) {
    const target = atEdge[3] ? insertionTarget(atEdge[3], clear) : clear ? { place: { kind: 'whole' } as const } : undefined;
    const at = CARET_EDGES.get(atEdge[2].toLowerCase());
    if (!target || !at || (quoted ? quoted[1] : text) === '') return undefined;
    return { kind: 'insert', text: quoted?.[1] ?? text, edge: at, ...target };
  }
  const beside = quoted ? /^()(before|after) (.+)$/iu.exec(edge) : /^(.+?) (before|after) (.+)$/iu.exec(edge);
  if (!beside?.[2] || !beside[3]) return undefined;
  // "… in the Notes field", "… into Notes" (after clear text): a field, as for typing into one; else words of the anchor ("after hello in the morning").
  const tail = / (in|into) (.+)$/iu.exec(beside[3]);
  const field = tail?.[1] && tail[2] ? readField(tail[2], clear && tail[1].toLowerCase() === 'into') : undefined;
  const anchorSaid = field && tail ? beside[3].slice(0, tail.index) : beside[3];
  const anchor = readPlace(anchorSaid);
  const place: TextPlace | undefined = anchor
    ? anchor.kind === 'span' || anchor.kind === 'selection'
      ? undefined
      : anchor
    : clear
      ? { kind: 'words', words: anchorSaid }
      : undefined;
  const typed = quoted?.[1] ?? beside[1] ?? '';
  if (!place || typed === '') return undefined;
  return { kind: 'insert', text: typed, edge: beside[2].toLowerCase() === 'before' ? 'start' : 'end', place, ...(field ? { field } : {}) };
}

/** The edit a command is, or null when it is not one (then the other readers try it). */
export function readTextEdit(text: string): TextEdit | null {
  const said = clean(text);
  const low = said.toLowerCase();
  if (low.startsWith('correct ')) {
    const command = dictationCommand(said);
    return command?.kind === 'correct' ? command : null;
  }
  const select = /^(select|highlight|delete|remove|erase) (.+)$/iu.exec(said);
  if (select?.[1] && select[2]) {
    const place = readPlace(select[2]);
    // "select all" is the key chord; "delete that" outside dictation deletes the selection.
    if (!place || (place.kind === 'selection' && /^(select|highlight)$/iu.test(select[1]))) return null;
    return { kind: /^(select|highlight)$/iu.test(select[1]) ? 'select' : 'delete', place };
  }
  const cased = afterVerb(said, EDIT_CASE_VERBS.keys());
  if (cased) {
    const place = readPlace(cased.rest);
    const change = EDIT_CASE_VERBS.get(cased.verb);
    return place && change ? { kind: 'case', change, place } : null;
  }
  return readCaret(said) ?? readInsert(said) ?? null;
}
