/**
 * Spreadsheet cells: "go to cell B3", "select A1 to C5", "type 42 in B3", "put 42 into cell B3".
 *
 * Going to a cell and selecting a range become `go_to_cell`; filling a cell becomes the sequence a
 * keyboard user would do: go to the cell, type, press Enter (which commits the cell). A bare address
 * is read as a cell only where nothing else could be meant; where it could be an app ("go to B3"),
 * or part of the dictated text ("type print it in A4": the paper size), the command is no_match and
 * the planner that can look at the screen decides. Decision "Spreadsheet cells (grammar)" in
 * docs/decisions/0101-spreadsheet-cells-grammar.md.
 */
import { parseCellReference } from '../../shared/cell-address.js';
import type { Intent, Step } from '../schema.js';
import { fail, ok, readAppName, type Read } from './phrases.js';
import { isWord, joinTokens, type Token } from './tokens.js';

/** Words that say a cell is meant: "cell B3", "cells A1 to C5", "the range A1:C5". */
const CELL_WORDS = ['cell', 'cells', 'range'];
/** Words between the two corners of a range: "A1 to C5", "A1 through C5". */
const RANGE_JOINERS = ['to', 'through', 'thru', 'till', 'until', '-', '–'];
/** Verbs that put text into a cell: "type 42 in B3", "put 42 into cell B3", "enter 42 in B3". */
const FILL_VERBS = ['type', 'put', 'enter', 'write'];

interface CellPhrase {
  /** The address as go_to_cell takes it: "B3", "A1:C5". */
  readonly cell: string;
  /** The command said "cell", "cells" or "range" before the address. */
  readonly saidCell: boolean;
  readonly app?: string;
}

/** A cell reference in one token ("B3", "a1:c5"), or undefined. Quoted tokens are never one. */
function oneCell(token: Token | undefined): string | undefined {
  if (token === undefined || token.quoted) return undefined;
  const r = parseCellReference(token.raw);
  return r.ok ? r.canonical : undefined;
}

/**
 * `[the] [cell|cells|range] ADDRESS [(to|through|-) ADDRESS] [in|on App]` covering all of `tokens`;
 * null when the words are no cell phrase at all, a failure when they clearly name a cell but badly.
 */
function readCellPhrase(tokens: readonly Token[]): Read<CellPhrase> | null {
  let words = tokens;
  if (isWord(words[0], 'the')) words = words.slice(1);
  const saidCell = isWord(words[0], ...CELL_WORDS);
  if (saidCell) words = words.slice(1);
  const first = oneCell(words[0]);
  if (first === undefined) {
    if (!saidCell) return null;
    const said = words[0];
    const problem = said === undefined || said.quoted ? undefined : parseCellReference(said.raw);
    return fail(
      problem && !problem.ok && /^[a-z]{1,3}\d/i.test(said?.raw ?? '') ? problem.problem : 'which cell? say an address such as "B3" or a range such as "A1:C5"',
    );
  }
  let cell = first;
  let next = 1;
  if (isWord(words[1], ...RANGE_JOINERS)) {
    const second = oneCell(words[2]);
    if (second === undefined || first.includes(':') || second.includes(':')) return fail('a range goes from one cell to another: "A1 to C5"');
    const range = parseCellReference(`${first}:${second}`);
    if (!range.ok) return fail(range.problem);
    cell = range.canonical;
    next = 3;
  }
  const rest = words.slice(next);
  if (rest.length === 0) return ok({ cell, saidCell });
  if (!isWord(rest[0], 'in', 'on') || rest.length < 2) return saidCell ? fail('unexpected words after the cell address') : null;
  const app = readAppName(rest.slice(1));
  if (!app.ok) return saidCell ? app : null;
  return ok({ cell, saidCell, app: app.value });
}

function goToCell(phrase: CellPhrase): Intent {
  return { intent: 'go_to_cell', cell: phrase.cell, ...(phrase.app === undefined ? {} : { app: phrase.app }) };
}

/** The cell command in tokens (politeness already stripped), or null when the command is not one. */
export function matchCellCommand(command: string, tokens: readonly Token[]): Read<Intent> | null {
  const first = tokens[0];
  if (first === undefined || first.quoted) return null;

  // go to / jump to / move to [the] cell B3
  if (isWord(first, 'go', 'jump', 'move') && isWord(tokens[1], 'to')) {
    const phrase = readCellPhrase(tokens.slice(2));
    if (phrase === null) return null;
    if (!phrase.ok) return phrase;
    // "go to B3" may name an app as well as a cell.
    if (!phrase.value.saidCell) return fail('"go to" an address may mean an app or a cell; say "go to cell …"');
    return ok(goToCell(phrase.value));
  }

  // select A1 to C5 | select A1:C5 | select cells A1 through C5 | select cell B3
  if (isWord(first, 'select')) {
    const phrase = readCellPhrase(tokens.slice(1));
    if (phrase === null) return null;
    if (!phrase.ok) return phrase;
    // "select B3" could be a list item or tab named B3; a range or the word "cell" says a cell.
    if (!phrase.value.saidCell && !phrase.value.cell.includes(':')) return fail('select which cell? say "select cell …"');
    return ok(goToCell(phrase.value));
  }

  // type 42 in B3 | put 42 into cell B3 | enter "Total" in A1 [in App]
  if (isWord(first, ...FILL_VERBS)) return readFill(command, tokens);
  return null;
}

/** TEXT in|into CELL PHRASE: the last "in"/"into" after which a cell phrase takes the rest. */
function readFill(command: string, tokens: readonly Token[]): Read<Intent> | null {
  for (let k = tokens.length - 2; k >= 2; k--) {
    if (!isWord(tokens[k], 'in', 'into')) continue;
    const phrase = readCellPhrase(tokens.slice(k + 1));
    if (phrase === null || !phrase.ok) continue;
    const textTokens = tokens.slice(1, k);
    const quoted = textTokens.length === 1 && (textTokens[0] as Token).quoted;
    if (textTokens.some((t) => t.quoted) && !quoted) return fail('unexpected words beside the quoted text');
    // "type print it in A4": A4 may be the paper size. One word, quotes or "cell" say where it goes.
    if (!quoted && textTokens.length > 1 && !phrase.value.saidCell) {
      return fail('is the address part of the text? quote the text, or say "in cell …"');
    }
    const text = quoted ? (textTokens[0] as Token).raw : joinTokens(command, textTokens);
    if (text.trim() === '') return fail('type what? the text is empty');
    const steps: Step[] = [goToCell(phrase.value) as Step, { intent: 'type_text', text }, { intent: 'press_key', key: 'enter' }];
    return ok({ intent: 'sequence', steps });
  }
  return null;
}
