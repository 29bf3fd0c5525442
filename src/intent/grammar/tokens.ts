/**
 * Tokens for the grammar planner: words and quoted strings, with their place in the command.
 *
 * The tokenizer is a single left-to-right scan (no regular expressions over the whole command), so
 * its cost is linear in the input and no input can make it backtrack.
 */

/** One word, punctuation mark or quoted string of a command. */
export interface Token {
  /** As written; for a quoted token, the text between the quotes, exactly. */
  readonly raw: string;
  /** Lowercase, with curly apostrophes made straight, for matching vocabulary. */
  readonly low: string;
  readonly quoted: boolean;
  /** Offsets in the command: for a quoted token, from the opening to after the closing quote. */
  readonly start: number;
  readonly end: number;
}

export type TokenizeResult = { ok: true; tokens: Token[] } | { ok: false; reason: string };

const OPENING_QUOTES = new Set(['"', '“', '”', '„']);
const CLOSING_QUOTES = new Set(['"', '”', '“']);
/** Punctuation split off the end of a word so "Safari, then" reads as "Safari" "," "then". */
const SPLIT_TRAILING = new Set([',', ';']);

export function isSpace(ch: string): boolean {
  // Space, tab, newline, carriage return, no-break space and the Unicode space separators
  // speech engines and word processors sometimes emit.
  const c = ch.charCodeAt(0);
  return c === 0x20 || c === 0x09 || c === 0x0a || c === 0x0d || c === 0xa0 || (c >= 0x2000 && c <= 0x200a) || c === 0x202f || c === 0x205f || c === 0x3000;
}

function lower(s: string): string {
  return s.toLowerCase().replace(/[’‘]/g, "'");
}

function wordToken(command: string, start: number, end: number): Token {
  const raw = command.slice(start, end);
  return { raw, low: lower(raw), quoted: false, start, end };
}

/**
 * Split a command into tokens. Double quotes (straight or curly) start a quoted token only at the
 * start of a word, so the inch mark in `5"` stays part of its word; an unclosed quote is an error
 * rather than a guess about where the text ends.
 */
export function tokenize(command: string): TokenizeResult {
  const tokens: Token[] = [];
  let i = 0;
  const n = command.length;
  while (i < n) {
    const ch = command[i] as string;
    if (isSpace(ch)) {
      i++;
      continue;
    }
    if (OPENING_QUOTES.has(ch)) {
      let j = i + 1;
      while (j < n && !CLOSING_QUOTES.has(command[j] as string)) j++;
      if (j >= n) return { ok: false, reason: 'unclosed quote' };
      const raw = command.slice(i + 1, j);
      tokens.push({ raw, low: lower(raw), quoted: true, start: i, end: j + 1 });
      i = j + 1;
      continue;
    }
    let j = i;
    while (j < n && !isSpace(command[j] as string)) j++;
    // Split trailing commas and semicolons into their own tokens ("Safari," → "Safari" ",").
    let wordEnd = j;
    while (wordEnd > i + 1 && SPLIT_TRAILING.has(command[wordEnd - 1] as string)) wordEnd--;
    tokens.push(wordToken(command, i, wordEnd));
    for (let k = wordEnd; k < j; k++) tokens.push(wordToken(command, k, k + 1));
    i = j;
  }
  return { ok: true, tokens };
}

/**
 * The tokens written back as text, with single spaces where the command had any whitespace.
 * Quoted tokens keep their quotes, so a label that mixes words and quotes reads as it was said.
 */
export function joinTokens(command: string, tokens: readonly Token[]): string {
  let out = '';
  let prevEnd = -1;
  for (const t of tokens) {
    if (prevEnd >= 0 && t.start > prevEnd) out += ' ';
    out += command.slice(t.start, t.end);
    prevEnd = t.end;
  }
  return out;
}

const SENTENCE_END = new Set(['.', '!', '?', '…']);
/** Characters after which a final "." is a key ("cmd+."), not the end of a sentence. */
const CHORD_JOINERS = new Set(['+', '-']);

/**
 * Drop sentence punctuation that speech-to-text puts at the end ("Open Safari." → "Open Safari"),
 * and any dangling comma or semicolon left before it.
 */
export function stripTrailingPunctuation(command: string, tokens: readonly Token[]): Token[] {
  const out = tokens.slice();
  for (;;) {
    const last = out[out.length - 1];
    if (last === undefined || last.quoted) return out;
    if (SPLIT_TRAILING.has(last.raw)) {
      // "cmd+," names the comma key; only a comma that ends a sentence is punctuation.
      const before = out[out.length - 2];
      if (before !== undefined && !before.quoted && CHORD_JOINERS.has(before.raw[before.raw.length - 1] as string)) return out;
      out.pop();
      continue;
    }
    let end = last.raw.length;
    while (end > 0 && SENTENCE_END.has(last.raw[end - 1] as string)) {
      if (end >= 2 && CHORD_JOINERS.has(last.raw[end - 2] as string)) break;
      end--;
    }
    if (end === last.raw.length) return out;
    out.pop();
    if (end > 0) out.push(wordToken(command, last.start, last.start + end));
  }
}

/** True when the token is exactly one of the given lowercase words and not quoted. */
export function isWord(token: Token | undefined, ...words: string[]): boolean {
  return token !== undefined && !token.quoted && words.includes(token.low);
}
