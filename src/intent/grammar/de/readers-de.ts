/**
 * The German grammar's noun phrases (issue #32 item 6): numbers, an overlay number, a rank ("den
 * dritten Knopf in der Werkzeugleiste"), an element by its name ("den Knopf „Senden“", "Senden in
 * Firefox"), an app's name, and keys ("Strg+S", "die Eingabetaste", "Pfeil hoch"). Each reader says
 * why not when it cannot tell; names are kept exactly as said, never translated.
 */
import type { CanonicalModifier } from '../../../shared/keys.js';
import type { Role } from '../../../shared/roles.js';
import { LIMITS } from '../../schema.js';
import { parseChord } from '../chord.js';
import type { OrdinalRef } from '../ordinal-phrase.js';
import { digitsValue, fail, ok, readAppName, type ElementTarget, type LabelRef, type Read } from '../phrases.js';
import { joinTokens, type Token } from '../tokens.js';
import { foldDe, foldedMap, foldedSet, isDe, wordDe } from './fold.js';
import {
  DE_ARTICLES,
  DE_CONTAINER_KINDS,
  DE_KEY_NOUNS,
  DE_KEYS,
  DE_LAST,
  DE_MODIFIERS,
  DE_NON_NAMING,
  DE_NOT_APP,
  DE_NUMBER_NOUNS,
  DE_NUMBERS,
  DE_RANKS,
  DE_RANKS_FROM_END,
  DE_ROLE_WORDS,
  DE_TIMES,
  DE_UNNAMED,
} from './words.js';

const ARTICLES = foldedSet(DE_ARTICLES);
const NON_NAMING = foldedSet(DE_NON_NAMING);
const NOT_APP = foldedSet([...DE_NOT_APP, ...DE_CONTAINER_KINDS.keys()]);
const ROLES = foldedMap(DE_ROLE_WORDS);
const CONTAINERS = foldedMap(DE_CONTAINER_KINDS);
const NUMBERS = foldedMap(DE_NUMBERS);
const TIMES = foldedMap(DE_TIMES);
const RANKS = foldedMap(DE_RANKS);
const RANKS_FROM_END = foldedMap(DE_RANKS_FROM_END);
const LAST = foldedSet(DE_LAST);
const UNNAMED = foldedSet(DE_UNNAMED);
const NUMBER_NOUNS = foldedSet(DE_NUMBER_NOUNS);
const KEYS = foldedMap(DE_KEYS);
const MODIFIERS = foldedMap(DE_MODIFIERS);
const KEY_NOUNS = foldedSet(DE_KEY_NOUNS);
const IN = foldedSet(['in']);
const WITHIN = foldedSet(['in', 'im', 'auf', 'der', 'des']);
const AGAIN = foldedSet(['mal', 'nochmal', 'erneut', 'wieder', ...DE_TIMES.keys()]);
const APP_NOUNS = foldedSet(['app', 'anwendung', 'programm']);
const NOUNS_WITHOUT_ROLE = foldedSet(['datei', 'ordner', 'symbol', 'icon', 'eintrag', 'element', 'ding', 'bereich', 'fenster', 'dialog', 'leiste', 'wort']);
const RANK_WORDS = foldedSet([...DE_RANKS.keys(), ...DE_LAST, ...DE_RANKS_FROM_END.keys()]);

/** Without a leading article ("den", "die", "ein"). */
export function withoutArticle(tokens: readonly Token[]): readonly Token[] {
  return isDe(tokens[0], ARTICLES) ? tokens.slice(1) : tokens;
}

/** A number at tokens[i]: digits or a German number word ("fünf", "zwölf"). */
export function readNumberDe(tokens: readonly Token[], i: number): { value: number; next: number } | null {
  const t = tokens[i];
  if (t === undefined || t.quoted) return null;
  const digits = digitsValue(t.low);
  if (digits !== null) return { value: digits, next: i + 1 };
  const word = NUMBERS.get(foldDe(t.low));
  return word === undefined ? null : { value: word, next: i + 1 };
}

/** "dreimal", "3 mal", "drei mal" at the start or the end: the count and the rest. */
export function splitTimesDe(tokens: readonly Token[]): { rest: Token[]; count: number } | null {
  const n = tokens.length;
  const last = wordDe(tokens[n - 1]);
  if (last !== undefined && TIMES.has(last)) return { rest: tokens.slice(0, n - 1), count: TIMES.get(last) as number };
  if (last === 'mal') {
    const num = readNumberDe(tokens, n - 2);
    if (num !== null) return { rest: tokens.slice(0, n - 2), count: num.value };
  }
  const first = wordDe(tokens[0]);
  if (first !== undefined && TIMES.has(first)) return { rest: tokens.slice(1), count: TIMES.get(first) as number };
  const num = readNumberDe(tokens, 0);
  if (num !== null && wordDe(tokens[1]) === 'mal') return { rest: tokens.slice(2), count: num.value };
  return null;
}

/** An overlay number: "5", "fünf", "Nummer 5", "die Nummer fünf", "#5"; null when the phrase is none. */
export function readElementIdDe(tokens: readonly Token[]): Read<number> | null {
  let words = withoutArticle(tokens);
  const only = words[0];
  if (words.length === 1 && only !== undefined && !only.quoted && only.low.startsWith('#')) return checkId(digitsValue(only.low.slice(1)));
  if (isDe(words[0], NUMBER_NOUNS)) words = words.slice(1);
  const num = readNumberDe(words, 0);
  return num !== null && num.next === words.length ? checkId(num.value) : null;
}

function checkId(v: number | null): Read<number> | null {
  if (v === null) return null;
  return v >= 1 && v <= LIMITS.elementIdMax ? ok(v) : fail(`element number must be 1 to ${LIMITS.elementIdMax}`);
}

/** "den dritten Knopf [in der Werkzeugleiste]", "die letzte Registerkarte", "das zweitletzte Feld"; null when no rank begins it. */
export function readOrdinalDe(tokens: readonly Token[]): Read<OrdinalRef> | null {
  const words = withoutArticle(tokens);
  const w = wordDe(words[0]);
  if (w === undefined) return null;
  const fromEnd = LAST.has(w) || RANKS_FROM_END.has(w);
  // "den 3. Knopf": a rank written as a figure and a full stop.
  const figure = /^(\d{1,2})\.$/u.exec(w);
  const ordinal = LAST.has(w) ? 1 : (RANKS_FROM_END.get(w) ?? RANKS.get(w) ?? (figure ? Number(figure[1]) : undefined));
  if (ordinal === undefined) return null;
  let at = 1;
  const unnamed = isDe(words[at], UNNAMED);
  if (unnamed) at++;
  const role = roleAt(words, at);
  // "der erste Eintrag", "die letzte Seite": a label that begins with a rank word.
  if (role === undefined) return null;
  at++;
  const ref: OrdinalRef = { ordinal, role, ...(unnamed ? { unnamed } : {}), ...(fromEnd ? { fromEnd } : {}) };
  if (at === words.length) return ok(ref);
  if (!isDe(words[at], WITHIN)) return fail(`cannot tell what follows "${words[at]?.raw ?? ''}": say "der dritte Knopf in der Werkzeugleiste"`);
  const container = withoutArticle(words.slice(at + 1));
  if (container.length === 0) return fail('in what? say "in der Werkzeugleiste" or name it');
  // "in der Werkzeugleiste „Format“": the kind as the engine names it, then the name as said.
  const kind = CONTAINERS.get(wordDe(container[0]) ?? '');
  const within = [...(kind === undefined ? [] : [kind]), ...container.slice(kind === undefined ? 0 : 1).map((t) => t.raw)].join(' ');
  if (within.length > LIMITS.labelMax) return fail(`the container's name is longer than ${LIMITS.labelMax} characters`);
  return ok({ ...ref, within });
}

function roleAt(tokens: readonly Token[], i: number): Role | undefined {
  const w = wordDe(tokens[i]);
  return w === undefined ? undefined : ROLES.get(w);
}

/** "[den] [Knopf] Senden", "Senden [Knopf]", "„Speichern unter …“": a name on screen, kept as said, with its role when one was said. */
export function readLabelDe(command: string, tokens: readonly Token[]): Read<LabelRef> {
  let words = withoutArticle(tokens);
  if (words.length === 0) return fail('no element named');
  let role = roleAt(words, 0);
  if (role !== undefined && words.length > 1) words = words.slice(1);
  else if (roleAt(words, words.length - 1) !== undefined && words.length > 1) {
    role = roleAt(words, words.length - 1);
    words = words.slice(0, -1);
  } else if (role !== undefined) return fail(`which ${words[0]?.raw ?? ''}? name it`);
  const first = words[0] as Token;
  const last = words[words.length - 1] as Token;
  // "klicke auf erste Schritte": a rank without a role; quoted, „Erste Schritte“ is a name.
  if (isDe(first, NON_NAMING) || isDe(first, RANK_WORDS)) return fail(`"${first.raw}" does not name an element`);
  // "die Datei Bericht", "das Symbol Papierkorb": a noun no role says, so no label either (the LLM may look).
  if ((words.length > 1 || words !== tokens) && role === undefined && isDe(first, NOUNS_WITHOUT_ROLE)) return fail(`"${first.raw}" does not say which element`);
  if (words.length > 1 && isDe(last, AGAIN)) return fail('repeating a click is not understood; say it again');
  if (words.length > 10) return fail('label longer than 10 words');
  const label = words.length === 1 && first.quoted ? first.raw : joinTokens(command, words);
  if (label.trim() === '') return fail('label is blank');
  if (label.length > LIMITS.labelMax) return fail(`label longer than ${LIMITS.labelMax} characters`);
  return ok(role === undefined ? { label } : { label, role });
}

/** An element: a rank, an overlay number, or a name with an optional "in <App>" at the end. */
export function readElementDe(command: string, tokens: readonly Token[]): Read<ElementTarget> {
  const ranked = readOrdinalDe(tokens);
  if (ranked !== null) return ranked;
  const id = readElementIdDe(tokens);
  if (id !== null) return id.ok ? ok({ id: id.value }) : id;
  const split = splitAppDe(tokens);
  if (split !== null && !split.ok) return split;
  const head = split === null ? tokens : split.value.head;
  const label = readLabelDe(command, head);
  if (!label.ok || split === null) return label;
  return ok({ ...label.value, app: split.value.app });
}

/** "… in Firefox" at the end: the words before and the app; null when no app is named there. */
export function splitAppDe(tokens: readonly Token[]): Read<{ head: Token[]; app: string }> | null {
  let k = -1;
  for (let i = tokens.length - 2; i >= 1; i--) {
    if (isDe(tokens[i], IN)) {
      k = i;
      break;
    }
  }
  if (k < 0) return null;
  const app = readAppNameDe(tokens.slice(k + 1));
  if (!app.ok) return fail(`cannot tell what "in ${tokens[k + 1]?.raw ?? ''}" refers to`);
  return ok({ head: tokens.slice(0, k), app: app.value });
}

/** An application's name: plain words (German and English checks) or one quoted name; "die App X" and "X App" too. */
export function readAppNameDe(tokens: readonly Token[]): Read<string> {
  let words = withoutArticle(tokens);
  if (words.length >= 2 && isDe(words[0], APP_NOUNS)) words = words.slice(1);
  else if (words.length >= 2 && isDe(words[words.length - 1], APP_NOUNS)) words = words.slice(0, -1);
  const bad = words.find((t) => isDe(t, NOT_APP));
  if (bad !== undefined) return fail(`"${bad.raw}" does not belong in an application name`);
  return readAppName(words);
}

/**
 * Keys: [die] [Taste] CHORD [Taste] or "die Enter-Taste", with German names ("Strg+Umschalt+T",
 * "Eingabe", "Pfeil hoch") or English ones. Null when the phrase is no key at all (so it may name an
 * element), a failure when it clearly is but names no key.
 */
export function readKeyPhraseDe(tokens: readonly Token[]): Read<{ key: string; modifiers: CanonicalModifier[] }> | null {
  let words = withoutArticle(tokens).map((t) => (t.quoted ? null : foldDe(t.raw)));
  if (words.length === 0 || words.includes(null)) return null;
  let saidKey = false;
  if (words.length > 1 && KEY_NOUNS.has(words[0] as string)) {
    words = words.slice(1);
    saidKey = true;
  } else if (words.length > 1 && KEY_NOUNS.has(words[words.length - 1] as string)) {
    words = words.slice(0, -1);
    saidKey = true;
  }
  const last = words[words.length - 1] as string;
  if (last.endsWith('-taste') && last.length > 6) {
    words = [...words.slice(0, -1), last.slice(0, -6)];
    saidKey = true;
  }
  const joined = (words as string[]).join(' ');
  const pieces = joined.split(/([+ ])/u).filter((p) => p !== ' ' && p !== '');
  const english: string[] = [];
  for (let i = 0; i < pieces.length; i++) {
    const two = `${pieces[i]} ${pieces[i + 1] ?? ''}`;
    const piece = pieces[i] as string;
    if (KEYS.has(two)) {
      english.push(KEYS.get(two) as string);
      i++;
    } else if (piece === '+' || KEYS.has(piece) || MODIFIERS.has(piece) || piece === '-' || !piece.includes('-')) {
      english.push(piece === '+' ? '+' : (KEYS.get(piece) ?? MODIFIERS.get(piece) ?? piece));
    } else {
      // "strg-s": a hyphen joins the parts, each read by its German name.
      english.push(
        piece
          .split('-')
          .map((p) => KEYS.get(p) ?? MODIFIERS.get(p) ?? p)
          .join('-'),
      );
    }
  }
  const chord = parseChord(english.join(' ').replace(/ ?\+ ?/gu, '+'));
  if (chord.ok) return ok({ key: chord.key, modifiers: chord.modifiers });
  return chord.keyLike || saidKey ? fail(chord.reason) : null;
}
