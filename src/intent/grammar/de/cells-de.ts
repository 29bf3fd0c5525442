/**
 * Spreadsheet cells in German (issue #32 item 6), as the English cells.ts reads them: „gehe zu Zelle
 * B3“, „springe zur Zelle B3“, „wähle A1 bis C5 aus“, „markiere die Zellen A1 bis C5“, „tippe 42 in
 * Zelle B3“, „trage „Summe“ in A1 ein“. The word „Zelle“ (or a range) says a cell is meant: „gehe zu
 * B3“ may be an app; before a bare address only one word or quoted text is typed („tippe Format Seite
 * in A4“ may be words of the text). Umlauts folded; the text typed is kept as said.
 */
import { parseCellReference } from '../../../shared/cell-address.js';
import type { Intent, Step } from '../../schema.js';
import { fail, ok, type Read } from '../phrases.js';
import { foldDe } from './fold.js';

const CELL = String.raw`(?:(?:die|der|den)\s+)?(zelle|zellen|bereich)?\s*([a-z]{1,3}\d+(?::[a-z]{1,3}\d+)?)(?:\s+(?:bis|-|–)\s+([a-z]{1,3}\d+))?`;
const GO = new RegExp(String.raw`^(?:gehe|geh|springe|spring)\s+(?:zu|zur|nach)\s+${CELL}$`, 'iu');
const SELECT = new RegExp(String.raw`^(?:waehle|waehl|markiere|markier)\s+${CELL}(?:\s+aus)?$`, 'iu');
const FILL = new RegExp(String.raw`^(?:tippe|tipp|schreibe|schreib|trage|trag)\s+(.+?)\s+in\s+${CELL}(?:\s+ein)?$`, 'iu');
const QUOTED = /^[„"“»](.+)[“"”«]$/u;

/** The cell (or range) a match names, or why not; saidCell: the words "Zelle", "Zellen", "Bereich". */
function cellOf(word: string | undefined, first: string | undefined, second: string | undefined): Read<{ cell: string; saidCell: boolean }> | null {
  if (!first) return null;
  const reference = parseCellReference(second ? `${first}:${second}` : first);
  if (!reference.ok) return word ? fail(reference.problem) : null;
  return ok({ cell: reference.canonical, saidCell: word !== undefined });
}

/** The cell command a German segment is, or null when it is not one (then the other readers try it). */
export function matchCellDe(said: string): Read<Intent> | null {
  const text = said.trim();
  const folded = foldDe(text);
  // Going to a cell or selecting one: the word „Zelle“ or a range says a cell ("gehe zu B3" may be an app).
  const pick = GO.exec(folded) ?? SELECT.exec(folded);
  if (pick) {
    const cell = cellOf(pick[1], pick[2], pick[3]);
    if (cell === null || !cell.ok) return cell;
    return cell.value.saidCell || cell.value.cell.includes(':') ? ok({ intent: 'go_to_cell', cell: cell.value.cell }) : null;
  }
  const fill = FILL.exec(folded);
  if (!fill?.[1]) return null;
  const cell = cellOf(fill[2], fill[3], fill[4]);
  if (cell === null || !cell.ok) return cell;
  return fillOf(text, cell.value);
}

/** „tippe TEXT in [Zelle] ADDRESS [ein]“ with the text as said: quoted, one word, or with „Zelle“ said. */
function fillOf(text: string, cell: { cell: string; saidCell: boolean }): Read<Intent> | null {
  const m = /^\S+\s+(.+?)\s+in\s+(?:(?:die|der|den)\s+)?(?:zelle|zellen|bereich)?\s*\S+(?:\s+(?:bis|-|–)\s+\S+)?(?:\s+ein)?$/iu.exec(text);
  const said = m?.[1];
  if (!said) return null;
  const quoted = QUOTED.exec(said)?.[1];
  if (quoted === undefined && said.includes(' ') && !cell.saidCell) return fail('is the address part of the text? quote the text, or say "in Zelle …"');
  const typed = quoted ?? said;
  if (typed.trim() === '') return fail('type what? the text is empty');
  const steps: Step[] = [
    { intent: 'go_to_cell', cell: cell.cell },
    { intent: 'type_text', text: typed },
    { intent: 'press_key', key: 'enter' },
  ];
  return ok({ intent: 'sequence', steps });
}
