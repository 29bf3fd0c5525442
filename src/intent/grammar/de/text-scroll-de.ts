/**
 * Typing and scrolling in German (issue #32 item 6): "tippe „Hallo“ in das Feld Name", "schreibe
 * Hallo Welt", "scrolle 3 mal nach unten", "scrolle ein bisschen nach oben in Firefox". Quoted text is
 * typed exactly; unquoted text is the rest of the command as said, unless a field is named with a role
 * word ("in das Feld Name", "ins Suchfeld „Suche“").
 */
import { type Intent, LIMITS } from '../../schema.js';
import { TEXT_TARGET_ROLES } from '../lexicon.js';
import { fail, ok, type Read } from '../phrases.js';
import { isWord, joinTokens, type Token } from '../tokens.js';
import { startsWithSingleQuote, typeText } from '../verbs-text.js';
import { foldDe, foldedMap, foldedSet, isDe, phraseDe, wordDe } from './fold.js';
import { DE_SCROLL_DIRECTIONS, DE_SCROLL_SMALL, DE_SCROLL_UNITS } from './phrases.js';
import { readLabelDe, readNumberDe, splitAppDe, splitTimesDe } from './readers-de.js';
import { DE_ARTICLES, DE_INTO } from './words.js';

const INTO = foldedSet(DE_INTO);
const ARTICLES = foldedSet(DE_ARTICLES);
/** "schreibe das Wort Hallo": words that describe the text instead of being it. */
const DESCRIBED = foldedSet(['wort', 'wörter', 'text', 'satz', 'zahl', 'folgende', 'folgendes', 'buchstaben']);
const DIRECTIONS = foldedMap(DE_SCROLL_DIRECTIONS);
const SMALL = foldedSet(DE_SCROLL_SMALL);
const UNITS = foldedSet(DE_SCROLL_UNITS);
const PAGES = foldedSet(['seite', 'seiten', 'bildschirm', 'bildschirme']);

type Field = { label: string; role?: 'text_field' | 'search_field' | 'text_area' };

/**
 * The field after "in", "ins", "im": a text role word and its name, or (`quoted`) one quoted name, or
 * (`any`, after "fülle") a name alone.
 */
function readFieldDe(command: string, tokens: readonly Token[], need: 'role' | 'quoted' | 'any'): Read<Field> {
  const label = readLabelDe(command, tokens);
  if (!label.ok) return label;
  const { role } = label.value;
  if (role === undefined) {
    const words = isDe(tokens[0], ARTICLES) ? tokens.slice(1) : tokens;
    const named = need === 'any' || (need === 'quoted' && words.length === 1 && words[0]?.quoted === true);
    return named ? ok({ label: label.value.label }) : fail('name the field: "in das Feld <Name>"');
  }
  if (!TEXT_TARGET_ROLES.has(role)) return fail('name the field to type into: "in das Feld <Name>"');
  return ok({ label: label.value.label, role: role as Field['role'] });
}

/** tippe / schreibe / gib … ein: quoted text exactly, or the words as said; into a field named with a role word. */
export function parseTypeDe(command: string, rest: readonly Token[], politeTail: boolean): Read<Intent> {
  const words = isWord(rest[0], ':') ? rest.slice(1) : rest;
  const first = words[0];
  if (first === undefined) return fail('type what?');
  if (first.quoted) {
    const tail = words.slice(1);
    if (tail.length === 0) return typeText(first.raw);
    if (!isDe(tail[0], INTO)) return fail('unexpected words after the quoted text');
    const field = readFieldDe(command, tail.slice(1), 'quoted');
    return field.ok ? typeText(first.raw, field.value) : field;
  }
  if (politeTail) return fail('is "bitte" part of the text? quote the text to type');
  if (startsWithSingleQuote(first.raw)) return fail('single quotes may be part of the text; use double quotes');
  if (isDe(first, ARTICLES) && isDe(words[1], DESCRIBED)) return fail('"schreibe das Wort …" is ambiguous; quote the text to type');
  for (let k = words.length - 2; k >= 1; k--) {
    if (!isDe(words[k], INTO)) continue;
    const field = readFieldDe(command, words.slice(k + 1), 'role');
    if (field.ok) return typeText(joinTokens(command, words.slice(0, k)), field.value);
  }
  return typeText(joinTokens(command, words));
}

/** "fülle das Formular mit …": words that name more than one field. */
const NOT_A_FIELD = foldedSet(['formular', 'formulare', 'seite', 'felder', 'lücken', 'dokument']);

/** fülle <Feld> mit <Text> [aus]: the field by its name, the text after the first "mit", quoted exactly or as said. */
export function parseFillDe(command: string, rest: readonly Token[], politeTail: boolean): Read<Intent> {
  const words = wordDe(rest[rest.length - 1]) === 'aus' ? rest.slice(0, -1) : rest;
  const k = words.findIndex((t) => wordDe(t) === 'mit');
  if (k < 1) return fail('fill which field with what? say "fülle <Feld> mit <Text>"');
  const target = readFieldDe(command, words.slice(0, k), 'any');
  if (!target.ok) return target;
  if (NOT_A_FIELD.has(foldDe(target.value.label))) return fail(`"${target.value.label}" is not one field: name the field`);
  const text = words.slice(k + 1);
  const only = text[0];
  if (only === undefined) return fail('fill it with what?');
  if (only.quoted) return text.length === 1 ? typeText(only.raw, target.value) : fail('unexpected words after the quoted text');
  if (politeTail) return fail('is "bitte" part of the text? quote the text to type');
  return typeText(joinTokens(command, text), target.value);
}

/** The direction in `tokens` (one or two words, said once) and the words around it. */
function findDirection(tokens: readonly Token[]): Read<{ direction: 'up' | 'down' | 'left' | 'right'; others: Token[] }> {
  let found: { at: number; length: number; direction: 'up' | 'down' | 'left' | 'right' } | undefined;
  for (let i = 0; i < tokens.length; i++) {
    const two = phraseDe(tokens.slice(i, i + 2));
    const length = two !== null && tokens.length > i + 1 && DIRECTIONS.has(two) ? 2 : DIRECTIONS.has(wordDe(tokens[i]) ?? '') ? 1 : 0;
    if (length === 0) continue;
    if (found !== undefined) return fail('scroll which way? one direction');
    found = { at: i, length, direction: DIRECTIONS.get(length === 2 ? (two as string) : (wordDe(tokens[i]) as string)) as 'up' };
    i += length - 1;
  }
  if (found === undefined) return fail('scroll which way? say nach oben, nach unten, nach links or nach rechts');
  return ok({ direction: found.direction, others: [...tokens.slice(0, found.at), ...tokens.slice(found.at + found.length)] });
}

/** scrolle [N mal | um N | ein bisschen] nach unten|oben|links|rechts [N mal] [in <App>]. */
export function parseScrollDe(rest: readonly Token[]): Read<Intent> {
  const split = splitAppDe(rest);
  if (split !== null && !split.ok) return split;
  const words = split === null ? rest : split.value.head;
  if (words.some((t) => t.quoted)) return fail('unexpected words in a scroll');
  const found = findDirection(words);
  if (!found.ok) return found;
  const amount = readAmountDe(found.value.others);
  if (!amount.ok) return amount;
  return ok({
    intent: 'scroll',
    direction: found.value.direction,
    ...(amount.value === undefined ? {} : { amount: amount.value }),
    ...(split === null ? {} : { app: split.value.app }),
  });
}

function readAmountDe(tokens: readonly Token[]): Read<number | undefined> {
  if (tokens.length === 0 || SMALL.has(phraseDe(tokens) ?? '')) return ok(undefined);
  if (tokens.some((t) => isDe(t, PAGES))) return fail('scrolling by pages is not a scroll amount; say "Seite nach unten"');
  const times = splitTimesDe(tokens);
  let value = times !== null && times.rest.length === 0 ? times.count : undefined;
  if (value === undefined) {
    const from = wordDe(tokens[0]) === 'um' ? 1 : 0;
    const num = readNumberDe(tokens, from);
    if (num === null) return fail('scroll how far? say a number');
    const unit = tokens.slice(num.next);
    if (unit.length > 1 || (unit.length === 1 && !isDe(unit[0], UNITS))) return fail('unexpected words after the scroll amount');
    value = num.value;
  }
  if (value < 1 || value > LIMITS.scrollAmountMax) return fail(`scroll amount must be 1 to ${LIMITS.scrollAmountMax}`);
  return ok(value);
}
