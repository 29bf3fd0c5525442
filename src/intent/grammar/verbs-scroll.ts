/** The grammar's scroll verb: a direction and an amount, in an app or over an element. */
import { type Intent, LIMITS } from '../schema.js';
import { END_KEYS, PAGING_PHRASES, REPEAT_WORDS, SCROLL_DIRECTIONS, SCROLL_SMALL, SCROLL_UNITS, type GrammarOptions, type PagingCommand } from './lexicon.js';
import { fail, ok, type Read, readAppName, readNumber } from './phrases.js';
import { isWord, type Token } from './tokens.js';

/**
 * scroll up/down/left/right [by N [times|lines|clicks…] | once | twice | a bit] [in App].
 * "a bit" is the default amount. Pages and places ("to the bottom") are no_match here: the scroll
 * intent counts wheel steps, and turning a page into steps would be a guess (the phrases of one page
 * and of the ends are keys, read before the verbs by `matchPaging`).
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

/**
 * Paging ("page down", "scroll down a page") is the Page Down / Page Up key; the top or the bottom
 * ("scroll to the top", "go to the bottom") the platform's key for it, no_match without the platform.
 * Null when the whole phrase is no paging command.
 */
export function matchPaging(tokens: readonly Token[], options: GrammarOptions): Read<Intent> | null {
  if (tokens.some((t) => t.quoted)) return null;
  const command = PAGING_PHRASES.get(tokens.map((t) => t.low).join(' '));
  return command === undefined ? null : pagingIntent(command, options);
}

/** The key of a paging command: Page Down / Page Up, or the platform's key for the top or the bottom (none without the platform). */
export function pagingIntent(command: PagingCommand, options: GrammarOptions): Read<Intent> {
  if (command === 'page_down' || command === 'page_up') return ok({ intent: 'press_key', key: command });
  if (options.platform === undefined) return fail('the key for the top or the bottom depends on the platform');
  const chord = END_KEYS[options.platform][command];
  return ok({ intent: 'press_key', key: chord.key, ...(chord.modifiers.length > 0 ? { modifiers: [...chord.modifiers] } : {}) });
}
