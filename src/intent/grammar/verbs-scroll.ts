/** The grammar's scroll verb: a direction and an amount, in an app or over an element. */
import { type Intent, LIMITS } from '../schema.js';
import { REPEAT_WORDS, SCROLL_DIRECTIONS, SCROLL_SMALL, SCROLL_UNITS } from './lexicon.js';
import { fail, ok, type Read, readAppName, readNumber } from './phrases.js';
import { isWord, type Token } from './tokens.js';

/**
 * scroll up/down/left/right [by N [times|lines|clicks…] | once | twice | a bit] [in App].
 * "a bit" is the default amount. Pages and places ("to the bottom") are no_match: the scroll intent
 * counts wheel steps, and turning a page into steps would be a guess.
 */
export function parseScroll(rest: readonly Token[]): Read<Intent> {
  const direction = rest[0] !== undefined && !rest[0].quoted ? SCROLL_DIRECTIONS.get(rest[0].low) : undefined;
  if (direction === undefined) return fail('scroll which way? say up, down, left or right');
  let words = rest.slice(1);
  let app: string | undefined;
  const inAt = words.findIndex((t) => isWord(t, 'in'));
  if (inAt >= 0) {
    const name = readAppName(words.slice(inAt + 1));
    if (!name.ok) return name;
    app = name.value;
    words = words.slice(0, inAt);
  }
  const amount = readScrollAmount(words);
  if (!amount.ok) return amount;
  return ok({
    intent: 'scroll',
    direction,
    ...(amount.value === undefined ? {} : { amount: amount.value }),
    ...(app === undefined ? {} : { app }),
  });
}

export function readScrollAmount(tokens: readonly Token[]): Read<number | undefined> {
  if (tokens.length === 0) return ok(undefined);
  if (tokens.some((t) => t.quoted)) return fail('unexpected words after the direction');
  const lows = tokens.map((t) => t.low);
  if (lows.some((w) => w === 'page' || w === 'pages' || w === 'screen' || w === 'screens')) {
    return fail('scrolling by pages is not a scroll amount; say "press page down"');
  }
  if (lows.includes('to')) return fail('scrolling to a place is not understood; say how far');
  if (SCROLL_SMALL.has(lows.join(' '))) return ok(undefined);
  const repeat = lows.length === 1 ? REPEAT_WORDS.get(lows[0] as string) : undefined;
  let value = repeat;
  if (value === undefined) {
    const from = lows[0] === 'by' ? 1 : 0;
    const num = readNumber(tokens, from);
    if (num === null) return fail('scroll how far? say a number');
    const unit = tokens.slice(num.next);
    if (unit.length > 1 || (unit.length === 1 && !SCROLL_UNITS.has((unit[0] as Token).low))) {
      return fail('unexpected words after the scroll amount');
    }
    value = num.value;
  }
  if (value < 1 || value > LIMITS.scrollAmountMax) return fail(`scroll amount must be 1 to ${LIMITS.scrollAmountMax}`);
  return ok(value);
}
