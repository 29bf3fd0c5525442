/** The grammar's key verbs: press (a key, a chord, a key in an app, N times), go back and go forward. */
import type { CanonicalModifier } from '../../shared/keys.js';
import { type Intent, LIMITS, type Step } from '../schema.js';
import { parseChord } from './chord.js';
import { BACK_KEYS, FORWARD_KEYS, type GrammarOptions } from './lexicon.js';
import { fail, ok, type Read, readAppName, readElement, readElementId, splitAppSuffix } from './phrases.js';
import { isWord, joinTokens, type Token } from './tokens.js';
import { splitRepeat } from './verbs-pointer.js';

/**
 * go back / go forward [in App]: the previous or next page of a browser or a file manager, by its key
 * (alt+left and alt+right; ⌘[ and ⌘] on a Mac, where alt+left moves the caret a word). "go back to
 * …" (an app? a page?) is no_match.
 */
export function parseBack(rest: readonly Token[], options: GrammarOptions, way: 'back' | 'forward' = 'back'): Read<Intent> {
  if (options.platform === undefined) return fail(`"go ${way}" needs the platform to choose its keys`);
  let app: string | undefined;
  if (rest.length > 0) {
    if (!isWord(rest[0], 'in') || rest.length === 1) return fail(`go ${way} where? say "go ${way}" or "go ${way} in <app>"`);
    const name = readAppName(rest.slice(1));
    if (!name.ok) return name;
    app = name.value;
  }
  const chord = (way === 'back' ? BACK_KEYS : FORWARD_KEYS)[options.platform];
  return ok({ intent: 'press_key', key: chord.key, modifiers: [...chord.modifiers], ...(app === undefined ? {} : { app }) });
}

/**
 * press / tap / hit: a key or chord when the phrase is one ("press enter", "press cmd+shift+t",
 * "press the escape key"), an element id ("press 12"), else an element ("press the delete button").
 * A phrase that was clearly meant as keys but names no key ("press cmd+shift+banana") is no_match,
 * never an element named "cmd+shift+banana".
 */
export function parsePress(command: string, rest: readonly Token[]): Read<Intent> {
  if (rest.length === 0) return fail('press what?');
  const id = readElementId(rest, true);
  if (id !== null) return id.ok ? ok({ intent: 'click_element', element: { id: id.value } }) : id;

  const repeat = splitRepeat(rest);
  const body = repeat === null ? rest : repeat.head;
  const count = repeat === null ? 1 : repeat.count;
  const split = splitAppSuffix(body, ['in']);
  const keyPhrase = split.kind === 'split' ? split.head : body;
  const key = readKeyPhrase(command, keyPhrase);
  if (key !== null && key.ok) {
    if (count < 1 || count > LIMITS.sequenceMax) return fail(`a key can be repeated 1 to ${LIMITS.sequenceMax} times`);
    const step: Step = {
      intent: 'press_key',
      key: key.value.key,
      ...(key.value.modifiers.length > 0 ? { modifiers: key.value.modifiers } : {}),
      ...(split.kind === 'split' ? { app: split.app } : {}),
    };
    return ok(count === 1 ? step : { intent: 'sequence', steps: Array.from({ length: count }, () => step) });
  }
  if (key !== null && !key.ok) return key;
  if (repeat !== null) return fail('only keys can be repeated');
  const element = readElement(command, rest, true);
  if (!element.ok) return element;
  return ok({ intent: 'click_element', element: element.value });
}

/**
 * A key phrase: [the] CHORD [key]. Returns null when the phrase is not about keys at all (so it
 * may name an element), a failure when it clearly is but names no known key.
 */
export function readKeyPhrase(command: string, tokens: readonly Token[]): Read<{ key: string; modifiers: CanonicalModifier[] }> | null {
  let words = tokens;
  if (isWord(words[0], 'the')) words = words.slice(1);
  let saidKey = false;
  if (words.length > 1 && isWord(words[words.length - 1], 'key')) {
    words = words.slice(0, -1);
    saidKey = true;
  } else if (words.length > 1 && isWord(words[0], 'key')) {
    words = words.slice(1);
    saidKey = true;
  }
  if (words.length === 0 || words.some((w) => w.quoted)) return null;
  // "the delete button" is no chord ("delete button" is no key), so it falls through to elements;
  // "shift tab" is a chord even though "tab" is also a role word.
  const chord = parseChord(joinTokens(command, words).toLowerCase());
  if (chord.ok) return ok({ key: chord.key, modifiers: chord.modifiers });
  if (chord.keyLike || saidKey) return fail(chord.reason);
  return null;
}
