/**
 * Labels of buttons and menu items as the safety gate reads them and as a confirmation shows them.
 *
 * The gate decides whether a click is destructive from the words of its label ("Delete", "Send",
 * "Pay"), so a hostile app or web page may disguise those words: invisible characters inside them
 * ("Dele\u00ADte", "par\u200Bcels"), compatibility forms (full-width "Ｄｅｌｅｔｅ", mathematical bold),
 * letters of other scripts that look Latin (Cyrillic "е", Greek "ο", Cherokee, Lisu), small capitals
 * ("ᴅᴇʟᴇᴛᴇ"), stacked combining marks, and bidi overrides that make a label display in another order
 * than it is stored. Every rule and every confirmation reads a label through this module first.
 *
 * The skeleton follows the idea of Unicode TR39 (https://www.unicode.org/reports/tr39/) with a small
 * hand-picked table instead of the full confusables data. Where a character may render two ways (a
 * bidi override, a Hangul filler that some fonts draw as a blank), `text` takes the stored reading
 * and `skeleton` the displayed one, so a rule matched against both word lists sees either.
 *
 * Input is cut at MAX_LABEL_LENGTH UTF-16 units before any work, so a hostile 100 kB "label" costs no
 * more than a long real one; no real label comes near it. The module keeps no per-call state.
 */

/** Longer input is cut to this many UTF-16 units (never inside a surrogate pair) before any work. */
const MAX_LABEL_LENGTH = 1000;

// ---------------------------------------------------------------------------------------------
// Character classes, compiled once: nothing here builds a regular expression per call.

const IGNORABLE = /\p{Default_Ignorable_Code_Point}/u;
const IGNORABLE_ALL = /\p{Default_Ignorable_Code_Point}/gu;
/** C0 and C1 controls and DEL; tab, line feed, vertical tab, form feed and carriage return are ordinary whitespace. */
// eslint-disable-next-line no-control-regex -- control characters are exactly what is looked for
const CONTROL = /[\0-\x08\x0E-\x1F\x7F-\x9F]/u;
// eslint-disable-next-line no-control-regex -- as above
const CONTROL_ALL = /[\0-\x08\x0E-\x1F\x7F-\x9F]/gu;
/** JavaScript's \s already covers U+2028/U+2029, no-break and ideographic spaces. */
const WHITESPACE_RUNS = /\s+/gu;
/** Printable ASCII and ordinary whitespace: the common case, which needs no Unicode work at all. */
const PLAIN_ASCII = /^[\t-\r\x20-\x7E]*$/;
const TYPOGRAPHIC_APOSTROPHES = /[\u2018\u2019\u02BC]/gu;
/** Hangul fillers and the Mongolian vowel separator: ignorable, yet some fonts draw them as a blank. */
const BLANK_FILLER = /[\u115F\u1160\u180E\u3164\uFFA0]/u;
const BLANK_FILLERS_ALL = /[\u115F\u1160\u180E\u3164\uFFA0]/gu;
/** Unicode's default lowercase of İ is i plus a combining dot, which would split the word. */
const DOTTED_CAPITAL_I = /\u0130/gu;
const NON_LETTERS = /[^\p{L}\p{M}]+/gu;
const MARK = /[\p{Mn}\p{Me}]/u;
const MARKS_ALL = /[\p{Mn}\p{Me}]/gu;
const ANY_MARK = /\p{M}/u;
const LETTER = /\p{L}/u;
const LETTER_OR_MARK = /[\p{L}\p{M}]/u;
const WORD_RUNS = /[\p{L}\p{M}\p{N}']+/gu;
const WORD_SEPARATORS = /[^\p{L}\p{M}\p{N}']+/u;
const EDGE_APOSTROPHES = /^'+|'+$/g;
const LOWERCASE = /\p{Lowercase}/u;
/** Digits and a bar standing in for letters, replaced only inside a word that has a letter ("De1ete", not "150"). */
const STAND_IN = /[01|]/;
const STAND_IN_ALL = /[01|]/g;
const STAND_IN_TOKENS = /[\p{L}\p{M}\p{N}'|]+/gu;
/** A capital I after a lowercase letter is read as an l, as in "DeIete" (TR39 maps I to l too). */
const CAPITAL_I_AFTER_LOWERCASE = /(?<=[a-z])I/g;

const RLO = '\u202E';
const PDF = '\u202C';
const PDI = '\u2069';
const EMBEDDING_OR_OVERRIDE = /[\u202A\u202B\u202D\u202E]/u;
const ISOLATE = /[\u2066-\u2068]/u;
const BIDI_CONTROLS_ALL = /[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/gu;
// eslint-disable-next-line no-control-regex -- the paragraph separators of the bidi algorithm
const PARAGRAPH_END = /[\n\r\x1C-\x1E\x85\u2029]/u;
const RIGHT_TO_LEFT = /[\p{Script=Hebrew}\p{Script=Arabic}\p{Script=Syriac}\p{Script=Thaana}\p{Script=Nko}\p{Script=Samaritan}\p{Script=Mandaic}\p{Script=Adlam}]/u;
/** Paired punctuation is drawn mirrored in right-to-left runs. */
const MIRRORED: ReadonlyMap<string, string> = new Map([
  ['(', ')'],
  [')', '('],
  ['[', ']'],
  [']', '['],
  ['{', '}'],
  ['}', '{'],
  ['<', '>'],
  ['>', '<'],
  ['\u00AB', '\u00BB'],
  ['\u00BB', '\u00AB'],
]);

// Ordinary uses of default-ignorable characters, which hide nothing and so do not mark a label hidden.
const EMOJI = /\p{Extended_Pictographic}/u;
const BEFORE_EMOJI_JOINER = /[\p{Extended_Pictographic}\p{Emoji_Modifier}\uFE0F\u20E3]/u;
const KEYCAP_BASE = /^[#*0-9]$/;
const HAN = /\p{Script=Han}/u;
const MONGOLIAN = /\p{Script=Mongolian}/u;
/** Scripts whose spelling needs zero-width (non-)joiners: Persian, Arabic, the Indic scripts and others. */
const JOINING_SCRIPT =
  /[\p{Script=Arabic}\p{Script=Syriac}\p{Script=Nko}\p{Script=Mongolian}\p{Script=Devanagari}\p{Script=Bengali}\p{Script=Gurmukhi}\p{Script=Gujarati}\p{Script=Oriya}\p{Script=Tamil}\p{Script=Telugu}\p{Script=Kannada}\p{Script=Malayalam}\p{Script=Sinhala}\p{Script=Myanmar}\p{Script=Khmer}]/u;
/** A subdivision flag (England, Scotland, Wales): a black flag followed by tag letters and a cancel tag. */
const TAG_FLAG = /\u{1F3F4}[\u{E0030}-\u{E0039}\u{E0061}-\u{E007A}]{2,6}\u{E007F}/gu;

// ---------------------------------------------------------------------------------------------
// The lookalike table: each Latin letter with the characters that pass for it. Sources are listed
// lowercase where they have case (the lookup tries a character, then its lowercase), plus the few
// capitals that look like a different letter than their lowercase (Greek Η is H, η is n).

const LOOKALIKE_SOURCES: Readonly<Record<string, string>> = {
  a: '\u0430\u03B1\u0251\u1D00\uA4EE\u13AA', // а α ɑ ᴀ ꓮ Ꭺ
  b: '\u0432\u03B2\u0299\u1D03\uA7B5\uA4D0\u13F4', // в β ʙ ᴃ ꞵ ꓐ Ᏼ
  c: '\u0441\u03F2\u1D04\uA4DA\u13DF', // с ϲ ᴄ ꓚ Ꮯ
  d: '\u0501\u1D05\uA4D3\u13A0', // ԁ ᴅ ꓓ Ꭰ
  e: '\u0435\u04BD\u03B5\u025B\u1D07\uA4F0\u13AC', // е ҽ ε ɛ ᴇ ꓰ Ꭼ
  f: '\u03DD\uA730\uA4DD', // ϝ ꜰ ꓝ
  g: '\u050D\u0261\u0262\uA4D6\u13C0', // ԍ ɡ ɢ ꓖ Ꮐ
  h: '\u04BB\u043D\u0397\u0570\u029C\uA4E7\u13BB', // һ н Η հ ʜ ꓧ Ꮋ
  i: '\u0456\u03B9\u0131\u0269\u026A\uA4F2\u13A5', // і ι ı ɩ ɪ ꓲ Ꭵ
  j: '\u0458\u03F3\u0237\u1D0A\uA4D9\u13AB', // ј ϳ ȷ ᴊ ꓙ Ꭻ
  k: '\u043A\u03BA\u0138\u1D0B\uA4D7\u13E6', // к κ ĸ ᴋ ꓗ Ꮶ
  l: '\u04CF\u0142\u019A\u026B\u01C0\u029F\u1D0C\uA4E1\u13DE', // ӏ ł ƚ ɫ ǀ ʟ ᴌ ꓡ Ꮮ
  m: '\u043C\u039C\u1D0D\uA4DF\u13B7', // м Μ ᴍ ꓟ Ꮇ
  n: '\u043F\u03B7\u039D\u0578\u0274\uA4E0', // п η Ν ո ɴ ꓠ
  o: '\u043E\u03BF\u03C3\u0585\u1D0F\u1D11\uA4F3', // о ο σ օ ᴏ ᴑ ꓳ
  p: '\u0440\u03C1\u03F1\u1D18\u1D29\uA4D1\u13E2', // р ρ ϱ ᴘ ᴩ ꓑ Ꮲ
  q: '\u051B\u0566\uA7AF', // ԛ զ ꞯ
  r: '\u0433\u0280\u1D26\uA4E3\u13A1', // г ʀ ᴦ ꓣ Ꭱ
  s: '\u0455\uA731\uA4E2\u13DA', // ѕ ꜱ ꓢ Ꮪ
  t: '\u0442\u03C4\u1D1B\uA4D4\u13A2', // т τ ᴛ ꓔ Ꭲ
  u: '\u03C5\u03BC\u057D\u1D1C\uA4F4', // υ μ ս ᴜ ꓴ
  v: '\u03BD\u0475\u028B\u1D20\uA4E6\u13D9', // ν ѵ ʋ ᴠ ꓦ Ꮩ
  w: '\u051D\u03C9\u1D21\uA4EA\u13B3', // ԝ ω ᴡ ꓪ Ꮃ
  x: '\u0445\u03C7\uA4EB', // х χ ꓫ
  y: '\u0443\u04AF\u03B3\u03A5\u028F\uA4EC\u13A9', // у ү γ Υ ʏ ꓬ Ꭹ
  z: '\u0396\u1D22\uA4DC\u13C3', // Ζ ᴢ ꓜ Ꮓ
};

/** Capitals unlike their lowercase lookalike (Г is no r, Σ no o): they get no entry of their own. */
const UNLIKE_CAPITALS: ReadonlySet<string> = new Set('\u0413\u041F\u0393\u03A3\u03A9\u0540\u0536\u0548'); // Г П Γ Σ Ω Հ Զ Ո

/**
 * Letters of living orthographies (Turkish ı, Polish ł, the open e and v-hook of several African
 * languages). They are mapped for matching but look different enough not to count as a disguise,
 * so a Turkish or Polish label is not reported as changed.
 */
const NATIVE_LETTERS: ReadonlySet<string> = new Set('\u0131\u0142\u0141\u025B\u0190\u028B\u01B2'); // ı ł Ł ɛ Ɛ ʋ Ʋ

function buildLookalikes(): ReadonlyMap<string, string> {
  const map = new Map<string, string>();
  for (const [latin, sources] of Object.entries(LOOKALIKE_SOURCES)) for (const source of sources) map.set(source, latin);
  // The other case of each entry comes second, so an explicit entry (η → n beside Η → h) wins. This
  // adds the Cyrillic and Greek capitals and the lowercase Cherokee letters (small capitals of the
  // listed ones), so a lookup never needs a case conversion.
  for (const [source, latin] of [...map]) {
    for (const other of [source.toLowerCase(), source.toUpperCase()]) {
      const single = other.length === String.fromCodePoint(other.codePointAt(0) ?? 0).length;
      if (single && other >= '\u0080' && !map.has(other) && !UNLIKE_CAPITALS.has(other)) map.set(other, latin);
    }
  }
  return map;
}

/** Each lookalike letter, and the Latin lowercase letter it passes for. */
const LOOKALIKES: ReadonlyMap<string, string> = buildLookalikes();
/** The same table by code point, for the loops that read a label without making a string per character. */
const LOOKALIKE_CODES: ReadonlyMap<number, string> = new Map([...LOOKALIKES].map(([k, v]) => [k.codePointAt(0) ?? 0, v]));

// ---------------------------------------------------------------------------------------------
// Script bits, for telling a Russian word from a Latin word with a Cyrillic letter in it.

const LATIN = 1;
const GREEK = 2;
const CYRILLIC = 4;
const ARMENIAN = 8;
const CHEROKEE = 16;
const LISU = 32;
const OTHER_SCRIPT = 64;

/**
 * The script of a character inside a word, by Unicode block (close enough for letters, and cheap):
 * 0 for a digit or an apostrophe, OTHER_SCRIPT for a letter outside the alphabets in the table.
 */
function letterScript(ch: string): number {
  const c = ch.codePointAt(0) ?? 0;
  if (c < 0x80) return (c >= 0x41 && c <= 0x5a) || (c >= 0x61 && c <= 0x7a) ? LATIN : 0;
  if (c <= 0x2af || (c >= 0x1d00 && c <= 0x1dbf) || (c >= 0x1e00 && c <= 0x1eff)) return LATIN;
  if (c >= 0x2c60 && c <= 0x2c7f) return LATIN;
  if ((c >= 0xa720 && c <= 0xa7ff) || (c >= 0xab30 && c <= 0xab6f)) return LATIN;
  if ((c >= 0x370 && c <= 0x3ff) || (c >= 0x1f00 && c <= 0x1fff)) return GREEK;
  if (c >= 0x400 && c <= 0x52f) return CYRILLIC;
  if ((c >= 0x1c80 && c <= 0x1c8f) || (c >= 0x2de0 && c <= 0x2dff) || (c >= 0xa640 && c <= 0xa69f)) return CYRILLIC;
  if (c >= 0x530 && c <= 0x58f) return ARMENIAN;
  if ((c >= 0x13a0 && c <= 0x13ff) || (c >= 0xab70 && c <= 0xabbf)) return CHEROKEE;
  if (c >= 0xa4d0 && c <= 0xa4ff) return LISU;
  return LETTER.test(ch) ? OTHER_SCRIPT : 0;
}

// ---------------------------------------------------------------------------------------------

function cutLabel(text: string): string {
  if (text.length <= MAX_LABEL_LENGTH) return text;
  const last = text.charCodeAt(MAX_LABEL_LENGTH - 1);
  // A lone high surrogate at the end would show as a replacement box.
  return text.slice(0, last >= 0xd800 && last <= 0xdbff ? MAX_LABEL_LENGTH - 1 : MAX_LABEL_LENGTH);
}

function codePointBefore(text: string, index: number): string | undefined {
  if (index <= 0) return undefined;
  const low = text.charCodeAt(index - 1);
  const pair = low >= 0xdc00 && low <= 0xdfff && index >= 2;
  return pair ? text.slice(index - 2, index) : text.charAt(index - 1);
}

function codePointFrom(text: string, index: number): string | undefined {
  const code = text.codePointAt(index);
  return code === undefined ? undefined : String.fromCodePoint(code);
}

/** Is this ignorable character doing its ordinary job (emoji, a Persian joiner, an RTL mark), hiding nothing? */
function isOrdinaryUse(text: string, index: number, ch: string, rightToLeft: boolean): boolean {
  const before = codePointBefore(text, index);
  const after = codePointFrom(text, index + ch.length);
  if (ch === '\u200E' || ch === '\u200F' || ch === '\u061C') return rightToLeft;
  if (ch === '\u200C' || ch === '\u200D') {
    if (ch === '\u200D' && before !== undefined && after !== undefined && BEFORE_EMOJI_JOINER.test(before) && EMOJI.test(after)) return true;
    if (before === undefined || after === undefined || !LETTER_OR_MARK.test(before) || !LETTER_OR_MARK.test(after)) return false;
    return JOINING_SCRIPT.test(before) || JOINING_SCRIPT.test(after);
  }
  if (before === undefined) return false;
  if (ch === '\uFE0E' || ch === '\uFE0F') {
    if (EMOJI.test(before) || HAN.test(before)) return true;
    return KEYCAP_BASE.test(before) && after === '\u20E3';
  }
  const code = ch.codePointAt(0) ?? 0;
  if ((code >= 0xfe00 && code <= 0xfe0d) || (code >= 0xe0100 && code <= 0xe01ef)) return HAN.test(before);
  if ((code >= 0x180b && code <= 0x180d) || code === 0x180f) return MONGOLIAN.test(before);
  return false;
}

/** Controls, or ignorable characters other than their ordinary uses in emoji and joining scripts. */
function hasHiddenCharacters(text: string): boolean {
  if (CONTROL.test(text)) return true;
  if (!IGNORABLE.test(text)) return false;
  const scan = text.replace(TAG_FLAG, '\u{1F3F4}');
  const rightToLeft = RIGHT_TO_LEFT.test(scan);
  for (const match of scan.matchAll(IGNORABLE_ALL)) {
    if (!isOrdinaryUse(scan, match.index, match[0], rightToLeft)) return true;
  }
  return false;
}

/** One right-to-left override's content as it is drawn: its characters in reverse, marks kept on their letters. */
function drawnReversed(run: string): string {
  const plain = run.replace(BIDI_CONTROLS_ALL, '');
  // Right-to-left letters are drawn right to left anyway; only the ordering of other runs would change.
  if (RIGHT_TO_LEFT.test(plain)) return plain;
  const clusters: string[] = [];
  for (const ch of plain) {
    const last = clusters.length - 1;
    // Marks and ignorables (the first is the soft hyphen, U+00AD) stay with the letter before them.
    if (last >= 0 && ch >= '\u00AD' && (ANY_MARK.test(ch) || IGNORABLE.test(ch))) clusters[last] += ch;
    else clusters.push(MIRRORED.get(ch) ?? ch);
  }
  return clusters.reverse().join('');
}

/**
 * The label in the order it is drawn, for the one bidi feature that reorders letters within a word:
 * a right-to-left override (U+202E) up to its pop (U+202C), the end of an enclosing isolate or of the
 * paragraph. Embeddings, isolates and marks only move whole runs, and are left to be stripped; this
 * is an approximation of the Unicode bidi algorithm, not an implementation of it.
 */
function displayOrder(text: string): string {
  let out = '';
  let from = 0;
  for (;;) {
    const start = text.indexOf(RLO, from);
    if (start < 0) return out + text.slice(from);
    out += text.slice(from, start);
    let depth = 1;
    let isolates = 0;
    let end = start + 1;
    for (; end < text.length; end++) {
      const c = text.charAt(end);
      if (c === PDF && --depth === 0) break;
      if (PARAGRAPH_END.test(c) || (c === PDI && isolates-- === 0)) break;
      if (EMBEDDING_OR_OVERRIDE.test(c)) depth++;
      else if (ISOLATE.test(c)) isolates++;
    }
    out += drawnReversed(text.slice(start + 1, end));
    from = text.charAt(end) === PDF ? end + 1 : end;
  }
}

function collapse(text: string): string {
  return text.replace(WHITESPACE_RUNS, ' ').trim();
}

/** A label after NFKC, with controls as spaces, one apostrophe, collapsed; case is still the app's. */
function compatibilityForm(nfkc: string): string {
  const text = nfkc.replace(DOTTED_CAPITAL_I, 'I').replace(CONTROL_ALL, ' ').replace(TYPOGRAPHIC_APOSTROPHES, "'");
  return collapse(text);
}

function withStandIns(skeleton: string): string {
  if (!STAND_IN.test(skeleton)) return skeleton;
  return skeleton.replace(STAND_IN_TOKENS, (token) =>
    LETTER.test(token) ? token.replace(STAND_IN_ALL, (c) => (c === '0' ? 'o' : 'l')) : token,
  );
}

/**
 * A combining mark still alone after NFKC on a letter of an alphabet the lookalike table covers
 * ("D\u0336e\u0336"). NFC composes the accents of real words, so "Café" has none.
 */
function hasMarkOnAlphabet(base: string): boolean {
  if (!MARK.test(base)) return false;
  for (const match of base.matchAll(MARKS_ALL)) {
    const script = letterScript(codePointBefore(base, match.index) ?? ' ');
    if (script !== 0 && script !== OTHER_SCRIPT) return true;
  }
  return false;
}

/** Is the character before `index` a lowercase letter (for reading a capital I as an l)? */
function lowercaseBefore(text: string, index: number): boolean {
  const before = codePointBefore(text, index);
  if (before === undefined) return false;
  return before < '\u0080' ? before >= 'a' && before <= 'z' : LOWERCASE.test(before);
}

/**
 * The skeleton of a compatibility form (see NormalisedLabel), with `stripped`, the form without
 * combining marks in the app's case, and whether a lookalike that is no native letter was mapped.
 */
function skeletonOf(base: string): { readonly skeleton: string; readonly stripped: string; readonly lookalike: boolean } {
  const nfd = base.normalize('NFD');
  const stripped = MARK.test(nfd) ? nfd.replace(MARKS_ALL, '') : nfd;
  let lookalike = false;
  let out = '';
  let copied = 0;
  for (let i = 0; i < stripped.length; i++) {
    const code = stripped.codePointAt(i) ?? 0;
    const width = code > 0xffff ? 2 : 1;
    if (code < 0x80 && code !== 0x49) continue;
    let latin = code === 0x49 ? 'i' : LOOKALIKE_CODES.get(code);
    if (latin === undefined) {
      i += width - 1;
      continue;
    }
    const ch = stripped.slice(i, i + width);
    if (code !== 0x49 && !NATIVE_LETTERS.has(ch)) lookalike = true;
    // A capital I, or a capital that passes for one, inside a lowercase word is read as an l.
    if (latin === 'i' && ch !== ch.toLowerCase() && lowercaseBefore(stripped, i)) latin = 'l';
    out += stripped.slice(copied, i) + latin;
    copied = i + width;
    i += width - 1;
  }
  const mapped = out + stripped.slice(copied);
  return { skeleton: withStandIns(mapped.toLowerCase().normalize('NFC')), stripped, lookalike };
}

/**
 * Does a word pass for Latin with letters it does not own? A lookalike Latin letter (small capitals),
 * a word that mixes scripts (Latin "D", "l", "t" with Cyrillic "е"), or a word whose letters are all
 * lookalikes (Cyrillic "ОК") in a label with no genuine word of that script. A Russian word that
 * happens to contain "а" and "е" ("Удалить все") is none of these.
 */
function hasDisguisedWord(stripped: string): boolean {
  let genuine = 0;
  let lookalikeOnly = 0;
  for (const [word] of stripped.matchAll(WORD_RUNS)) {
    let scripts = 0;
    let mappedForeign = 0;
    let unmapped = 0;
    for (const ch of word) {
      const script = letterScript(ch);
      if (script === 0) continue;
      scripts |= script;
      if (!LOOKALIKE_CODES.has(ch.codePointAt(0) ?? 0)) unmapped |= script;
      else if (script !== LATIN) mappedForeign |= script;
      else if (!NATIVE_LETTERS.has(ch)) return true;
    }
    genuine |= unmapped;
    if (mappedForeign === 0) continue;
    if ((scripts & (scripts - 1)) !== 0) return true;
    if (unmapped === 0) lookalikeOnly |= scripts;
  }
  return (lookalikeOnly & ~genuine) !== 0;
}

// ---------------------------------------------------------------------------------------------

/**
 * A label for display in a confirmation: as the app draws it (a right-to-left override is resolved
 * into the order it is drawn in), without any default-ignorable character (bidi controls, zero-width
 * characters, soft hyphens, variation selectors), controls and line breaks as spaces, whitespace
 * collapsed and trimmed. Letters are kept as the app shows them (no NFKC). Input longer than 1,000
 * UTF-16 units is cut, and then ends in "…".
 */
export function visibleLabel(text: string): string {
  const cut = cutLabel(text);
  const drawn = cut.includes(RLO) ? displayOrder(cut) : cut;
  const visible = collapse(drawn.replace(IGNORABLE_ALL, '').replace(CONTROL_ALL, ' '));
  return cut.length < text.length ? `${visible}…` : visible;
}

export interface NormalisedLabel {
  /**
   * The label as stored, for matching: default-ignorables removed, NFKC, controls as spaces, ’ ‘ ʼ
   * as ', whitespace collapsed and trimmed, lowercase (İ as i; ß is kept).
   */
  readonly text: string;
  /**
   * The label as drawn, reduced to plain Latin where letters only look Latin: `text`'s steps on the
   * drawn order (a right-to-left override resolved, a Hangul filler as a space, controls removed),
   * then combining marks removed, lookalike letters mapped (Cyrillic "е", small capital "ᴅ", …),
   * a capital I after a lowercase letter read as l, and 0, 1 and | read as o, l, l inside a word
   * that has a letter ("De1ete"; "150" stays). Lowercase, NFC. Not meant for display.
   */
  readonly skeleton: string;
  /**
   * The label held a control character (other than tab and line breaks) or a default-ignorable
   * character outside its ordinary use: emoji variation selectors and joiners, joiners between
   * letters of scripts that need them (Persian, Indic), direction marks in right-to-left text.
   */
  readonly hidden: boolean;
  /**
   * Something beyond case and whitespace differs from what a reader would take the label to say:
   * `hidden`; NFKC changed its letters (full-width, mathematical, ligatures); a combining mark sits
   * alone on a Latin, Greek or Cyrillic letter; or a word passes for Latin with borrowed letters.
   * Accents, digit stand-ins, "…", no-break spaces and words of other scripts do not count.
   */
  readonly changed: boolean;
}

/** A label read for rules: see NormalisedLabel. Input longer than 1,000 UTF-16 units is cut first. */
export function normaliseLabel(text: string): NormalisedLabel {
  const cut = cutLabel(text);
  if (PLAIN_ASCII.test(cut)) {
    const collapsed = collapse(cut);
    const skeleton = withStandIns(collapsed.replace(CAPITAL_I_AFTER_LOWERCASE, 'l').toLowerCase());
    return { text: collapsed.toLowerCase(), skeleton, hidden: false, changed: false };
  }

  const withoutIgnorables = cut.replace(IGNORABLE_ALL, '');
  const nfkc = withoutIgnorables.normalize('NFKC');
  const base = compatibilityForm(nfkc);
  const drawn = cut.includes(RLO) ? displayOrder(cut) : cut;
  const drawnBase =
    drawn === cut && !CONTROL.test(cut) && !BLANK_FILLER.test(cut)
      ? base
      : compatibilityForm(drawn.replace(CONTROL_ALL, '').replace(BLANK_FILLERS_ALL, ' ').replace(IGNORABLE_ALL, '').normalize('NFKC'));

  const hidden = hasHiddenCharacters(cut);
  const { skeleton, stripped, lookalike } = skeletonOf(drawnBase);

  let compatibility = false;
  if (nfkc !== withoutIgnorables) {
    const nfc = withoutIgnorables.normalize('NFC');
    compatibility = nfc !== nfkc && nfc.replace(NON_LETTERS, '') !== nfkc.replace(NON_LETTERS, '');
  }

  const changed = hidden || compatibility || hasMarkOnAlphabet(base) || (lookalike && hasDisguisedWord(stripped));
  return { text: base.toLowerCase(), skeleton, hidden, changed };
}

function wordsOf(text: string): string[] {
  const words: string[] = [];
  for (const part of text.split(WORD_SEPARATORS)) {
    const word = part.replace(EDGE_APOSTROPHES, '');
    if (word) words.push(word);
  }
  return words;
}

/**
 * The words of a label's `text` and `skeleton`, for rule matching against both lists. Words are
 * runs of letters, combining marks, digits and apostrophes (’ ‘ ʼ read as '); apostrophes at a
 * word's edges are quotation marks and dropped ("‘Report’" is "report"; "don’t" stays "don't").
 */
export function labelWords(text: string): { readonly words: readonly string[]; readonly skeletonWords: readonly string[] } {
  const label = normaliseLabel(text);
  return { words: wordsOf(label.text), skeletonWords: wordsOf(label.skeleton) };
}
