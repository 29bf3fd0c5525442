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
import { LATIN, LOOKALIKE_CODES, NATIVE_LETTERS, OTHER_SCRIPT, letterScript } from './lookalike-letters.js';

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
const RIGHT_TO_LEFT =
  /[\p{Script=Hebrew}\p{Script=Arabic}\p{Script=Syriac}\p{Script=Thaana}\p{Script=Nko}\p{Script=Samaritan}\p{Script=Mandaic}\p{Script=Adlam}]/u;
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
  return skeleton.replace(STAND_IN_TOKENS, (token) => (LETTER.test(token) ? token.replace(STAND_IN_ALL, (c) => (c === '0' ? 'o' : 'l')) : token));
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
