/**
 * German risk words (issue #32 item 6): the labels of a German interface, at the level of their
 * English counterparts (en.ts). They apply whatever language the assistant speaks, since a German
 * app can run while it speaks English. As in English only infinitives and imperatives are listed,
 * never the participles that name places ("Gelöschte Elemente", "Gesendet", "Papierkorb"). Each
 * phrase also counts spelled without umlauts ("Loeschen", "Zuruecksetzen", "schliessen"); the
 * matcher reads the look-alike skeleton of the umlaut itself ("Lösсhen" with a Cyrillic с).
 */
import { withUmlautSpellings } from '../../shared/text/umlauts.js';
import { destructive, moderate, type WordRule } from './word-rule.js';

const de = withUmlautSpellings;

export const DE_LABEL_RULES: readonly WordRule[] = [
  ...destructive(
    de(['löschen', 'alle löschen', 'endgültig löschen', 'entfernen', 'alle entfernen', 'vernichten', 'zerstören', 'ausradieren']),
    'delete something for good',
  ),
  ...destructive(
    de(['papierkorb leeren', 'mülleimer leeren', 'in den papierkorb', 'in den papierkorb verschieben', 'in den papierkorb legen']),
    'delete files',
  ),
  ...destructive(de(['nicht speichern', 'nicht sichern', 'ohne speichern', 'verwerfen', 'änderungen verwerfen']), 'throw away unsaved work'),
  ...destructive(
    de(['formatieren', 'zurücksetzen', 'auf werkseinstellungen zurücksetzen', 'überschreiben', 'ersetzen', 'alle ersetzen']),
    'overwrite or erase data',
  ),
  ...destructive(
    de(['senden', 'absenden', 'abschicken', 'versenden', 'verschicken', 'einreichen', 'veröffentlichen', 'posten']),
    'send something that cannot be taken back',
  ),
  ...destructive(
    de([
      'kaufen',
      'jetzt kaufen',
      'bezahlen',
      'jetzt bezahlen',
      'jetzt zahlen',
      'bestellen',
      'jetzt bestellen',
      'zahlungspflichtig bestellen',
      'kostenpflichtig bestellen',
      'bestellung aufgeben',
      'zur kasse',
      'abonnieren',
      'spenden',
      'überweisen',
    ]),
    'spend money',
  ),
  ...destructive(de(['abmelden', 'ausloggen']), 'end your session'),
  ...destructive(de(['beenden', 'sofort beenden', 'beenden erzwingen', 'task beenden', 'prozess beenden']), 'close an app and lose unsaved work'),
  ...destructive(de(['herunterfahren', 'ausschalten', 'neu starten', 'neustarten', 'neustart']), 'turn off or restart the computer'),
  ...destructive(
    de(['deinstallieren', 'deaktivieren', 'widerrufen', 'konto löschen', 'konto schließen', 'konto kündigen', 'kündigen']),
    'remove an app or an account',
  ),
  ...moderate(de(['archivieren', 'abbestellen', 'blockieren', 'melden', 'ablehnen', 'zurückweisen']), 'change something that is hard to undo'),
  ...moderate(de(['installieren', 'erlauben', 'zulassen', 'gewähren', 'akzeptieren', 'zustimmen', 'annehmen']), 'grant access or install software'),
  ...moderate(de(['sperren', 'bildschirm sperren', 'ruhezustand']), 'lock or sleep the computer'),
];

/** Words that make a drop target destructive: dragging onto them deletes. */
export const DE_DROP_TARGET_WORDS: readonly string[] = de(['papierkorb', 'mülleimer', 'löschen']);

/** A dialog's answers that take nothing further (the whole label). */
export const DE_DECLINING_ANSWERS: readonly string[] = de([
  'abbrechen',
  'nein',
  'behalten',
  'schließen',
  'nicht jetzt',
  'später',
  'überspringen',
  'zurück',
  'hilfe',
  'bleiben',
]);

/** Labels of items and buttons that paste ("Einfügen", "Als Text einfügen"). */
export const DE_PASTE_ITEM_WORDS: readonly string[] = ['einfügen', 'einfuegen'];
