/**
 * The German grammar's whole phrases (issue #32 item 6): the everyday editing and tab commands, paging,
 * the questions, scrolling's directions and amounts, and the window commands. A phrase is compared
 * whole (lowercase, single spaces, "bitte" and the final punctuation gone), as the English tables in
 * lexicon.ts are: a sentence that only contains one of these words matches nothing.
 */
import type { WindowAction } from '../../../shared/window-actions.js';
import type { EverydayCommand, PagingCommand } from '../lexicon.js';

const each = <const T extends string>(phrases: readonly string[], value: T): Array<readonly [string, T]> => phrases.map((p) => [p, value] as const);

/** Undo, copy, paste…: each the shortcut nearly every app gives it (the English table's commands). */
export const DE_EVERYDAY: ReadonlyMap<string, EverydayCommand> = new Map<string, EverydayCommand>([
  ...each(
    ['rückgängig', 'rückgängig machen', 'mach das rückgängig', 'mache das rückgängig', 'mach es rückgängig', 'das rückgängig machen', 'widerrufen'],
    'undo',
  ),
  ...each(['wiederholen', 'wiederherstellen'], 'redo'),
  ...each(['kopieren', 'kopiere', 'kopier', 'kopiere das', 'kopiere es', 'das kopieren', 'kopiere die auswahl', 'auswahl kopieren'], 'copy'),
  ...each(['ausschneiden', 'schneide aus', 'schneide das aus', 'schneide es aus', 'das ausschneiden', 'auswahl ausschneiden'], 'cut'),
  ...each(['einfügen', 'füge ein', 'füge es ein', 'füge das ein', 'füge hier ein', 'hier einfügen', 'das einfügen'], 'paste'),
  ...each(['alles auswählen', 'wähle alles aus', 'wähle alles', 'alles markieren', 'markiere alles'], 'select_all'),
  ...each(
    ['speichern', 'speichere', 'speicher', 'speichere das', 'speichere die datei', 'datei speichern', 'dokument speichern', 'änderungen speichern'],
    'save',
  ),
  ...each(['suchen', 'auf der seite suchen', 'in der seite suchen', 'suche auf der seite'], 'find'),
  ...each(['neuer tab', 'neuen tab', 'neuen tab öffnen', 'öffne einen neuen tab', 'öffne neuen tab', 'neuer reiter'], 'new_tab'),
  ...each(['tab schließen', 'schließe den tab', 'schließ den tab', 'schließe diesen tab', 'diesen tab schließen', 'reiter schließen'], 'close_tab'),
]);

/**
 * Formatting the selection (the English "bold that", formatting.ts): the word processors' shortcut key
 * for bold, italic or underline, pressed on what is selected. Only the selection: „mach das Wort fett“
 * names a text the grammar cannot place.
 */
const SELECTED = ['das', 'es', 'die auswahl', 'den markierten text'];
const formatted = (adjective: string): string[] =>
  SELECTED.flatMap((s) => [`mach ${s} ${adjective}`, `mache ${s} ${adjective}`, `${s} ${adjective} machen`, `formatiere ${s} ${adjective}`]);
export const DE_FORMATTING: ReadonlyMap<string, 'b' | 'i' | 'u'> = new Map([
  ...each(formatted('fett'), 'b'),
  ...each(formatted('kursiv'), 'i'),
  ...each([...formatted('unterstrichen'), ...SELECTED.flatMap((s) => [`unterstreiche ${s}`, `unterstreich ${s}`, `${s} unterstreichen`])], 'u'),
]);

/** The verbs of scrolling and turning pages said before a page or an end ("scrolle eine Seite runter"). */
const PAGE_VERBS = ['scrolle', 'scroll', 'blättere', 'blättre'];

/** "scrolle ganz nach unten", "scrolle bis ganz runter", "blättere zum Ende": an end, by every verb of scrolling. */
function toEnd(way: string, short: string, end: string): string[] {
  const ends = [`ganz nach ${way}`, `bis ganz nach ${way}`, `nach ganz ${way}`, `ganz ${short}`, `bis ganz ${short}`, `zum ${end}`, `bis zum ${end}`];
  return PAGE_VERBS.flatMap((v) => ends.map((e) => `${v} ${e}`));
}

/** A page down or up (the key), the top or the bottom (the platform's key). */
export const DE_PAGING: ReadonlyMap<string, PagingCommand> = new Map<string, PagingCommand>([
  ...(['unten', 'oben'] as const).flatMap((way) => {
    const command: PagingCommand = way === 'unten' ? 'page_down' : 'page_up';
    const short = way === 'unten' ? 'runter' : 'hoch';
    const page = [`seite nach ${way}`, `seite ${short}`, `eine seite nach ${way}`, `eine seite ${short}`];
    // "blättere eine Seite weiter" turns a page forward; "zurück" back.
    const turned = way === 'unten' ? 'weiter' : 'zurück';
    return each([...page, ...PAGE_VERBS.flatMap((v) => [...page.slice(2), `eine seite ${turned}`].map((p) => `${v} ${p}`))], command);
  }),
  ...each(['ganz nach oben', 'nach ganz oben', 'zum anfang', 'gehe zum anfang', 'geh zum anfang', ...toEnd('oben', 'hoch', 'anfang')], 'top'),
  ...each(['ganz nach unten', 'nach ganz unten', 'zum ende', 'gehe zum ende', 'geh zum ende', ...toEnd('unten', 'runter', 'ende')], 'bottom'),
]);

/** The questions the grammar answers by looking: what is open, which app is in front, what is on screen. */
export const DE_QUESTIONS: ReadonlyMap<string, 'list_applications' | 'get_frontmost_app' | 'get_screen_elements'> = new Map([
  ...['apps', 'programme', 'anwendungen'].flatMap((w) =>
    each(
      [`welche ${w} sind offen`, `welche ${w} sind geöffnet`, `welche ${w} laufen`, `zeige die offenen ${w}`, `zeig die offenen ${w}`],
      'list_applications' as const,
    ),
  ),
  ...each(['was ist offen', 'was ist geöffnet', 'was läuft', 'liste die apps auf', 'offene apps'], 'list_applications' as const),
  ...each(
    [
      'welche app ist das',
      'welches programm ist das',
      'welche app ist vorne',
      'welche app ist im vordergrund',
      'welches programm ist im vordergrund',
      'welche app ist aktiv',
      'in welcher app bin ich',
      'in welchem programm bin ich',
    ],
    'get_frontmost_app' as const,
  ),
  ...each(
    [
      'was ist auf dem bildschirm',
      'was ist auf dem schirm',
      'was kann ich klicken',
      'was kann ich anklicken',
      'was kann ich drücken',
      'zeige die elemente',
      'zeig die elemente',
      'liste die elemente auf',
      'welche elemente gibt es',
    ],
    'get_screen_elements' as const,
  ),
]);

/** Scrolling's directions, one or two words ("nach unten", "runter"); "scroll down" as English says it too, since "scroll" is both. */
export const DE_SCROLL_DIRECTIONS: ReadonlyMap<string, 'up' | 'down' | 'left' | 'right'> = new Map([
  ...each(['nach unten', 'runter', 'herunter', 'hinunter', 'abwärts', 'unten', 'down'], 'down' as const),
  ...each(['nach oben', 'hoch', 'herauf', 'hinauf', 'rauf', 'aufwärts', 'oben', 'up'], 'up' as const),
  ...each(['nach links', 'links', 'left'], 'left' as const),
  ...each(['nach rechts', 'rechts', 'right'], 'right' as const),
]);
/** "ein bisschen": the default amount. */
export const DE_SCROLL_SMALL: ReadonlySet<string> = new Set([
  ...['ein bisschen', 'ein wenig', 'etwas', 'ein stück', 'leicht', 'ein kleines bisschen', 'ein klein wenig', 'ein kleines stück'],
  ...['noch ein bisschen', 'noch ein wenig', 'noch etwas', 'noch ein stück', 'etwas mehr', 'ein bisschen mehr'],
  ...['weiter', 'etwas weiter', 'ein bisschen weiter', 'ein wenig weiter', 'ein stück weiter', 'noch weiter', 'noch etwas weiter'],
]);
/** Words after a count that say what is counted ("3 Zeilen", "3 mal"). */
export const DE_SCROLL_UNITS: ReadonlySet<string> = new Set(['mal', 'zeilen', 'zeile', 'schritte', 'schritt', 'klicks', 'stufen']);

const FRONT_WINDOW = ['', ' fenster', ' das fenster', ' dieses fenster', ' das aktuelle fenster'];
const FRONT_WINDOW_FIRST = ['', 'fenster ', 'das fenster ', 'dieses fenster '];

/** "maximiere [das Fenster]" and "[das Fenster] maximieren"; `window`: the window must be said. */
function frontWindow(imperatives: readonly string[], infinitive: string, window = false): string[] {
  const objects = window ? FRONT_WINDOW.slice(1) : FRONT_WINDOW;
  const first = window ? FRONT_WINDOW_FIRST.slice(1) : FRONT_WINDOW_FIRST;
  return [...imperatives.flatMap((v) => objects.map((o) => `${v}${o}`)), ...first.map((o) => `${o}${infinitive}`)];
}

const SNAP = (side: 'links' | 'rechts'): string[] => {
  const half = side === 'links' ? 'linke' : 'rechte';
  const places = [`nach ${side}`, side, `in die ${half} hälfte`, `an den ${half}n rand`, `auf die ${half} seite`];
  return [
    ...places.flatMap((p) => [`fenster ${p}`, `das fenster ${p}`]),
    ...['schiebe', 'verschiebe', 'schieb'].flatMap((v) => places.map((p) => `${v} das fenster ${p}`)),
    ...places.map((p) => `fenster ${p} schieben`),
    `${half} hälfte`,
  ];
};

/** The window commands on the front window, as whole phrases; a title is read by grammar-de.ts. */
export const DE_WINDOW: ReadonlyMap<string, WindowAction> = new Map<string, WindowAction>([
  ...each(frontWindow(['maximiere', 'maximier'], 'maximieren'), 'maximize'),
  ...each(frontWindow(['minimiere', 'minimier'], 'minimieren'), 'minimize'),
  ...each(['fenster wiederherstellen', 'das fenster wiederherstellen', 'stelle das fenster wieder her', 'vollbild beenden', 'vollbild verlassen'], 'restore'),
  ...each(['vollbild', 'vollbildmodus', 'vollbild an', 'in den vollbildmodus'], 'full_screen'),
  ...each(frontWindow(['schließe', 'schließ'], 'schließen', true), 'close'),
  ...each(SNAP('links'), 'snap_left'),
  ...each(SNAP('rechts'), 'snap_right'),
  ...each(
    ['bildschirm', 'monitor'].flatMap((m) => [
      `fenster auf den anderen ${m}`,
      ...['schiebe', 'verschiebe'].map((v) => `${v} das fenster auf den anderen ${m}`),
    ]),
    'other_monitor',
  ),
  ...each(['nächstes fenster', 'fenster wechseln', 'anderes fenster', 'zum nächsten fenster', 'wechsle zum nächsten fenster'], 'next_window'),
  ...each(
    ['schreibtisch', 'desktop'].flatMap((d) => [`${d} zeigen`, `${d} anzeigen`, `zeige den ${d}`, `zeig den ${d}`]),
    'show_desktop',
  ),
  ...each(['hineinzoomen', 'reinzoomen', 'zoom rein', 'vergrößern'], 'zoom_in'),
  ...each(['herauszoomen', 'rauszoomen', 'zoom raus', 'verkleinern'], 'zoom_out'),
]);

/** "maximiere das Fenster Budget", "Fenster Budget maximieren", "wechsle zum Fenster Budget": a window by its title. */
export const DE_WINDOW_TITLED: ReadonlyArray<{ readonly lead: string; readonly tail: string; readonly action: WindowAction }> = [
  ...(['maximize', 'minimize', 'close'] as const).flatMap((action) => {
    const [imperative, infinitive] = (
      { maximize: ['maximiere', 'maximieren'], minimize: ['minimiere', 'minimieren'], close: ['schließe', 'schließen'] } as const
    )[action];
    return [
      { lead: `${imperative} das fenster`, tail: '', action },
      { lead: `${imperative} fenster`, tail: '', action },
      { lead: 'fenster', tail: infinitive, action },
      { lead: 'das fenster', tail: infinitive, action },
    ];
  }),
  ...['wechsle zum fenster', 'wechsel zum fenster', 'gehe zum fenster', 'geh zum fenster', 'zeige das fenster'].map((lead) => ({
    lead,
    tail: '',
    action: 'switch_to' as const,
  })),
];
