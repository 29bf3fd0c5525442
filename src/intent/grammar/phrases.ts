/**
 * The noun phrases of the grammar: numbers, points, element names and app names.
 *
 * Each reader takes the tokens of one phrase and either returns what it names or says why not.
 * None of them guesses: a phrase that could name two things is a failure with a reason.
 */
import { readOrdinalElement, type OrdinalRef } from './ordinal-phrase.js';
import { LIMITS } from '../schema.js';
import type { Role } from '../../shared/roles.js';
import {
  AMBIGUOUS_APP_NAMES,
  DIRECTION_WORDS,
  NON_NAMING_WORDS,
  NOT_APP_WORDS,
  NOUNS_WITHOUT_ROLE,
  NUMBER_ONES,
  NUMBER_TENS,
  PHRASAL_BEFORE_IN_ON,
  ROLE_WORDS,
} from './lexicon.js';
import { isWord, joinTokens, type Token } from './tokens.js';

export type Read<T> = { ok: true; value: T } | { ok: false; reason: string };

export function fail(reason: string): { ok: false; reason: string } {
  return { ok: false, reason };
}

export function ok<T>(value: T): { ok: true; value: T } {
  return { ok: true, value };
}

export interface Point {
  x: number;
  y: number;
}

export interface LabelRef {
  label: string;
  role?: Role;
  app?: string;
}

export type ElementTarget = { id: number } | LabelRef | OrdinalRef;
export type PlaceTarget = Point | ElementTarget;

function isDigits(s: string, from: number): boolean {
  if (s.length <= from) return false;
  for (let i = from; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c < 48 || c > 57) return false;
  }
  return true;
}

/** A whole number written with digits, optionally negative ("-40"); at most 7 digits. */
export function digitsValue(s: string): number | null {
  const from = s.startsWith('-') ? 1 : 0;
  if (!isDigits(s, from) || s.length - from > 7) return null;
  return Number(s);
}

/**
 * A number at tokens[i]: digits, or a number word from zero to ninety-nine ("twelve",
 * "twenty three", "twenty-three"). Larger spoken numbers are left to other planners.
 */
export function readNumber(tokens: readonly Token[], i: number): { value: number; next: number } | null {
  const t = tokens[i];
  if (t === undefined || t.quoted) return null;
  const digits = digitsValue(t.low);
  if (digits !== null) return { value: digits, next: i + 1 };
  const one = NUMBER_ONES.get(t.low);
  if (one !== undefined) return { value: one, next: i + 1 };
  const dash = t.low.indexOf('-');
  if (dash > 0) {
    const tens = NUMBER_TENS.get(t.low.slice(0, dash));
    const unit = NUMBER_ONES.get(t.low.slice(dash + 1));
    if (tens !== undefined && unit !== undefined && unit >= 1 && unit <= 9) return { value: tens + unit, next: i + 1 };
    return null;
  }
  const tens = NUMBER_TENS.get(t.low);
  if (tens === undefined) return null;
  const next = tokens[i + 1];
  const unit = next !== undefined && !next.quoted ? NUMBER_ONES.get(next.low) : undefined;
  if (unit !== undefined && unit >= 1 && unit <= 9) return { value: tens + unit, next: i + 2 };
  return { value: tens, next: i + 1 };
}

/** The whole phrase is one number. */
export function readWholeNumber(tokens: readonly Token[]): number | null {
  const n = readNumber(tokens, 0);
  return n !== null && n.next === tokens.length ? n.value : null;
}

/**
 * An element id: "12", "twelve", "number 12", "element 12", "item 12", "#12".
 * `bare` allows a plain number ("click 12"); places ("move the mouse to 12") need the prefix,
 * because a lone number there may be half of a coordinate pair.
 */
export function readElementId(tokens: readonly Token[], bare: boolean): Read<number> | null {
  let rest = tokens;
  const first = tokens[0];
  if (tokens.length === 1 && first !== undefined && !first.quoted && first.low.startsWith('#')) {
    const v = digitsValue(first.low.slice(1));
    return v === null ? null : checkId(v);
  }
  if (isWord(first, 'number', 'element', 'item', 'no.', 'id')) rest = tokens.slice(1);
  else if (!bare) return null;
  const v = readWholeNumber(rest);
  return v === null ? null : checkId(v);
}

function checkId(v: number): Read<number> {
  if (v < 1 || v > LIMITS.elementIdMax) return fail(`element number must be 1 to ${LIMITS.elementIdMax}`);
  return ok(v);
}

function checkCoordinate(v: number): boolean {
  return Math.abs(v) <= LIMITS.coordinateAbsMax;
}

/**
 * A point: "100, 200", "100 200", "100,200", "(100, 200)", "x 100 y 200", "x=100 y=200".
 * Returns null when the phrase is not shaped like a point at all.
 */
export function readPoint(tokens: readonly Token[]): Read<Point> | null {
  // Expand "100,200", "(100," and "x=100" into separate pieces before reading numbers.
  const pieces: string[] = [];
  for (const t of tokens) {
    if (t.quoted) return null;
    let s = t.low;
    if (s.startsWith('(')) s = s.slice(1);
    if (s.endsWith(')')) s = s.slice(0, -1);
    const eq = s.indexOf('=');
    if (eq > 0) {
      pieces.push(s.slice(0, eq));
      s = s.slice(eq + 1);
    }
    const comma = s.indexOf(',');
    if (comma > 0 && comma < s.length - 1) {
      pieces.push(s.slice(0, comma), ',', s.slice(comma + 1));
    } else if (s !== '') {
      pieces.push(s);
    }
  }
  let named = false;
  const nums: number[] = [];
  for (let i = 0; i < pieces.length; i++) {
    const p = pieces[i] as string;
    if (p === ',') continue;
    if ((p === 'x' && nums.length === 0) || (p === 'y' && nums.length === 1)) {
      named = true;
      continue;
    }
    const v = digitsValue(p);
    if (v === null) return null;
    nums.push(v);
  }
  if (named && !(pieces[0] === 'x' && pieces.includes('y'))) return null;
  if (nums.length === 1) return fail('a point needs both x and y');
  if (nums.length !== 2) return fail('a point has exactly two numbers, x and y');
  const [x, y] = nums as [number, number];
  if (!checkCoordinate(x) || !checkCoordinate(y)) return fail('coordinate is off every screen');
  return ok({ x, y });
}

/** A role word ending the phrase ("Send button", "Search field", "Remember me check box"). */
function trailingRole(tokens: readonly Token[]): { role: Role; length: number } | null {
  // Two-word roles first, but not when that would leave no label: "the Search field" is the
  // field labelled Search, not a search field without a name.
  let fallback: { role: Role; length: number } | null = null;
  for (const length of [2, 1]) {
    if (tokens.length < length) continue;
    const tail = tokens.slice(tokens.length - length);
    if (tail.some((t) => t.quoted)) continue;
    const role = ROLE_WORDS.get(tail.map((t) => t.low).join(' '));
    if (role === undefined) continue;
    if (length < tokens.length) return { role, length };
    fallback ??= { role, length };
  }
  return fallback;
}

export interface LabelOptions {
  /** Places (mouse targets, drag ends) also refuse direction words ("to the left"). */
  place?: boolean;
  /**
   * Accept a role word and a number as a label ("Field 3", "Button 2"). Only where the number
   * cannot be an element id: with an app ("click Field 3 in Firefox") or as a typing target. Alone,
   * "click field 3" may mean the overlay's number 3, so it stays no_match.
   */
  numbered?: boolean;
}

/** "Field 3": a role word and a whole number, which together name a numbered element; its role, else null. */
export function numberedLabelRole(tokens: readonly Token[]): Role | null {
  const [word, number] = tokens;
  if (tokens.length !== 2 || word === undefined || number === undefined || word.quoted || number.quoted) return null;
  if (digitsValue(number.low) === null || number.low.startsWith('-')) return null;
  return ROLE_WORDS.get(word.low) ?? null;
}

/**
 * An element named on screen: [the] LABEL [ROLE WORD]. The label keeps its case.
 * "the Send button" → {label: "Send", role: "button"}; `"Save As…"` → {label: "Save As…"}.
 */
export function readLabel(command: string, tokens: readonly Token[], opts: LabelOptions = {}): Read<LabelRef> {
  let words = tokens;
  const saidThe = isWord(words[0], 'the');
  if (saidThe) words = words.slice(1);
  if (words.length === 0) return fail('no element named');
  let role: Role | undefined;
  const tr = trailingRole(words);
  if (tr !== null) {
    if (tr.length === words.length) return fail(`which ${words.map((t) => t.low).join(' ')}? name it`);
    role = tr.role;
    words = words.slice(0, words.length - tr.length);
  }
  const first = words[0] as Token;
  const last = words[words.length - 1] as Token;
  if (!first.quoted && NON_NAMING_WORDS.has(first.low)) return fail(`"${first.raw}" does not name an element`);
  // "the Trash icon", and "the file" alone (which file?); "click File" is the File menu's label.
  if ((words.length > 1 || (saidThe && role === undefined)) && !last.quoted && NOUNS_WITHOUT_ROLE.has(last.low)) {
    return fail(`"${last.raw}" does not say which element`);
  }
  const numbered = opts.numbered === true && tr === null && numberedLabelRole(words) !== null;
  if (words.length > 1 && trailingRole(words.slice(0, 1)) !== null && tr === null && !first.quoted && !numbered) {
    // "the button that says Send": a description, not a label.
    return fail('an element description, not a label');
  }
  if (!last.quoted && REPEAT_OR_AGAIN.has(last.low)) return fail('repeating a click is not understood; say it again');
  if (words.length > 10) return fail('label longer than 10 words');
  if (opts.place === true && !first.quoted && DIRECTION_WORDS.has(first.low)) {
    // "to the left", "to the center of the screen": a region, not an element.
    return fail('a direction or region, not an element');
  }
  const label = words.length === 1 && first.quoted ? first.raw : unwrapSingleQuotes(joinTokens(command, words));
  if (label.trim() === '') return fail('label is blank');
  if (label.length > LIMITS.labelMax) return fail(`label longer than ${LIMITS.labelMax} characters`);
  return ok(role === undefined ? { label } : { label, role });
}

/** "click 'Save As'": single quotes around a whole label are quoting, not part of it. */
function unwrapSingleQuotes(label: string): string {
  const open = label[0];
  const close = label[label.length - 1];
  if (label.length > 2 && (open === "'" || open === '‘') && (close === "'" || close === '’')) return label.slice(1, -1);
  return label;
}

/** "click Send twice": a repeat count is not part of a label. */
const REPEAT_OR_AGAIN: ReadonlySet<string> = new Set(['once', 'twice', 'thrice', 'times', 'time', 'again']);

function isAppWordShape(word: string): boolean {
  // Letters and digits, plus "-", "&" and "+" inside names ("Wi-Fi", "AT&T", "Notepad++").
  // No dots, slashes, colons or "@": those are files, folders, addresses and websites.
  const first = word.codePointAt(0);
  if (first === undefined || !isLetterOrDigit(String.fromCodePoint(first))) return false;
  for (const ch of word) {
    if (ch === '-' || ch === '&' || ch === '+') continue;
    if (!isLetterOrDigit(ch)) return false;
  }
  return true;
}

const LETTER_OR_DIGIT = /^[\p{L}\p{N}\p{M}]$/u;
function isLetterOrDigit(ch: string): boolean {
  return LETTER_OR_DIGIT.test(ch);
}

/**
 * An application name: 1–5 plain words, or one quoted name; "the X app" and "X app" are allowed.
 *
 * Conservative by design: any word from NOT_APP_WORDS ("the", "my", "new", "tab", "menu", "in",
 * "file", "desktop", "dictation", ...), any dot/slash/colon/"@" (websites, paths, files), a
 * possessive, a bare number, or a name that is really a place in the current app ("settings")
 * makes it not an app.
 */
export function readAppName(tokens: readonly Token[]): Read<string> {
  let words = tokens;
  const last = words[words.length - 1];
  if (words.length >= 2 && isWord(last, 'app', 'application')) {
    words = words.slice(0, -1);
    if (isWord(words[0], 'the')) words = words.slice(1);
  }
  if (words.length === 0) return fail('no application named');
  if (words.length === 1 && (words[0] as Token).quoted) {
    const name = (words[0] as Token).raw.trim();
    if (name === '') return fail('application name is blank');
    if (/[./\\:@]/.test(name)) return fail('a file, folder or website, not an application');
    if (name.length > LIMITS.appMax) return fail(`application name longer than ${LIMITS.appMax} characters`);
    return ok(name);
  }
  if (words.length > 5) return fail('application name longer than 5 words');
  for (const w of words) {
    if (w.quoted) return fail('application name mixes quoted and unquoted words');
    if (NOT_APP_WORDS.has(w.low)) return fail(`"${w.raw}" does not belong in an application name`);
    if (!isAppWordShape(w.raw)) return fail(`"${w.raw}" is not part of an application name`);
  }
  // A name starts with a word: "in 5 seconds" is a time, "Word 2016" is a name.
  if (digitsValue((words[0] as Token).low) !== null) return fail('a number, not an application');
  const name = words.map((w) => w.raw).join(' ');
  if (AMBIGUOUS_APP_NAMES.has(name.toLowerCase())) return fail(`"${name}" does not say which application`);
  if (name.length > LIMITS.appMax) return fail(`application name longer than ${LIMITS.appMax} characters`);
  return ok(name);
}

export type AppSplit<T> = { kind: 'none' } | { kind: 'split'; head: T[]; app: string } | { kind: 'ambiguous'; reason: string };

/**
 * Find "… in App" / "… on App" at the end of a phrase.
 *
 * The last "in"/"on" decides. Nothing after it ("click Zoom in"), or only a role word after it
 * ("click the Log in button"), is no app. A valid app name after it splits the phrase, unless the
 * word before reads as a phrasal verb ("click Sign in Chrome": the Sign button, or Sign in?). Any
 * other words after it ("settings in the menu") are ambiguous: the phrase is no_match.
 */
export function splitAppSuffix(tokens: readonly Token[], words: readonly string[] = ['in', 'on']): AppSplit<Token> {
  let k = -1;
  for (let i = tokens.length - 1; i >= 1; i--) {
    if (isWord(tokens[i], ...words)) {
      k = i;
      break;
    }
  }
  if (k < 0) return { kind: 'none' };
  const tail = tokens.slice(k + 1);
  if (tail.length === 0) return { kind: 'none' };
  if (trailingRole(tail)?.length === tail.length) return { kind: 'none' };
  const app = readAppName(tail);
  if (!app.ok) return { kind: 'ambiguous', reason: `cannot tell what "${(tokens[k] as Token).low} …" refers to` };
  const before = tokens[k - 1] as Token;
  if (!before.quoted && PHRASAL_BEFORE_IN_ON.has(before.low)) {
    return { kind: 'ambiguous', reason: `"${before.raw} ${(tokens[k] as Token).raw}" may be part of the label` };
  }
  return { kind: 'split', head: tokens.slice(0, k), app: app.value };
}

/** An element: an id ("12", "number 12") when `bareId` or prefixed, else a label [in App]. */
export function readElement(command: string, tokens: readonly Token[], bareId: boolean): Read<ElementTarget> {
  const ranked = readOrdinalElement(tokens);
  if (ranked !== null) return ranked;
  const id = readElementId(tokens, bareId);
  if (id !== null) return id.ok ? ok({ id: id.value }) : id;
  return readLabelInApp(command, tokens, {});
}

/** A label with an optional "in App" / "on App" at the end. */
function readLabelInApp(command: string, tokens: readonly Token[], opts: LabelOptions): Read<LabelRef> {
  const split = splitAppSuffix(tokens);
  if (split.kind === 'ambiguous') return fail(split.reason);
  const head = split.kind === 'split' ? split.head : tokens;
  // "click 12 in Safari": element 12 (ids are not per app) or the label "12"? Neither is sure.
  if (split.kind === 'split' && readWholeNumber(head) !== null) return fail('a number with an app: name the element');
  const label = readLabel(command, head, split.kind === 'split' ? { ...opts, numbered: true } : opts);
  if (!label.ok) return label;
  return ok(split.kind === 'split' ? { ...label.value, app: split.app } : label.value);
}

/** A place for the mouse or a drag end: a point, a prefixed id, or a label (no directions). */
export function readPlace(command: string, tokens: readonly Token[]): Read<PlaceTarget> {
  if (readWholeNumber(tokens) !== null) return fail('a lone number: say "number 12" for an element or "x, y" for a point');
  const point = readPoint(tokens);
  if (point !== null) return point;
  const ranked = readOrdinalElement(tokens);
  if (ranked !== null) return ranked;
  const id = readElementId(tokens, false);
  if (id !== null) return id.ok ? ok({ id: id.value }) : id;
  return readLabelInApp(command, tokens, { place: true });
}
