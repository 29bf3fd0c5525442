/** The grammar's pointer verbs: click (double, right, triple), move and hover, drag. */
import { type Intent, LIMITS } from '../schema.js';
import { looksLikeChord } from './chord.js';
import { REPEAT_WORDS } from './lexicon.js';
import { type ElementTarget, fail, ok, type Read, readElement, readElementId, readNumber, readPlace, readPoint } from './phrases.js';
import { isWord, joinTokens, type Token } from './tokens.js';

export const CLICK_INTENT = {
  click: 'click_element',
  double: 'double_click_element',
  right: 'right_click_element',
} as const;
export const CLICK_COUNT = { click: 1, double: 2, right: 1, triple: 3 } as const;

export function parseClick(command: string, kind: 'click' | 'double' | 'right' | 'triple', rest: readonly Token[]): Read<Intent> {
  if (rest.length === 0) return fail(`${kind === 'click' ? 'click' : `${kind}-click`} what?`);
  const explicitAt = isWord(rest[0], 'at');
  // "click at 10, 20 twice": a repeat count only makes sense for a point.
  const repeat = splitRepeat(rest);
  const pointTokens = (repeat === null ? rest : repeat.head).slice(explicitAt ? 1 : 0);
  if (!explicitAt) {
    const id = readElementId(rest, true);
    if (id !== null) {
      if (!id.ok) return id;
      return elementClick(kind, { id: id.value });
    }
  }
  const point = readPoint(pointTokens);
  if (point !== null || explicitAt) {
    if (point === null) return fail('click at where? say "click at x, y"');
    if (!point.ok) return point;
    if (kind === 'right') return repeat === null ? ok({ intent: 'right_click_element', element: point.value }) : fail('a right click is not repeated');
    if (repeat !== null && kind !== 'click') return fail('say either "double-click at" or "click at … twice"');
    const count = repeat === null ? CLICK_COUNT[kind] : repeat.count;
    if (count < 1 || count > LIMITS.clickCountMax) return fail(`a click can be repeated 1 to ${LIMITS.clickCountMax} times`);
    const at = { intent: 'left_click_coordinates' as const, ...point.value };
    return ok(count === 1 ? at : { ...at, count });
  }
  if (!rest.some((t) => t.quoted) && looksLikeChord(joinTokens(command, rest).toLowerCase())) {
    return fail('keys are pressed, not clicked: say "press …"');
  }
  const element = readElement(command, rest, true);
  if (!element.ok) return element;
  return elementClick(kind, element.value);
}

export function elementClick(kind: 'click' | 'double' | 'right' | 'triple', element: ElementTarget): Read<Intent> {
  if (kind === 'triple') return fail('triple-click works on a point only: "triple-click at x, y"');
  return ok({ intent: CLICK_INTENT[kind], element });
}

/** "3 times", "three times", "twice", "once" at the end of a phrase. */
export function splitRepeat(tokens: readonly Token[]): { head: Token[]; count: number } | null {
  const n = tokens.length;
  const last = tokens[n - 1];
  if (last !== undefined && !last.quoted) {
    const word = REPEAT_WORDS.get(last.low);
    if (word !== undefined) return { head: tokens.slice(0, n - 1), count: word };
  }
  if (!isWord(last, 'times', 'time')) return null;
  // Two-word numbers first, so "twenty three times" is 23, not "twenty" and 3.
  for (const width of [2, 1]) {
    const at = n - 1 - width;
    if (at < 0) continue;
    const num = readNumber(tokens, at);
    if (num !== null && num.next === n - 1) return { head: tokens.slice(0, at), count: num.value };
  }
  return null;
}

/**
 * move the mouse / pointer / cursor to|over PLACE. "cursor" could be the text cursor, so with
 * "cursor" only a point is understood; with "mouse" or "pointer" an element is too.
 */
export function parseMove(command: string, rest: readonly Token[]): Read<Intent> {
  let words = rest;
  if (isWord(words[0], 'the', 'my')) words = words.slice(1);
  let pointerOnly = false;
  if (isWord(words[0], 'mouse')) {
    words = words.slice(isWord(words[1], 'pointer', 'cursor') ? 2 : 1);
  } else if (isWord(words[0], 'pointer')) {
    words = words.slice(1);
  } else if (isWord(words[0], 'cursor')) {
    words = words.slice(1);
    pointerOnly = true;
  } else {
    return fail('move what? say "move the mouse to …"');
  }
  if (!isWord(words[0], 'to', 'over', 'onto')) return fail('move the mouse where? say "to x, y" or "to <element>"');
  const place = words.slice(1);
  if (pointerOnly) {
    const point = readPoint(place);
    if (point === null) return fail('"cursor" may be the text cursor; say "move the mouse to …"');
    if (!point.ok) return point;
    return ok({ intent: 'move_mouse', to: point.value });
  }
  return parseMoveTarget(command, place);
}

export function parseMoveTarget(command: string, place: readonly Token[]): Read<Intent> {
  if (place.length === 0) return fail('move the mouse where?');
  const to = readPlace(command, place);
  if (!to.ok) return to;
  return ok({ intent: 'move_mouse', to: to.value });
}

/**
 * drag [and drop] [from] PLACE to|onto|into PLACE. Exactly one "to"/"onto"/"into" may separate
 * the two ends; with more the split is a guess ("drag Back to Top to Trash"), so it is no_match.
 */
export function parseDrag(command: string, rest: readonly Token[]): Read<Intent> {
  let words = rest;
  if (isWord(words[0], 'from')) words = words.slice(1);
  const seps: number[] = [];
  words.forEach((t, i) => {
    if (isWord(t, 'to', 'onto', 'into')) seps.push(i);
  });
  if (seps.length !== 1) return fail(seps.length === 0 ? 'drag to where? say "drag A to B"' : 'drag from where to where? more than one "to"');
  const at = seps[0] as number;
  const fromTokens = words.slice(0, at);
  const toTokens = words.slice(at + 1);
  if (fromTokens.length === 0 || toTokens.length === 0) return fail('drag from where to where?');
  const from = readPlace(command, fromTokens);
  if (!from.ok) return from;
  const to = readPlace(command, toTokens);
  if (!to.ok) return to;
  return ok({ intent: 'drag', from: from.value, to: to.value });
}
