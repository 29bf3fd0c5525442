/**
 * Editing any text field in German (issue #32 item 6): "korrigiere Berlin zu Bern", "ersetze Berlin
 * durch Bern", "wähle den zweiten Absatz aus", "markiere das letzte Wort", "wähle von hallo bis Welt
 * aus", "lösche den letzten Satz", "gehe zum Ende der Zeile", "gehe an den Anfang des Absatzes",
 * "schreibe das groß", "füge hallo vor Welt ein", "tippe „Liebe Anna,“ am Anfang von Notizen".
 * Read into the same edits as the English phrasings (verbs-edit.ts), by the words in
 * edit-words-de.ts; words of the text and names are kept exactly as said.
 *
 * As in English, a phrase read only in part is no edit: it goes on to the planners. The whole text is
 * a place for the caret and for typing, never for deleting ("lösche alles", "lösche den Text" are no
 * edit): deleting all of it is "alles auswählen", then "lösche das".
 */
import type { Language } from '../../../shared/language.js';
import { readTextEdit, type TextEdit, type TextPlace } from '../verbs-edit.js';
import { foldDe, foldedMap, foldedSet } from './fold.js';
import {
  DE_EDIT_AT_EDGES,
  DE_EDIT_BESIDE,
  DE_EDIT_CARET_VERBS,
  DE_EDIT_CASE_VERBS,
  DE_EDIT_CASES,
  DE_EDIT_CORRECT_VERBS,
  DE_EDIT_CURRENT,
  DE_EDIT_DELETE_VERBS,
  DE_EDIT_EDGES,
  DE_EDIT_INSERT_VERBS,
  DE_EDIT_OF,
  DE_EDIT_SECOND_LAST,
  DE_EDIT_SELECT_VERBS,
  DE_EDIT_SELECTION,
  DE_EDIT_TYPE_VERBS,
  DE_EDIT_UNITS,
  DE_EDIT_WHOLE,
  DE_EDIT_WORDS_NOUNS,
} from './edit-words-de.js';
import { DE_ARTICLES, DE_LAST, DE_RANKS, DE_RANKS_FROM_END } from './words.js';

const UNITS = foldedMap(DE_EDIT_UNITS);
const CURRENT = foldedSet(DE_EDIT_CURRENT);
const SELECTION = foldedSet(DE_EDIT_SELECTION);
const WHOLE = foldedSet(DE_EDIT_WHOLE);
const WORDS_NOUNS = [...foldedSet(DE_EDIT_WORDS_NOUNS)];
const SELECT = foldedSet(DE_EDIT_SELECT_VERBS);
const DELETE = foldedSet(DE_EDIT_DELETE_VERBS);
const CORRECT = foldedMap(DE_EDIT_CORRECT_VERBS);
const CASE_VERBS = foldedSet(DE_EDIT_CASE_VERBS);
const CASES = foldedMap(DE_EDIT_CASES);
const CARET_VERBS = DE_EDIT_CARET_VERBS.map(foldDe);
const EDGES = foldedMap(DE_EDIT_EDGES);
const AT_EDGES = foldedMap(DE_EDIT_AT_EDGES);
const TYPE = foldedSet(DE_EDIT_TYPE_VERBS);
const INSERT = foldedSet(DE_EDIT_INSERT_VERBS);
const BESIDE = foldedMap(DE_EDIT_BESIDE);
const OF = foldedSet(DE_EDIT_OF);
const ARTICLES = foldedSet(DE_ARTICLES);
const RANKS = foldedMap(DE_RANKS);
const RANKS_FROM_END = foldedMap(DE_RANKS_FROM_END);
const LAST = foldedSet(DE_LAST);
const SECOND_LAST = foldedSet(DE_EDIT_SECOND_LAST);
/** "im Feld Notizen", "des Feldes Notizen": the words that say a field is named. */
const FIELD_NOUNS = foldedSet(['feld', 'feldes', 'felds', 'textfeld', 'textfeldes', 'eingabefeld', 'eingabefeldes', 'textbereich', 'textbereichs']);

/** The longest rank said as a figure: "die 12. Zeile", "Zeile 12". */
const RANK_MAX = 999;

/** An edit in the language set: German first, then English (its verbs are no German words). */
export function readTextEditIn(text: string, language: Language | undefined): TextEdit | null {
  return language === 'de' ? (readTextEditDe(text) ?? readTextEdit(text)) : readTextEdit(text);
}

/** The command's words as said, one space apart, without a final mark or a "bitte". */
function clean(text: string): string {
  return text
    .trim()
    .replace(/[.!?]+$/u, '')
    .replace(/\s+/gu, ' ')
    .replace(/^bitte,? /iu, '')
    .replace(/,? bitte$/iu, '')
    .trim();
}

/** Words said in quotes („…“, "…", “…”): the words inside, else undefined. */
function quotedOnly(said: string): string | undefined {
  return /^[„"“‚'‘»«](.+?)[“"”‘'’«»]$/u.exec(said)?.[1];
}

function unquote(said: string): string {
  return quotedOnly(said) ?? said;
}

/** What follows `phrase` (folded words) at the start of `said`, as said; undefined when it does not begin so. */
function after(said: string, phrase: string): string | undefined {
  const words = said.split(' ');
  const n = phrase.split(' ').length;
  return words.length > n && foldDe(words.slice(0, n).join(' ')) === phrase ? words.slice(n).join(' ') : undefined;
}

/** What comes before `phrase` (folded words) at the end of `said`, as said; undefined when it does not end so. */
function before(said: string, phrase: string): string | undefined {
  const words = said.split(' ');
  const n = phrase.split(' ').length;
  return words.length > n && foldDe(words.slice(-n).join(' ')) === phrase ? words.slice(0, -n).join(' ') : undefined;
}

/** The verb from `verbs` (folded) that begins `said`, the longest, and what follows it. */
function afterVerb(said: string, verbs: Iterable<string>): { verb: string; rest: string } | undefined {
  let found: { verb: string; rest: string } | undefined;
  for (const verb of verbs) {
    const rest = after(said, verb);
    if (rest !== undefined && (!found || verb.length > found.verb.length)) found = { verb, rest };
  }
  return found;
}

/** A rank word: "zweiten", "letzte", "drittletzten", "2." */
function rankOf(word: string): { rank: number; fromEnd: boolean } | undefined {
  if (LAST.has(word)) return { rank: 1, fromEnd: true };
  const fromEnd = SECOND_LAST.has(word) ? 2 : RANKS_FROM_END.get(word);
  if (fromEnd !== undefined) return { rank: fromEnd, fromEnd: true };
  const named = RANKS.get(word);
  if (named !== undefined) return { rank: named, fromEnd: false };
  const figure = /^(\d{1,3})\.$/u.exec(word);
  const n = figure ? Number(figure[1]) : 0;
  return n >= 1 && n <= RANK_MAX ? { rank: n, fromEnd: false } : undefined;
}

/** "den zweiten Absatz", "des letzten Satzes", "der Zeile", "diesen Satz", "Absatz 2". */
function readUnit(low: string): TextPlace | undefined {
  const words = low.split(' ');
  const unit = UNITS.get(words.at(-1) ?? '');
  if (unit) {
    const before = words.slice(0, -1);
    const head = before.join(' ');
    if (before.length === 0 || (before.length === 1 && ARTICLES.has(head)) || CURRENT.has(head)) return { kind: 'unit', unit, pick: 'current' };
    if (ARTICLES.has(before[0] ?? '')) before.shift();
    const rank = before.length === 1 ? rankOf(before[0] ?? '') : undefined;
    return rank ? { kind: 'unit', unit, pick: rank } : undefined;
  }
  const numbered = /^(?:(?:den|die|der|des|dem) )?(\S+) (\d{1,3})$/u.exec(low);
  const numberedUnit = numbered ? UNITS.get(numbered[1] ?? '') : undefined;
  const n = Number(numbered?.[2]);
  return numberedUnit && n >= 1 ? { kind: 'unit', unit: numberedUnit, pick: { rank: n, fromEnd: false } } : undefined;
}

/**
 * A place after a verb, or undefined when the words are not one: a plain word ("markiere Paris") is
 * not read as text, since it names a list item or a cell as often.
 */
function readPlace(said: string): TextPlace | undefined {
  const low = foldDe(said);
  if (SELECTION.has(low)) return { kind: 'selection' };
  if (WHOLE.has(low)) return { kind: 'whole' };
  const unit = readUnit(low);
  if (unit) return unit;
  const span = /^von (.+?) bis (?:zu |zum |zur )?(.+)$/iu.exec(said);
  if (span?.[1] && span[2]) return { kind: 'span', from: unquote(span[1]), to: unquote(span[2]) };
  const named = afterVerb(said, WORDS_NOUNS);
  if (named) return { kind: 'words', words: unquote(named.rest) };
  const quoted = quotedOnly(said);
  return quoted ? { kind: 'words', words: quoted } : undefined;
}

/** "korrigiere Berlin zu Bern": every split at a word between old and new, the first first. */
function readCorrect(said: string): TextEdit | null {
  const verb = afterVerb(said, CORRECT.keys());
  if (!verb) return null;
  const between = CORRECT.get(verb.verb) ?? [];
  const words = afterVerb(verb.rest, WORDS_NOUNS)?.rest ?? verb.rest;
  const parts = words.split(' ');
  const splits: { from: string; to: string }[] = [];
  for (let i = 1; i < parts.length - 1; i++) {
    if (!between.includes(foldDe(parts[i] ?? ''))) continue;
    splits.push({ from: unquote(parts.slice(0, i).join(' ')), to: unquote(parts.slice(i + 1).join(' ')) });
  }
  return splits.length > 0 ? { kind: 'correct', splits } : null;
}

/** "wähle … aus", "markiere …", "lösche …": a place selected or deleted. */
function readSelectOrDelete(said: string): TextEdit | null {
  const select = afterVerb(said, SELECT);
  const remove = select ? undefined : afterVerb(said, DELETE);
  const verb = select ?? remove;
  if (!verb) return null;
  // "wähle … aus": the particle ends it ("wähle den Absatz" is said too).
  const rest = (select && before(verb.rest, 'aus')) || verb.rest;
  const place = readPlace(rest);
  // "markiere das" selects nothing new; the whole text is never deleted by one command.
  if (!place || (select && place.kind === 'selection') || (remove && place.kind === 'whole')) return null;
  return { kind: select ? 'select' : 'delete', place };
}

/** "schreibe das groß", "schreibe das Wort Berlin in Großbuchstaben", "schreibe den ersten Satz klein". */
function readCase(said: string): TextEdit | null {
  const verb = afterVerb(said, CASE_VERBS);
  if (!verb) return null;
  for (const [words, change] of CASES) {
    const head = before(verb.rest, words);
    const place = head === undefined ? undefined : readPlace(head);
    if (head !== undefined) return place && place.kind !== 'span' ? { kind: 'case', change, place } : null;
  }
  return null;
}

/** What an edge belongs to: "der Zeile", "des zweiten Absatzes", "von Absatz 2", "des Textes". */
function readOf(said: string): TextPlace | undefined {
  const of = /^(\S+) (.+)$/u.exec(said);
  return of?.[1] && of[2] && OF.has(foldDe(of[1])) ? readPlace(of[2]) : readPlace(said);
}

/** "gehe zum Ende der Zeile", "setze den Cursor an den Anfang des zweiten Absatzes". */
function readCaret(said: string): TextEdit | null {
  const verb = afterVerb(said, CARET_VERBS);
  if (!verb) return null;
  for (const [words, edge] of EDGES) {
    const of = after(verb.rest, words);
    const place = of === undefined ? undefined : readOf(of);
    if (of !== undefined) return place && place.kind !== 'span' ? { kind: 'caret', edge, place } : null;
  }
  return null;
}

/** A field after "von": quoted, or said to be a field ("dem Feld Notizen"), or (`bare`) a short name. */
function readField(said: string, bare: boolean): string | undefined {
  const quoted = quotedOnly(said);
  if (quoted) return quoted;
  const words = said.split(' ');
  if (ARTICLES.has(foldDe(words[0] ?? ''))) words.shift();
  if (words.length > 1 && FIELD_NOUNS.has(foldDe(words[0] ?? ''))) return unquote(words.slice(1).join(' '));
  return bare && words.length > 0 && words.length <= 4 && !/^\d+$/u.test(said) ? words.join(' ') : undefined;
}

/** "am Anfang [von <Feld | Einheit>]", "am Ende des Absatzes": a place of the text, else a field. */
function readAtEdge(said: string, clear: boolean): { edge: 'start' | 'end'; place: TextPlace; field?: string } | undefined {
  for (const [words, edge] of AT_EDGES) {
    if (foldDe(said) === words) return clear ? { edge, place: { kind: 'whole' } } : undefined;
    const rest = after(said, words);
    if (rest === undefined) continue;
    const place = readOf(rest);
    if (place) return place.kind === 'span' || place.kind === 'selection' ? undefined : { edge, place };
    const of = /^(\S+) (.+)$/u.exec(rest);
    const field = of?.[1] && of[2] ? readField(of[2], clear && OF.has(foldDe(of[1]))) : undefined;
    return field ? { edge, place: { kind: 'whole' }, field } : undefined;
  }
  return undefined;
}

/** "vor Welt", "nach dem Wort hallo", "hinter dem letzten Satz": a place beside words or a unit. */
function readBeside(said: string, clear: boolean): { edge: 'start' | 'end'; place: TextPlace } | undefined {
  const beside = /^(\S+) (.+)$/u.exec(said);
  const edge = beside?.[1] ? BESIDE.get(foldDe(beside[1])) : undefined;
  if (!edge || !beside?.[2]) return undefined;
  const place = readPlace(beside[2]) ?? (clear ? { kind: 'words' as const, words: unquote(beside[2]) } : undefined);
  return place && place.kind !== 'span' && place.kind !== 'selection' ? { edge, place } : undefined;
}

/**
 * Beside words or a unit of a named field: "vor Welt im Feld Notizen", "nach hallo in „Notizen“",
 * "hinter dem letzten Satz ins Textfeld Betreff". The field must be said to be one (or quoted): a bare
 * "in Berlin" is as likely words of the text, so it stays part of what the place names.
 */
function readBesideIn(said: string, clear: boolean): { edge: 'start' | 'end'; place: TextPlace; field?: string } | undefined {
  const tail = /^(.+) (?:im|ins|in) (.+)$/u.exec(said);
  const field = tail?.[1] && tail[2] ? readField(tail[2], false) : undefined;
  const beside = field && tail?.[1] ? readBeside(tail[1], clear) : undefined;
  return beside && field ? { ...beside, field } : readBeside(said, clear);
}

/**
 * Typing at a place: "tippe „Liebe Anna,“ am Anfang von Notizen", "schreibe Hallo am Ende der Zeile",
 * "füge hallo vor Welt ein", "füge „sehr “ nach dem Wort so ein", "tippe „sehr “ vor Welt im Feld
 * Notizen", and "füge vor Welt ein" (the caret only). As in English, unquoted text after "tippe" or "schreibe" needs a place that cannot be words
 * of the text (a unit, a field said to be one, or quoted words): "schreibe bis morgen am Ende" types all.
 */
function readInsert(said: string): TextEdit | null {
  const insert = afterVerb(said, INSERT);
  const typed = insert ? undefined : afterVerb(said, TYPE);
  const rest = insert ? before(insert.rest, 'ein') : typed?.rest;
  if (rest === undefined) return null;
  const caretOnly = insert ? readBeside(rest, true) : undefined;
  if (caretOnly) return { kind: 'caret', ...caretOnly };
  const quoted = /^([„"“»])(.+?)([“"”«]) (.+)$/u.exec(rest);
  const clear = insert !== undefined || quoted !== null;
  const attempts: { text: string; where: string }[] = quoted?.[2] && quoted[4] ? [{ text: quoted[2], where: quoted[4] }] : splitsOf(rest);
  for (const { text, where } of attempts) {
    const edge = readAtEdge(where, clear) ?? readBesideIn(where, clear);
    if (edge && text.trim() !== '') return { kind: 'insert', text, ...edge };
  }
  return null;
}

/** Every split of unquoted words into text and a place, the shortest text first ("Hallo | am Ende der Zeile"). */
function splitsOf(rest: string): { text: string; where: string }[] {
  const words = rest.split(' ');
  return words.slice(1).map((_, i) => ({ text: words.slice(0, i + 1).join(' '), where: words.slice(i + 1).join(' ') }));
}

/** The German edit a command is, or null when it is not one (then the other readers try it). */
export function readTextEditDe(text: string): TextEdit | null {
  const said = clean(text);
  return readCorrect(said) ?? readSelectOrDelete(said) ?? readCase(said) ?? readCaret(said) ?? readInsert(said);
}
