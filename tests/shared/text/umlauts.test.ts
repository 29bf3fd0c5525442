// German words written without umlauts (src/shared/text/umlauts.ts), as a table: ä, ö, ü and ß as
// ae, oe, ue and ss, a decomposed umlaut the same as a composed one, and the spellings a table gains.
import { describe, expect, it } from 'vitest';
import { withoutUmlauts, withUmlautSpellings } from '../../../src/shared/text/umlauts.js';
import { itGives } from '../../support/tables.js';

describe('withoutUmlauts', () => {
  itGives('writes %s as %s', withoutUmlauts, [
    ['Löschen', 'Loeschen'],
    ['schließen', 'schliessen'],
    ['Zurücksetzen', 'Zuruecksetzen'],
    ['Änderungen verwerfen', 'Aenderungen verwerfen'],
    ['ÖL ÜBER STRASSE', 'OeL UeBER STRASSE'],
    ['GROẞ', 'GROSS'],
    ['lo\u0308schen', 'loeschen'],
    ['Senden', 'Senden'],
    ['', ''],
  ]);
});

describe('withUmlautSpellings', () => {
  it('adds the spelling without umlauts after each phrase that has one, and no phrase twice', () => {
    expect(withUmlautSpellings(['löschen', 'senden', 'schließen', 'loeschen'])).toEqual(['löschen', 'loeschen', 'senden', 'schließen', 'schliessen']);
    expect(withUmlautSpellings([])).toEqual([]);
  });
});
