/**
 * How the German grammar compares words: lowercase, with ä, ö, ü and ß as ae, oe, ue and ss, so a
 * keyboard without umlauts ("druecke", "schliessen") says the same as one with them. Tables are
 * folded once when they load; only unquoted words are folded, never a label or quoted text.
 */
import { withoutUmlauts } from '../../../shared/text/umlauts.js';
import type { Token } from '../tokens.js';

export function foldDe(word: string): string {
  return withoutUmlauts(word.toLowerCase());
}

/** The word a token is, folded; undefined for a quoted token or none. */
export function wordDe(token: Token | undefined): string | undefined {
  return token === undefined || token.quoted ? undefined : foldDe(token.low);
}

/** The token is one of the words (each folded). */
export function isDe(token: Token | undefined, words: ReadonlySet<string>): boolean {
  const w = wordDe(token);
  return w !== undefined && words.has(w);
}

/** The words of unquoted tokens as one folded phrase; null when one is quoted. */
export function phraseDe(tokens: readonly Token[]): string | null {
  if (tokens.some((t) => t.quoted)) return null;
  return tokens.map((t) => foldDe(t.low)).join(' ');
}

export const foldedSet = (words: Iterable<string>): ReadonlySet<string> => new Set([...words].map(foldDe));
export const foldedMap = <T>(entries: Iterable<readonly [string, T]>): ReadonlyMap<string, T> => new Map([...entries].map(([k, v]) => [foldDe(k), v]));
