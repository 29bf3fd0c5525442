// What is said to the mouse grid in German (issue #32 item 6): cells as figures or German words, the
// clicks, zoom, move and drag, each read as its English phrasing is; English still counts.
import { describe, expect, it } from 'vitest';
import { gridWord } from '../../../../src/shared/grid-words.js';
import { gridGuide } from '../../../../src/intent/grammar/command-guide.js';
import { sessionCommand } from '../../../../src/shared/session-commands.js';
import { itReads, itReadsNone } from '../../../support/tables.js';

describe('German words for the mouse grid', () => {
  itReads('%s → %j', (text: string) => gridWord(text, 'de'), [
    ['fünf', { kind: 'zoom', cells: [5] }],
    ['fuenf drei', { kind: 'zoom', cells: [5, 3] }],
    ['klicke 5', { kind: 'zoom', cells: [5] }],
    ['klicke auf 5', { kind: 'zoom', cells: [5] }],
    ['Feld sieben', { kind: 'zoom', cells: [7] }],
    ['zoome auf 4', { kind: 'zoom', cells: [4] }],
    ['klicke', { kind: 'click', button: 'left', count: 1 }],
    ['klicke hier', { kind: 'click', button: 'left', count: 1 }],
    ['Doppelklick', { kind: 'click', button: 'left', count: 2 }],
    ['Rechtsklick', { kind: 'click', button: 'right', count: 1 }],
    ['5 3 klicken', { kind: 'click', button: 'left', count: 1, cells: [5, 3] }],
    ['sieben Rechtsklick', { kind: 'click', button: 'right', count: 1, cells: [7] }],
    ['bewege die Maus zu 7', { kind: 'move', cells: [7] }],
    ['ziehe von 2 nach 8', { kind: 'drag', from: [2], to: [8] }],
    ['ziehe von zwei drei auf acht', { kind: 'drag', from: [2, 3], to: [8] }],
    ['bitte klicke.', { kind: 'click', button: 'left', count: 1 }],
    // English still counts with German chosen.
    ['click 5', { kind: 'zoom', cells: [5] }],
    ['drag from 2 to 8', { kind: 'drag', from: [2], to: [8] }],
  ]);

  itReadsNone('is none of the grid’s words: %s', (text: string) => gridWord(text, 'de'), [
    'klicke auf Senden',
    'ziehe von 2',
    'bewege die Maus',
    'öffne Firefox',
    'zehn Äpfel',
    'Raster verbergen',
  ]);

  it('with English chosen, German words are not the grid’s', () => {
    expect(gridWord('fünf')).toBeUndefined();
    expect(gridWord('klicke')).toBeUndefined();
    expect(gridWord('five')).toEqual({ kind: 'zoom', cells: [5] });
  });

  it('the German grid guide lists only words the grid reads (and the session word that closes it)', () => {
    const guide = gridGuide(3, 'de');
    const [close, ...rest] = [...guide.groups].reverse();
    for (const say of rest.flatMap((g) => [...g.examples, ...g.alsoSaid])) expect(gridWord(say, 'de'), say).toBeDefined();
    expect(
      close?.examples
        .concat(close.alsoSaid)
        .filter((w) => w !== 'Esc')
        .map((w) => sessionCommand(w, 'de')),
    ).toEqual(['hide_grid', 'hide_grid']);
  });
});
