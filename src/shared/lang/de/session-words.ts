/**
 * The session's own words in German (issue #32 item 6): what src/shared/session-commands.ts answers
 * before any planner — stop, pause and go on, the numbers, the mouse grid, the panel, "what can I
 * say", the user's commands and the scan's speed — as German says them. The whole text is one of
 * these phrases (lowercase, "bitte" and the final punctuation gone); each also counts written without
 * umlauts ("hoer auf").
 */

/** Each session command's German phrases (session-commands.ts checks that every command has its own). */
export const DE_SESSION_WORDS = {
  stop: ['stopp', 'stop', 'halt', 'anhalten', 'hör auf', 'aufhören', 'stopp das', 'halt stopp'],
  pause: ['pause', 'pausieren', 'pausiere', 'warte', 'warte mal', 'moment'],
  go_on: ['weiter', 'mach weiter', 'weitermachen', 'fortsetzen', 'setze fort', 'fahre fort'],
  show_numbers: ['zeige nummern', 'zeig nummern', 'zeige die nummern', 'zeig die nummern', 'nummern zeigen', 'nummern anzeigen', 'nummern einblenden'],
  hide_numbers: [
    'verstecke nummern',
    'verstecke die nummern',
    'versteck die nummern',
    'nummern verstecken',
    'nummern ausblenden',
    'blende die nummern aus',
    'nummern schließen',
  ],
  show_grid: [
    'raster zeigen',
    'zeige raster',
    'zeige das raster',
    'zeig das raster',
    'raster anzeigen',
    'raster einblenden',
    'mausraster',
    'zeige das mausraster',
  ],
  show_window_grid: ['raster im fenster', 'raster auf dem fenster', 'fensterraster', 'zeige das raster im fenster', 'zeige das raster auf dem fenster'],
  hide_grid: [
    'raster verbergen',
    'verberge das raster',
    'raster verstecken',
    'verstecke das raster',
    'raster ausblenden',
    'blende das raster aus',
    'raster schließen',
    'schließe das raster',
  ],
  show_panel: ['panel zeigen', 'zeige das panel', 'zeig das panel', 'panel anzeigen', 'hol das panel zurück', 'zeige assistive control'],
  help: [
    'was kann ich sagen',
    'was kann ich jetzt sagen',
    'was soll ich sagen',
    'hilfe',
    'befehle zeigen',
    'zeige die befehle',
    'zeig die befehle',
    'welche befehle gibt es',
  ],
  user_commands: ['meine befehle', 'zeige meine befehle', 'zeig meine befehle', 'meine befehle bearbeiten', 'meine befehle öffnen'],
  scan_slower: ['langsamer', 'langsamer scannen', 'langsamer abtasten'],
  scan_faster: ['schneller', 'schneller scannen', 'schneller abtasten'],
} as const;

/** "Do that again" in German: the last performed action once more (src/agent/session-memory.ts), whole phrases only. */
export const DE_AGAIN_WORDS: readonly string[] = [
  'nochmal',
  'noch mal',
  'nochmals',
  'noch einmal',
  'mach das nochmal',
  'mach das noch einmal',
  'mach es nochmal',
  'wiederhole das',
  'das gleiche nochmal',
];

/**
 * "Take it back" in German: the assistant's own last action reversed (src/agent/take-back.ts), whole
 * phrases only. Never „rückgängig“ or „mach das rückgängig“ alone: those are the app's own undo
 * (Ctrl+Z, the grammar's), as "undo" is in English; nor „zurück“ alone, the browser's back.
 */
export const DE_TAKE_BACK_WORDS: readonly string[] = [
  'nimm das zurück',
  'nimm es zurück',
  'nimm das wieder zurück',
  'nimm das bitte zurück',
  'das zurücknehmen',
  'zurücknehmen',
  'nimm deine letzte aktion zurück',
  'nimm die letzte aktion zurück',
  'mach deine letzte aktion rückgängig',
  'mache deine letzte aktion rückgängig',
  'mach rückgängig was du getan hast',
  'mach rückgängig was du gemacht hast',
  'mach das rückgängig was du getan hast',
];

/**
 * "Forget my choices" in German (src/agent/forget-choices.ts): what the switch scan learned the user
 * chooses, of every app or (with a `here` word after it) of the app in front. Never „vergiss es“ or
 * „vergiss das“ (they cancel a question) and never „lösche …“ (an edit of the selected text).
 */
export const DE_FORGET_CHOICES_WORDS = {
  /** Said alone (every app), or followed by a word of `everywhere` or `here`. */
  roots: ['vergiss meine auswahl', 'vergiss meine wahl', 'vergiss meine gewählten elemente', 'vergiss was ich gewählt habe', 'vergiss was ich ausgewählt habe'],
  everywhere: ['überall', 'in allen apps', 'in allen programmen'],
  here: ['hier', 'in dieser app', 'für diese app', 'in dieser anwendung', 'für diese anwendung', 'in diesem programm', 'für dieses programm'],
  /** Whole phrases in German's other orders: the infinitive last, "hier" before the object. */
  wholeEverywhere: ['meine auswahl vergessen', 'meine auswahl überall vergessen'],
  wholeHere: ['vergiss hier meine auswahl', 'meine auswahl hier vergessen'],
} as const;
