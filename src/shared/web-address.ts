/**
 * Web addresses the assistant may open in the default browser (the `open_url` intent, issue #18):
 * http and https only, read by the WHATWG URL parser, never shortened when shown.
 *
 * Every other scheme (file:, javascript:, data:, ftp:, mailto:, custom handlers) is refused with a
 * sentence: handing it to the desktop's opener could run a program, read a file or start another
 * app. A user name or password before the host ("https://bank.example@evil.example") is refused: it
 * is the oldest way of making an address read as another site. A host written with letters that
 * only look Latin ("аpple.com" with a Cyrillic "а") is accepted — the address is the user's own —
 * but is shown as the browser will reach it (its xn-- form), with what it imitates.
 *
 * Free of zod and of Node: the schema, the grammar, the registry and the engine all read it.
 */
import { normaliseLabel } from './text/label-text.js';
import { unsafeText } from './limits.js';
import { quote } from './text/quote.js';

/** The longest address accepted: what browsers and servers reliably handle. */
export const WEB_ADDRESS_MAX = 2048;

export type WebAddress =
  | {
      readonly ok: true;
      /** The address as it will be opened: absolute, http or https, host in its ASCII (xn--) form. */
      readonly url: string;
      /** The host as the browser reaches it (ASCII). */
      readonly host: string;
      /** The host as written, when it holds letters outside ASCII ("münchen.de"). */
      readonly unicodeHost?: string;
      /** The plain-Latin host that a host of look-alike letters imitates ("apple.com"). */
      readonly imitates?: string;
    }
  | { readonly ok: false; readonly problem: string };

const SCHEME = /^([a-z][a-z0-9+.-]*):/i;
const NON_ASCII = /[^ -~]/;
const WHITESPACE = /\s/u;
/** Zero-width and other default-ignorable characters: invisible in an address, so never accepted. */
const INVISIBLE = /\p{Default_Ignorable_Code_Point}/u;

/**
 * Read a web address given as an absolute http(s) address. `problem` is a sentence the user can act
 * on: what was wrong, and what to say instead.
 */
export function readWebAddress(text: string): WebAddress {
  if (text.length > WEB_ADDRESS_MAX) return refuse(`The web address is longer than ${WEB_ADDRESS_MAX} characters, too long to open safely.`);
  if (text.trim() === '') return refuse('The web address is empty: say which page to open, for example “open example.com”.');
  if (unsafeText(text, 'single_line') || INVISIBLE.test(text)) {
    return refuse('The web address contains invisible or control characters, which can make it read as another site: type it again by hand.');
  }
  if (WHITESPACE.test(text)) return refuse('A web address has no spaces: say it without them, for example “open example.com/page”.');
  const scheme = SCHEME.exec(text)?.[1]?.toLowerCase();
  if (scheme === undefined) return refuse('A web address to open starts with https:// or http://.');
  if (scheme !== 'http' && scheme !== 'https') {
    return refuse(
      `Only web pages (http and https addresses) are opened; a ${quote(`${scheme}:`, 24)} address is refused, because it could run a program or open a file. Open it yourself if you trust it.`,
    );
  }
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return refuse('That is not a web address a browser can open: check how it is written.');
  }
  if (url.username !== '' || url.password !== '') {
    return refuse(
      `A web address with a name before “@” is refused: it can make an address look like another site (this one goes to ${quote(url.hostname, 80)}).`,
    );
  }
  if (url.hostname === '') return refuse('The web address names no site.');
  const written = writtenHost(text);
  const unicodeHost = written !== undefined && NON_ASCII.test(written) ? written : undefined;
  const imitates = unicodeHost === undefined ? undefined : imitated(unicodeHost, url.hostname);
  return {
    ok: true,
    url: url.href,
    host: url.hostname,
    ...(unicodeHost === undefined ? {} : { unicodeHost }),
    ...(imitates === undefined ? {} : { imitates }),
  };
}

/** The address as shown in a plan or a confirmation: in full, with what a look-alike host really is. */
export function showWebAddress(address: Extract<WebAddress, { ok: true }>): string {
  if (address.imitates !== undefined) {
    return `${address.url} (written “${address.unicodeHost}”, which looks like “${address.imitates}” but is another site)`;
  }
  return address.unicodeHost === undefined ? address.url : `${address.url} (${address.unicodeHost})`;
}

function refuse(problem: string): WebAddress {
  return { ok: false, problem };
}

/** The host part of the address as written: after "//", before the path, query, fragment or port. */
function writtenHost(text: string): string | undefined {
  const start = text.indexOf('//');
  if (start < 0) return undefined;
  const rest = text.slice(start + 2);
  const end = rest.search(/[/?#:\\]/);
  return (end < 0 ? rest : rest.slice(0, end)).toLowerCase();
}

/**
 * The plain-Latin host a host of look-alike letters passes for, or undefined when it passes for
 * nothing, or is that host (full-width "ｅｘａｍｐｌｅ.com" is example.com to the browser too).
 */
function imitated(written: string, reached: string): string | undefined {
  const label = normaliseLabel(written);
  if (!label.changed) return undefined;
  const skeleton = label.skeleton.replace(/\s+/g, '');
  return /^[a-z0-9.-]+$/.test(skeleton) && skeleton !== reached ? skeleton : undefined;
}
