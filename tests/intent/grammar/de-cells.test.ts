// Spreadsheet cells in German (issue #32 item 6): going to a cell, selecting a range, typing into a
// cell; „Zelle“, a range or quoted text says a cell is meant, else the command is left to the others.
import { describe, expect, it } from 'vitest';
import { de, intentOf, readsAs } from './de-fixture.js';

const go = (cell: string) => ({ intent: 'go_to_cell', cell });
const fill = (cell: string, text: string) => ({
  intent: 'sequence',
  steps: [go(cell), { intent: 'type_text', text }, { intent: 'press_key', key: 'enter' }],
});

describe('German: spreadsheet cells', () => {
  readsAs([
    ['gehe zu Zelle B3', go('B3')],
    ['springe zur Zelle b3', go('B3')],
    ['Geh zu der Zelle AA10.', go('AA10')],
    ['wähle A1 bis C5 aus', go('A1:C5')],
    ['markiere die Zellen A1 bis C5', go('A1:C5')],
    ['waehle Zelle B3 aus', go('B3')],
    ['markiere den Bereich A1:C5', go('A1:C5')],
    ['tippe 42 in Zelle B3', fill('B3', '42')],
    ['trage „Summe gesamt“ in A1 ein', fill('A1', 'Summe gesamt')],
    ['schreibe Umsatz pro Monat in Zelle C2', fill('C2', 'Umsatz pro Monat')],
  ]);

  it('„gehe zu B3“ is not a cell (it may be an app), and „tippe Format Seite in A4“ not a cell: the address may be words of the text', () => {
    expect(intentOf('gehe zu B3')).not.toEqual(go('B3'));
    const r = de('tippe Format Seite in A4');
    expect(r.kind === 'intent' && r.intent.intent === 'sequence').toBe(false);
  });

  it('a bad address said as a cell is refused in a sentence, never guessed', () => {
    const r = de('gehe zu Zelle B0');
    expect(r.kind).toBe('no_match');
  });

  it('„tippe „Hallo“ in das Feld Notizen“ is still typing into a field, not a cell', () => {
    expect(intentOf('tippe „Hallo“ in das Feld Notizen')).toMatchObject({ intent: 'type_text', text: 'Hallo' });
  });
});
