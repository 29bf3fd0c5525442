/**
 * Characters, words, sentences, paragraphs and lines of a field's text (issue #32 items 3 and 6),
 * pure: where each one is, which one a rank or the caret names, and what deleting one takes with it.
 * Offsets are UTF-16 indices; a range is [start, end).
 *
 * The plain rules, one per unit:
 * - a character is what a reader sees as one (a grapheme: "é" with its accent written apart is one),
 *   a space or a mark too, never a line break;
 * - a word is a run of letters, digits, "_", "'" or "’" (so "don't" is one word);
 * - a line is the text between line breaks (the field's own lines, not where it wraps), empty or not;
 * - a paragraph is a line with some text on it: blank lines only separate paragraphs;
 * - a sentence ends at ".", "!", "?" or "…" (closing quotes and brackets kept with it) followed by a
 *   space or the end of its paragraph; a sentence never crosses a line break.
 */

export type TextUnit = 'character' | 'word' | 'sentence' | 'paragraph' | 'line';

export const TEXT_UNITS: readonly TextUnit[] = ['character', 'word', 'sentence', 'paragraph', 'line'];

export interface TextRange {
  readonly start: number;
  readonly end: number;
}

/** Which one of a unit: by rank (1 = first; `fromEnd`: 1 = last), or the one at the caret. */
export type UnitPick = { readonly rank: number; readonly fromEnd: boolean } | 'current';

const WORD = /[\p{L}\p{N}_'’]+/gu;
const LINE_BREAK = /\r\n|\n|\r|\u2028|\u2029/gu;
/** A sentence's end: its mark, closing quotes or brackets, then a space or the end. */
const SENTENCE_END = /[.!?…]+["'”’)\]]*(?=\s|$)/gu;

/** Every line, empty ones too, without its line break. */
export function lineRanges(text: string): TextRange[] {
  const out: TextRange[] = [];
  let start = 0;
  for (const m of text.matchAll(LINE_BREAK)) {
    out.push({ start, end: m.index });
    start = m.index + m[0].length;
  }
  out.push({ start, end: text.length });
  return out;
}

/** A range without the spaces at its ends (an empty range when it is all spaces). */
function trimmed(text: string, range: TextRange): TextRange {
  let { start, end } = range;
  while (start < end && /\s/u.test(text.charAt(start))) start++;
  while (end > start && /\s/u.test(text.charAt(end - 1))) end--;
  return { start, end };
}

export function paragraphRanges(text: string): TextRange[] {
  return lineRanges(text)
    .map((line) => trimmed(text, line))
    .filter((r) => r.end > r.start);
}

export function sentenceRanges(text: string): TextRange[] {
  const out: TextRange[] = [];
  for (const paragraph of paragraphRanges(text)) {
    const body = text.slice(paragraph.start, paragraph.end);
    let start = 0;
    for (const m of body.matchAll(SENTENCE_END)) {
      const end = m.index + m[0].length;
      const range = trimmed(text, { start: paragraph.start + start, end: paragraph.start + end });
      if (range.end > range.start) out.push(range);
      start = end;
    }
    const rest = trimmed(text, { start: paragraph.start + start, end: paragraph.end });
    if (rest.end > rest.start) out.push(rest);
  }
  return out;
}

const GRAPHEMES = new Intl.Segmenter(undefined, { granularity: 'grapheme' });

export function characterRanges(text: string): TextRange[] {
  return [...GRAPHEMES.segment(text)]
    .filter((g) => !/^(\r\n|\n|\r|\u2028|\u2029)$/u.test(g.segment))
    .map((g) => ({ start: g.index, end: g.index + g.segment.length }));
}

export function wordRanges(text: string): TextRange[] {
  return [...text.matchAll(WORD)].map((m) => ({ start: m.index, end: m.index + m[0].length }));
}

export function unitRanges(text: string, unit: TextUnit): TextRange[] {
  switch (unit) {
    case 'character':
      return characterRanges(text);
    case 'word':
      return wordRanges(text);
    case 'sentence':
      return sentenceRanges(text);
    case 'paragraph':
      return paragraphRanges(text);
    case 'line':
      return lineRanges(text);
  }
}

/**
 * The unit a pick names: by rank, or the one the caret is in (else the one just before it, as the
 * word a caret stands after is "this word"). Undefined when there is no such one.
 */
export function pickUnit(text: string, unit: TextUnit, pick: UnitPick, caret: number): TextRange | undefined {
  const ranges = unitRanges(text, unit);
  if (pick !== 'current') return ranges[pick.fromEnd ? ranges.length - pick.rank : pick.rank - 1];
  const at = Math.max(0, Math.min(caret, text.length));
  const inside = ranges.find((r) => r.start <= at && at <= r.end);
  if (inside) return inside;
  return ranges.filter((r) => r.end <= at).at(-1) ?? ranges.find((r) => r.start >= at);
}

/**
 * What deleting a range takes away so that no gap or doubled space is left: a line or paragraph
 * with one of its line breaks (the one after it, else the one before); words and sentences with the
 * spaces after them (else the spaces before them) on the same line; a character alone.
 */
export function deletionRange(text: string, range: TextRange, unit: TextUnit | 'text'): TextRange {
  if (unit === 'character') return range;
  if (unit === 'line' || unit === 'paragraph') {
    const after = /^(\r\n|\n|\r|\u2028|\u2029)/u.exec(text.slice(range.end));
    if (after) return { start: range.start, end: range.end + after[0].length };
    const before = /(\r\n|\n|\r|\u2028|\u2029)$/u.exec(text.slice(0, range.start));
    return before ? { start: range.start - before[0].length, end: range.end } : range;
  }
  const spacesAfter = /^[ \t]+/u.exec(text.slice(range.end))?.[0].length ?? 0;
  const lineStart = range.start === 0 || /[\n\r\u2028\u2029]/u.test(text.charAt(range.start - 1));
  if (spacesAfter > 0 && (!lineStart || range.end + spacesAfter < text.length)) return { start: range.start, end: range.end + spacesAfter };
  const spacesBefore = /[ \t]+$/u.exec(text.slice(0, range.start))?.[0].length ?? 0;
  return { start: range.start - spacesBefore, end: range.end + spacesAfter };
}

/**
 * The range from the first place `from` stands as whole words to the end of the first place `to`
 * stands after it ("select from hello to world"), matched without regard to case.
 */
export function spanBetween(text: string, from: string, to: string): TextRange | undefined {
  const first = findWords(text, from, 0);
  if (!first) return undefined;
  const last = findWords(text, to, first.end);
  return last ? { start: first.start, end: last.end } : undefined;
}

/** The first place at or after `after` where `phrase` stands as whole words (any run of spaces matches one). */
export function findWords(text: string, phrase: string, after = 0): TextRange | undefined {
  const words = phrase
    .trim()
    .split(/\s+/u)
    .filter((w) => w !== '');
  if (words.length === 0) return undefined;
  const pattern = new RegExp(`(?<![\\p{L}\\p{N}_'’])${words.map(escapeRegExp).join('\\s+')}(?![\\p{L}\\p{N}_'’])`, 'giu');
  pattern.lastIndex = after;
  const m = pattern.exec(text);
  return m ? { start: m.index, end: m.index + m[0].length } : undefined;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/gu, '\\$&');
}
