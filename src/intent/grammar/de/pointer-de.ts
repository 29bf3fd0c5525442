/**
 * The mouse in German (issue #32 item 6): "bewege die Maus zu Senden", "bewege die Maus auf 640, 400",
 * "fahre mit der Maus über Senden", "ziehe Bericht nach Archiv", "ziehe von 100, 200 nach 300, 400".
 * A place is a point, an overlay number said with "Nummer", a rank, or a name; a lone number may be
 * half of a point, so it is no place (as in English).
 */
import type { Intent } from '../../schema.js';
import { fail, ok, readPoint, type PlaceTarget, type Read } from '../phrases.js';
import type { Token } from '../tokens.js';
import { foldedSet, isDe, wordDe } from './fold.js';
import { readElementIdDe, readLabelDe, readNumberDe, readOrdinalDe, withoutArticle } from './readers-de.js';

const POINTER = foldedSet(['maus', 'mauszeiger', 'zeiger']);
const TO = foldedSet(['zu', 'zum', 'zur', 'auf', 'über', 'nach']);
const DRAG_TO = foldedSet(['nach', 'auf', 'zu', 'zum', 'zur', 'in']);
const FROM = foldedSet(['von', 'vom']);
const NUMBER_NOUNS = foldedSet(['nummer', 'nr', 'nr.', 'element']);

/** A place for the mouse or a drag end. */
export function readPlaceDe(command: string, tokens: readonly Token[]): Read<PlaceTarget> {
  const words = withoutArticle(tokens);
  const lone = readNumberDe(words, 0);
  if (lone !== null && lone.next === words.length) return fail('a lone number: say "Nummer 12" for an element or "x, y" for a point');
  const point = readPoint(words);
  if (point !== null) return point;
  const ranked = readOrdinalDe(words);
  if (ranked !== null) return ranked;
  if (isDe(words[0], NUMBER_NOUNS)) {
    const id = readElementIdDe(words);
    if (id !== null) return id.ok ? ok({ id: id.value }) : id;
  }
  return readLabelDe(command, words);
}

/** bewege die Maus zu|auf|über <Ort>; `rest` is what follows the verb. */
export function parseMoveDe(command: string, rest: readonly Token[]): Read<Intent> {
  const words = withoutArticle(rest);
  if (!isDe(words[0], POINTER)) return fail('move what? say "bewege die Maus zu …"');
  if (!isDe(words[1], TO)) return fail('move the mouse where? say "zu <Element>" or "auf x, y"');
  const place = words.slice(2);
  if (place.length === 0) return fail('move the mouse where?');
  const to = readPlaceDe(command, place);
  return to.ok ? ok({ intent: 'move_mouse', to: to.value }) : to;
}

/** fahre mit der Maus über <Ort>. */
export function parseHoverDe(command: string, rest: readonly Token[]): Read<Intent> {
  const to = rest.length === 0 ? fail('hover over what?') : readPlaceDe(command, rest);
  return to.ok ? ok({ intent: 'move_mouse', to: to.value }) : to;
}

/** ziehe [von] <Ort> nach|auf|zu|in <Ort>: exactly one word between the two ends. */
export function parseDragDe(command: string, rest: readonly Token[]): Read<Intent> {
  const words = isDe(rest[0], FROM) ? rest.slice(1) : rest;
  const seps = words.flatMap((t, i) => (wordDe(t) !== undefined && DRAG_TO.has(wordDe(t) as string) ? [i] : []));
  if (seps.length !== 1) return fail(seps.length === 0 ? 'drag to where? say "ziehe A nach B"' : 'drag from where to where? more than one "nach"');
  const at = seps[0] as number;
  if (at === 0 || at === words.length - 1) return fail('drag from where to where?');
  const from = readPlaceDe(command, words.slice(0, at));
  if (!from.ok) return from;
  const to = readPlaceDe(command, words.slice(at + 1));
  return to.ok ? ok({ intent: 'drag', from: from.value, to: to.value }) : to;
}
