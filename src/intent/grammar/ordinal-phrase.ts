/**
 * An element by its rank (issue #29 item 3): "the third button in the toolbar", "the second unnamed
 * button", "the last tab", "the 2nd check box in the dialog “Print”", "the second to last button".
 * The rank counts the shown controls of that role in reading order, named or not (`unnamed` only
 * those without a name); what follows "in" / "on" names the container, by its name or its kind. The
 * engine finds it in the app's live tree, and the gate judges what it finds.
 */
import type { Role } from '../../shared/roles.js';
import { ORDINAL_WORDS } from '../../shared/answer-words.js';
import { LIMITS } from '../schema.js';
import { ROLE_WORDS, UNNAMED_WORDS } from './lexicon.js';
import { isWord, type Token } from './tokens.js';

/** As phrases.ts reads (that module reads this one, so the shape is repeated, not imported). */
type Read<T> = { ok: true; value: T } | { ok: false; reason: string };
const ok = <T>(value: T): Read<T> => ({ ok: true, value });
const fail = (reason: string): { ok: false; reason: string } => ({ ok: false, reason });

export interface OrdinalRef {
  ordinal: number;
  role: Role;
  within?: string;
  unnamed?: boolean;
  fromEnd?: boolean;
}

/** "third", "3rd", "21st": the rank; undefined for any other word. */
function rankOf(token: Token | undefined): number | undefined {
  if (!token || token.quoted) return undefined;
  const word = ORDINAL_WORDS[token.low];
  if (word !== undefined) return word;
  const n = /^(\d{1,3})(?:st|nd|rd|th)$/u.exec(token.low);
  return n ? Number(n[1]) : undefined;
}

/**
 * The rank phrase `tokens` is, or null when they do not begin with a rank ("[the] third", "[the]
 * last", "[the] second to last", "[the] second last") and a kind of control: then they are read
 * as a label or an id.
 */
export function readOrdinalElement(tokens: readonly Token[]): Read<OrdinalRef> | null {
  let at = isWord(tokens[0], 'the') ? 1 : 0;
  let ordinal = rankOf(tokens[at]);
  let fromEnd = false;
  if (ordinal !== undefined) {
    at++;
    // "second to last", "second last"
    if (isWord(tokens[at], 'last')) {
      fromEnd = true;
      at++;
    } else if (isWord(tokens[at], 'to') && isWord(tokens[at + 1], 'last')) {
      fromEnd = true;
      at += 2;
    }
  } else if (isWord(tokens[at], 'last')) {
    ordinal = 1;
    fromEnd = true;
    at++;
  } else return null;
  if (ordinal < 1 || ordinal > LIMITS.ordinalMax) return fail(`a rank must be 1st to ${LIMITS.ordinalMax}th`);
  const unnamed = tokens[at] !== undefined && !tokens[at]?.quoted && UNNAMED_WORDS.has(tokens[at]?.low ?? '');
  if (unnamed) at++;
  const two = tokens[at + 1] && !tokens[at + 1]?.quoted ? ROLE_WORDS.get(`${tokens[at]?.low} ${tokens[at + 1]?.low}`) : undefined;
  const one = tokens[at] && !tokens[at]?.quoted ? ROLE_WORDS.get(tokens[at]?.low ?? '') : undefined;
  const role = two ?? one;
  // "first name", "the last step": a label that begins with a rank word, read as a label.
  if (!role) return null;
  at += two ? 2 : 1;
  const ref: OrdinalRef = { ordinal, role, ...(unnamed ? { unnamed } : {}), ...(fromEnd ? { fromEnd } : {}) };
  if (at === tokens.length) return ok(ref);
  if (!isWord(tokens[at], 'in', 'on', 'of')) return fail(`cannot tell what follows "${tokens[at]?.raw ?? ''}": say "the third button in the toolbar"`);
  const container = tokens.slice(at + 1);
  const words = (isWord(container[0], 'the') ? container.slice(1) : container).map((t) => t.raw);
  if (words.length === 0) return fail('in what? say "in the toolbar" or name it');
  const within = words.join(' ');
  if (within.length > LIMITS.labelMax) return fail(`the container's name is longer than ${LIMITS.labelMax} characters`);
  return ok({ ...ref, within });
}
