import { describe, expect, it } from 'vitest';
import { readTextEditDe, readTextEditIn } from '../../../src/intent/grammar/de/edit-de.js';
import { readTextEdit, type TextEdit } from '../../../src/intent/grammar/verbs-edit.js';
import { itReads, itReadsNull, same } from '../../support/tables.js';

const nth = (unit: string, rank: number, fromEnd = false): unknown => ({ kind: 'unit', unit, pick: { rank, fromEnd } });
const current = (unit: string): unknown => ({ kind: 'unit', unit, pick: 'current' });

describe('readTextEditDe: editing any text in German (issue #32 item 6)', () => {
  const positive: readonly (readonly [string, TextEdit | Record<string, unknown>])[] = [
    ...same({ kind: 'correct', splits: [{ from: 'Berlin', to: 'Bern' }] }, 'korrigiere Berlin zu Bern', 'Korrigiere Berlin zu Bern.'),
    ['ersetze Berlin durch Bern', { kind: 'correct', splits: [{ from: 'Berlin', to: 'Bern' }] }],
    ['ersetze „vielen Dank“ mit „danke“', { kind: 'correct', splits: [{ from: 'vielen Dank', to: 'danke' }] }],
    ...same({ kind: 'correct', splits: [{ from: 'Berlin', to: 'Bern' }] }, 'ändere Berlin in Bern', 'bitte korrigiere das Wort Berlin zu Bern'),
    [
      'korrigiere ging zu zu ging',
      {
        kind: 'correct',
        splits: [
          { from: 'ging', to: 'zu ging' },
          { from: 'ging zu', to: 'ging' },
        ],
      },
    ],
    ...same({ kind: 'select', place: nth('paragraph', 2) }, 'wähle den zweiten Absatz aus', 'waehle den zweiten Absatz aus', 'wähle den zweiten Absatz'),
    ['markiere das letzte Wort', { kind: 'select', place: nth('word', 1, true) }],
    ['markiere den vorletzten Satz', { kind: 'select', place: nth('sentence', 2, true) }],
    ['markiere die drittletzte Zeile', { kind: 'select', place: nth('line', 3, true) }],
    ['wähle die 3. Zeile aus', { kind: 'select', place: nth('line', 3) }],
    ['markiere Absatz 2', { kind: 'select', place: nth('paragraph', 2) }],
    ['lösche das letzte Zeichen', { kind: 'delete', place: nth('character', 1, true) }],
    ['markiere das erste Zeichen', { kind: 'select', place: nth('character', 1) }],
    ['schreibe den ersten Buchstaben groß', { kind: 'case', change: 'capitalize', place: nth('character', 1) }],
    ['gehe zum Ende des zweiten Zeichens', { kind: 'caret', edge: 'end', place: nth('character', 2) }],
    ['markiere diesen Satz', { kind: 'select', place: current('sentence') }],
    ['markiere die aktuelle Zeile', { kind: 'select', place: current('line') }],
    ['markiere das Wort', { kind: 'select', place: current('word') }],
    ['wähle von hallo bis Welt aus', { kind: 'select', place: { kind: 'span', from: 'hallo', to: 'Welt' } }],
    ...same({ kind: 'select', place: { kind: 'words', words: 'vielen Dank' } }, 'markiere die Wörter vielen Dank', 'markiere „vielen Dank“'),
    ...same({ kind: 'delete', place: nth('sentence', 1, true) }, 'lösche den letzten Satz', 'loesche den letzten Satz'),
    ['lösche das', { kind: 'delete', place: { kind: 'selection' } }],
    ['entferne das dritte Wort', { kind: 'delete', place: nth('word', 3) }],
    ['lösche das Wort sehr', { kind: 'delete', place: { kind: 'words', words: 'sehr' } }],
    ['lösche von hallo bis Welt', { kind: 'delete', place: { kind: 'span', from: 'hallo', to: 'Welt' } }],
    ['gehe zum Ende der Zeile', { kind: 'caret', edge: 'end', place: current('line') }],
    ['gehe an den Anfang des Absatzes', { kind: 'caret', edge: 'start', place: current('paragraph') }],
    ...same({ kind: 'caret', edge: 'start', place: nth('paragraph', 2) }, 'geh zum Anfang des zweiten Absatzes', 'gehe zum Anfang von Absatz 2'),
    ['setze den Cursor ans Ende des Satzes', { kind: 'caret', edge: 'end', place: current('sentence') }],
    ['springe zum Ende der letzten Zeile', { kind: 'caret', edge: 'end', place: nth('line', 1, true) }],
    ['gehe zum Ende des Textes', { kind: 'caret', edge: 'end', place: { kind: 'whole' } }],
    ['gehe zum Ende des Wortes Danke', { kind: 'caret', edge: 'end', place: { kind: 'words', words: 'Danke' } }],
    ...same({ kind: 'case', change: 'capitalize', place: { kind: 'selection' } }, 'schreibe das groß', 'schreibe das gross'),
    ['schreibe das in Großbuchstaben', { kind: 'case', change: 'upper', place: { kind: 'selection' } }],
    ['schreibe den ersten Satz klein', { kind: 'case', change: 'lower', place: nth('sentence', 1) }],
    ['schreibe das Wort berlin groß', { kind: 'case', change: 'capitalize', place: { kind: 'words', words: 'berlin' } }],
    ...same({ kind: 'insert', text: 'hallo', edge: 'start', place: { kind: 'words', words: 'Welt' } }, 'füge hallo vor Welt ein', 'fuege hallo vor Welt ein'),
    ['füge „sehr “ nach dem Wort so ein', { kind: 'insert', text: 'sehr ', edge: 'end', place: { kind: 'words', words: 'so' } }],
    ['füge „Grüße“ hinter dem letzten Satz ein', { kind: 'insert', text: 'Grüße', edge: 'end', place: nth('sentence', 1, true) }],
    ['füge vor Welt ein', { kind: 'caret', edge: 'start', place: { kind: 'words', words: 'Welt' } }],
    ['tippe „Liebe Anna,“ am Anfang von Notizen', { kind: 'insert', text: 'Liebe Anna,', edge: 'start', place: { kind: 'whole' }, field: 'Notizen' }],
    ['tippe „Hallo“ am Ende vom Feld Notizen', { kind: 'insert', text: 'Hallo', edge: 'end', place: { kind: 'whole' }, field: 'Notizen' }],
    ['schreibe „P.S.“ am Ende', { kind: 'insert', text: 'P.S.', edge: 'end', place: { kind: 'whole' } }],
    ['schreibe Hallo am Ende der Zeile', { kind: 'insert', text: 'Hallo', edge: 'end', place: current('line') }],
    ['tippe Liebe Grüße an den Anfang des zweiten Absatzes', { kind: 'insert', text: 'Liebe Grüße', edge: 'start', place: nth('paragraph', 2) }],
    ['füge Hallo am Anfang ein', { kind: 'insert', text: 'Hallo', edge: 'start', place: { kind: 'whole' } }],
    // Before and after words of a named field: the field said to be one, or quoted.
    ...same(
      { kind: 'insert', text: 'sehr ', edge: 'start', place: { kind: 'words', words: 'Welt' }, field: 'Notizen' },
      'tippe „sehr “ vor Welt im Feld Notizen',
      'füge „sehr “ vor Welt in dem Feld Notizen ein',
      'fuege „sehr “ vor Welt im Feld „Notizen“ ein',
    ),
    [
      'füge Grüße nach hallo ins Textfeld Betreff ein',
      { kind: 'insert', text: 'Grüße', edge: 'end', place: { kind: 'words', words: 'hallo' }, field: 'Betreff' },
    ],
    ['tippe „!“ hinter dem letzten Satz im Feld Notizen', { kind: 'insert', text: '!', edge: 'end', place: nth('sentence', 1, true), field: 'Notizen' }],
    ['füge hallo nach Welt in „Notizen“ ein', { kind: 'insert', text: 'hallo', edge: 'end', place: { kind: 'words', words: 'Welt' }, field: 'Notizen' }],
    // A bare "in Berlin" is words of the text, not a field.
    ['füge hallo nach Grüße in Berlin ein', { kind: 'insert', text: 'hallo', edge: 'end', place: { kind: 'words', words: 'Grüße in Berlin' } }],
  ];
  itReads('%s', readTextEditDe, positive);

  // Phrases of other readers, that say too little, or that would change everything at once: never an edit.
  const mustNotMatch = [
    'lösche alles',
    'lösche den Text',
    'lösche den ganzen Text',
    'lösche das Feld',
    'entferne alles',
    'wähle alles aus',
    'alles auswählen',
    'wähle das aus',
    'markiere Paris',
    'lösche',
    'lösche die Datei Bericht',
    'lösche Bericht.txt',
    'ich korrigiere Berlin zu Bern',
    'kannst du das korrigieren',
    'korrigiere',
    'korrigiere Berlin',
    'ersetze Berlin',
    'gehe zum Ende',
    'gehe zum Anfang',
    'gehe zum Ende der Seite',
    'gehe zu Zeile 10',
    'gehe zu Firefox',
    'markiere die zwanzigste Zeile',
    'markiere den großen Absatz',
    'wähle die 1000. Zeile aus',
    'schreibe das',
    'schreibe groß',
    'schreibe Paris groß',
    'schreibe Hallo Welt',
    // Words of the text, not a place: typed as said by the type verb.
    'schreibe bis morgen am Ende',
    'tippe Hallo am Ende von Notizen',
    'schreibe komm nach Hause',
    'schreibe vor dem Essen',
    // Unquoted text after „tippe“ beside unquoted words: a field named after it does not make them a place.
    'tippe sehr vor Welt im Feld Notizen',
    'füge',
    'füge vor ein',
    'füge eine Zeile ein',
    'tippe „x“ vor von a bis b',
    'tippe „x“ am Anfang von das',
    'klicke auf den zweiten Absatz',
  ];
  itReadsNull('%s is not an edit', readTextEditDe, mustNotMatch);
});

describe('readTextEditIn: the language setting chooses', () => {
  it('reads German with German set, and English too (its verbs are no German words)', () => {
    expect(readTextEditIn('lösche den letzten Satz', 'de')).toEqual({ kind: 'delete', place: nth('sentence', 1, true) });
    expect(readTextEditIn('delete the last sentence', 'de')).toEqual(readTextEdit('delete the last sentence'));
  });
  it('reads no German with English set or none', () => {
    expect(readTextEditIn('lösche den letzten Satz', 'en')).toBeNull();
    expect(readTextEditIn('korrigiere Berlin zu Bern', undefined)).toBeNull();
    expect(readTextEditIn('correct Berlin to Bern', 'en')).toEqual({ kind: 'correct', splits: [{ from: 'Berlin', to: 'Bern' }] });
  });
});
