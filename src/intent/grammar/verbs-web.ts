/**
 * Web addresses (issue #18): "open example.com", "go to https://example.com/page", "visit
 * www.example.org" become `open_url`; "open Firefox" stays an application.
 *
 * The rule (decision "open X: a web address or an application" in docs/decisions/0163-open-x-web-address-or-application.md): the object is
 * one word (or one quoted string) that either starts with a scheme ("https://", "javascript:") or is
 * a host name — labels joined by dots, the last one a top-level domain (a two-letter country code
 * that is not a common file extension, or a generic one such as com, org, dev), or any host that
 * starts with "www." — optionally followed by a port and a path. A bare host becomes https://. Any
 * other scheme is refused with a sentence (an `unsupported` intent), never opened.
 */
import { readWebAddress } from '../../shared/web-address.js';
import type { Intent } from '../schema.js';
import { FILE_EXTENSION_TLDS, GENERIC_TLDS, SCHEMES_WITHOUT_SLASHES, WEBSITE_WORDS } from './lexicon.js';
import { fail, ok, type Read } from './phrases.js';
import type { Token } from './tokens.js';

const SCHEME = /^([a-z][a-z0-9+.-]*):/i;
const LETTERS = /^\p{L}{2,63}$/u;
const ASCII_LETTERS = /^[a-z]+$/;
const HOST_LABEL = /^[\p{L}\p{N}](?:[\p{L}\p{N}\p{M}-]{0,61}[\p{L}\p{N}\p{M}])?$/u;

/** Drop "the website" / "the site" before the address. */
function withoutWebsiteWords(tokens: readonly Token[]): readonly Token[] {
  for (const n of [3, 2, 1]) {
    if (
      tokens.length > n &&
      tokens.slice(0, n).every((t) => !t.quoted) &&
      WEBSITE_WORDS.has(
        tokens
          .slice(0, n)
          .map((t) => t.low)
          .join(' '),
      )
    ) {
      return tokens.slice(n);
    }
  }
  return tokens;
}

/** A scheme that makes the word an address: one followed by "//", or one known without ("javascript:"). */
function schemeOf(word: string): string | undefined {
  const scheme = SCHEME.exec(word)?.[1]?.toLowerCase();
  if (scheme === undefined) return undefined;
  return word.slice(scheme.length + 1).startsWith('//') || SCHEMES_WITHOUT_SLASHES.has(scheme) ? scheme : undefined;
}

/** "example.com", "www.example.org/page?x=1", "münchen.de:8080/": a host name, by the rule above. */
export function looksLikeHost(word: string): boolean {
  const end = word.search(/[/?#]/);
  const hostPort = end < 0 ? word : word.slice(0, end);
  const colon = hostPort.lastIndexOf(':');
  const host = (colon >= 0 && /^\d{1,5}$/.test(hostPort.slice(colon + 1)) ? hostPort.slice(0, colon) : hostPort).toLowerCase();
  const labels = host.split('.');
  if (labels.length < 2 || !labels.every((l) => HOST_LABEL.test(l))) return false;
  const tld = labels[labels.length - 1] as string;
  if (!LETTERS.test(tld)) return false;
  if (labels[0] === 'www' && labels.length >= 3) return true;
  if (!ASCII_LETTERS.test(tld)) return true; // an internationalized domain ("пример.рф")
  return tld.length === 2 ? !FILE_EXTENSION_TLDS.has(tld) : GENERIC_TLDS.has(tld);
}

/**
 * The web address a command's object names, as an intent: `open_url`, or `unsupported` with the
 * sentence when the address is one that is never opened (another scheme, a name before "@"). Null
 * when the object is not shaped like an address at all (so it may name an application).
 */
export function readWebTarget(rest: readonly Token[]): Read<Intent> | null {
  const words = withoutWebsiteWords(rest);
  if (words.length !== 1) return null;
  const word = (words[0] as Token).raw.trim();
  const scheme = schemeOf(word);
  if (scheme === undefined && !looksLikeHost(word)) return null;
  const written = scheme === undefined ? `https://${word}` : word;
  const address = readWebAddress(written);
  if (!address.ok) return ok({ intent: 'unsupported', suggestion: address.problem });
  // A host in other letters stays as written, so that the plan can show both forms and what a
  // look-alike host imitates; the engine opens the ASCII form either way.
  return ok({ intent: 'open_url', url: address.unicodeHost === undefined ? address.url : written });
}

/** visit / browse to / navigate to: only a web address. */
export function parseVisit(rest: readonly Token[]): Read<Intent> {
  return readWebTarget(rest) ?? fail('visit what? say a web address, for example "visit example.com"');
}
