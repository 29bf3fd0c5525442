/**
 * What is said to the mouse grid while it is up (issue #29), read before any planner: a cell's
 * number zooms into it ("5", "click 5", "five"), several refine in one go ("5 3"), "click" / "double
 * click" / "right click" act at the current cell's centre, cells then a click zoom and act in one go
 * ("5 3 click", what a switch's long press on a cell sends), "move the mouse to 7" moves only, and
 * "drag from 2 to 8" drags between the centres of two cells of the grid shown (each end may be a
 * path: "drag from 2 3 to 8"). Case, commas, a final full stop and "please" are ignored, as for the
 * other session words.
 */
import { NUMBER_WORDS } from './answer-words.js';
import { DE_NUMBER_WORDS } from './lang/de/answers.js';
import { DE_GRID_DROPPED_AFTER, DE_GRID_WORDS } from './lang/de/grid-words.js';
import { DEFAULT_LANGUAGE, type Language } from './language.js';
import { withoutUmlauts } from './text/umlauts.js';

export type GridWord =
  | { readonly kind: 'zoom'; readonly cells: readonly number[] }
  /** `cells`: zoom through these first (absent or empty: the current cell). */
  | { readonly kind: 'click'; readonly button: 'left' | 'right'; readonly count: 1 | 2 | 3; readonly cells?: readonly number[] }
  | { readonly kind: 'move'; readonly cells: readonly number[] }
  | { readonly kind: 'drag'; readonly from: readonly number[]; readonly to: readonly number[] };

/** Cells named in one go at most ("5 3 1 …"): more is never needed to reach a pixel. */
export const MAX_GRID_PATH = 8;

/** The words of a click at the cell's centre. */
const CLICKS: Readonly<Record<string, { readonly button: 'left' | 'right'; readonly count: 1 | 2 | 3 }>> = {
  click: { button: 'left', count: 1 },
  'left click': { button: 'left', count: 1 },
  'click here': { button: 'left', count: 1 },
  'click there': { button: 'left', count: 1 },
  'click it': { button: 'left', count: 1 },
  'double click': { button: 'left', count: 2 },
  'double click here': { button: 'left', count: 2 },
  'triple click': { button: 'left', count: 3 },
  'right click': { button: 'right', count: 1 },
  'right click here': { button: 'right', count: 1 },
};

/** The cells of "5 3", "5, 3", "five three"; undefined when a word is no cell number. */
function readCells(words: readonly string[]): number[] | undefined {
  if (words.length === 0 || words.length > MAX_GRID_PATH) return undefined;
  const cells: number[] = [];
  for (const w of words) {
    const n = /^\d{1,3}$/u.test(w) ? Number(w) : NUMBER_WORDS[w];
    if (n === undefined) return undefined;
    cells.push(n);
  }
  return cells;
}

/** The normalised words of a text: lower case, no final punctuation or "please", hyphens and commas as spaces. */
function wordsOf(text: string): string[] {
  const phrase = text
    .toLowerCase()
    .trim()
    .replace(/[.!?]+$/u, '')
    .replace(/^please,?\s+|,?\s+please$/gu, '')
    .replace(/[-,]/gu, ' ')
    .trim();
  return phrase === '' ? [] : phrase.split(/\s+/u);
}

/** "from 2 to 8", "2 to 8", "from 5 3 to 8 1": two cell paths of the grid shown. */
function readDrag(words: readonly string[]): GridWord | undefined {
  const rest = words[0] === 'from' ? words.slice(1) : words;
  const to = rest.indexOf('to');
  if (to < 0 || rest.indexOf('to', to + 1) >= 0) return undefined;
  const from = readCells(rest.slice(0, to));
  const end = readCells(rest.slice(to + 1));
  return from && end ? { kind: 'drag', from, to: end } : undefined;
}

/** German words as the English reader knows them (src/shared/lang/de/grid-words.ts); English ones pass as they are. */
function fromGerman(words: readonly string[]): string[] {
  const out: string[] = [];
  for (const said of words) {
    const word = withoutUmlauts(said);
    if (word === 'bitte' || DE_GRID_DROPPED_AFTER[out[out.length - 1] ?? '']?.includes(word)) continue;
    const number = DE_NUMBER_WORDS[said] ?? DE_NUMBER_WORDS[word];
    out.push(...(number !== undefined ? [String(number)] : (DE_GRID_WORDS[word] ?? said).split(' ')));
  }
  return out;
}

/**
 * What a text means to the grid, or undefined when it is none of the grid's words (it is then an
 * ordinary command). With German chosen the German words count as well as the English ones.
 */
export function gridWord(text: string, language: Language = DEFAULT_LANGUAGE): GridWord | undefined {
  const words = language === 'de' ? fromGerman(wordsOf(text)) : wordsOf(text);
  const click = CLICKS[words.join(' ')];
  if (click) return { kind: 'click', ...click };
  // "5 3 click", "7 right click": the cells, then the click (the longest click phrase that ends the text)
  for (let at = 1; at < words.length; at++) {
    const act = CLICKS[words.slice(at).join(' ')];
    const cells = act && readCells(words.slice(0, at));
    if (act && cells) return { kind: 'click', ...act, cells };
  }
  if (words[0] === 'drag') return readDrag(words.slice(1));
  // "5 3", "click 5 3", "cell 5", "zoom into 5"
  const head =
    words[0] === 'click' || words[0] === 'cell' ? 1 : words[0] === 'zoom' ? (words[1] === 'into' || words[1] === 'in' || words[1] === 'to' ? 2 : 1) : 0;
  const zoom = readCells(words.slice(head));
  if (zoom) return { kind: 'zoom', cells: zoom };
  // "move the mouse to 7", "move to 7", "move the pointer to 7 3"
  if (words[0] !== 'move') return undefined;
  let rest = words.slice(1);
  if (rest[0] === 'the') rest = rest.slice(1);
  if (rest[0] === 'mouse' || rest[0] === 'pointer') rest = rest.slice(1);
  if (rest[0] !== 'to') return undefined;
  const cells = readCells(rest.slice(1));
  return cells ? { kind: 'move', cells } : undefined;
}
