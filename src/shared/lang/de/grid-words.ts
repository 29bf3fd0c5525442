/**
 * What is said to the mouse grid in German (issue #32 item 6): each word as the English reader of
 * src/shared/grid-words.ts knows it ("klicke" is "click", "Doppelklick" "double click", "ziehe von 2
 * nach 8" "drag from 2 to 8", "bewege die Maus zu 7" "move the mouse to 7"); numbers as words become
 * figures. Each word also counts written without umlauts.
 */
export const DE_GRID_WORDS: Readonly<Record<string, string>> = {
  klicke: 'click',
  klick: 'click',
  klicken: 'click',
  linksklick: 'left click',
  doppelklick: 'double click',
  doppelklicke: 'double click',
  doppelklicken: 'double click',
  dreifachklick: 'triple click',
  rechtsklick: 'right click',
  rechtsklicke: 'right click',
  rechtsklicken: 'right click',
  hier: 'here',
  da: 'there',
  dort: 'there',
  es: 'it',
  feld: 'cell',
  zelle: 'cell',
  zoome: 'zoom',
  ziehe: 'drag',
  zieh: 'drag',
  ziehen: 'drag',
  von: 'from',
  nach: 'to',
  auf: 'to',
  zu: 'to',
  bewege: 'move',
  beweg: 'move',
  die: 'the',
  den: 'the',
  maus: 'mouse',
  mauszeiger: 'pointer',
  zeiger: 'pointer',
};

/** Words dropped where German puts them and English does not: "klicke auf 5", "zoome in 5". */
export const DE_GRID_DROPPED_AFTER: Readonly<Record<string, readonly string[]>> = { click: ['auf'], zoom: ['auf', 'in'] };
