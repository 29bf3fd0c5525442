/**
 * The grammar in German (issue #32 item 6): one command of a chain → an intent, by the German word
 * tables (words.ts, phrases.ts, spelling-de.ts) over the shared readers. The same rules as the
 * English grammar: a whole phrase or a verb first ("klicke auf Senden", "öffne Firefox"), or the
 * infinitive last ("Firefox öffnen", "nach unten scrollen"); unsure means no_match; names and quoted
 * text are kept exactly as said. grammar-planner.ts calls it when the language setting is German.
 */
import type { CanonicalModifier } from '../../../shared/keys.js';
import type { Intent, Step } from '../../schema.js';
import { LIMITS } from '../../schema.js';
import type { GrammarOptions, VerbKind } from '../lexicon.js';
import { fail, ok, type Read } from '../phrases.js';
import { matchSpelling } from '../spelling.js';
import { isWord, joinTokens, stripTrailingPunctuation, type Token } from '../tokens.js';
import { everydayIntent } from '../verbs-everyday.js';
import { parseBack } from '../verbs-keys.js';
import { elementClick } from '../verbs-pointer.js';
import { pagingIntent } from '../verbs-scroll.js';
import { readWebTarget } from '../verbs-web.js';
import { foldDe, foldedMap, foldedSet, isDe, phraseDe, wordDe } from './fold.js';
import { DE_EVERYDAY, DE_FORMATTING, DE_PAGING, DE_QUESTIONS, DE_WINDOW, DE_WINDOW_TITLED } from './phrases.js';
import { readAppNameDe, readElementDe, readElementIdDe, readKeyPhraseDe, splitAppDe, splitTimesDe, withoutArticle } from './readers-de.js';
import { DE_SPELLING } from './spelling-de.js';
import { matchCellDe } from './cells-de.js';
import { parseFillDe, parseScrollDe, parseTypeDe } from './text-scroll-de.js';
import { parseDragDe, parseHoverDe, parseMoveDe } from './pointer-de.js';
import { DE_FINAL_VERBS, DE_GIVE_VERBS, DE_POLITE, DE_SAME_IN_ENGLISH, DE_VERB_PHRASES } from './words.js';

const VERBS = [...DE_VERB_PHRASES]
  .map((v) => ({ ...v, words: v.words.map(foldDe), ...(v.optional ? { optional: v.optional.map(foldDe) } : {}) }))
  .sort((a, b) => b.words.length - a.words.length);
const FINAL_VERBS = foldedMap(DE_FINAL_VERBS);
const POLITE = foldedSet(DE_POLITE);
const GIVE = foldedSet(DE_GIVE_VERBS);
const EVERYDAY = foldedMap(DE_EVERYDAY);
const FORMATTING = foldedMap(DE_FORMATTING);
const PAGING = foldedMap(DE_PAGING);
const QUESTIONS = foldedMap(DE_QUESTIONS);
const WINDOW = foldedMap(DE_WINDOW);
const TITLED = DE_WINDOW_TITLED.map((t) => ({ ...t, lead: t.lead.split(' ').map(foldDe), tail: t.tail === '' ? [] : [foldDe(t.tail)] }));
const EVERYDAY_FIRST = new Set([...EVERYDAY.keys()].map((p) => p.split(' ')[0] as string));
const TAP = foldedSet(['tippe', 'tipp', 'tippen']);
const AUF = foldedSet(['auf']);
const THEN = foldedSet(['dann', 'danach', 'anschließend']);
const AND = foldedSet(['und', ',', ';']);
const IN = foldedSet(['in']);
const SITE = foldedSet(['webseite', 'website', 'seite', 'adresse']);
const SAME_IN_ENGLISH = foldedSet(DE_SAME_IN_ENGLISH);

/** The command begins (after a "bitte") with a word English spells the same: English may read what German did not. */
export function startsSameInEnglish(tokens: readonly Token[]): boolean {
  const first = tokens.find((t) => !isDe(t, POLITE) && !isWord(t, ','));
  return isDe(first, SAME_IN_ENGLISH);
}

/** The verb at tokens[i] and where its object starts, or null. */
function matchVerbDe(tokens: readonly Token[], i: number): { kind: VerbKind; next: number } | null {
  for (const verb of VERBS) {
    if (!verb.words.every((w, k) => wordDe(tokens[i + k]) === w)) continue;
    const next = i + verb.words.length;
    return { kind: verb.kind, next: next + (verb.optional && verb.optional.includes(wordDe(tokens[next]) ?? '') ? 1 : 0) };
  }
  return null;
}

/**
 * A German chain: "dann" always separates ("öffne Firefox, dann tippe …"); "und", a comma or a
 * sentence's end only when a verb follows, or an everyday command after one ("alles auswählen und
 * kopieren"), so a label like "Speichern und Schließen" stays whole.
 */
export function splitChainDe(tokens: readonly Token[]): Token[][] {
  const parts: Token[][] = [];
  let current: Token[] = [];
  const close = (): void => {
    while (current.length > 0 && isDe(current[current.length - 1], AND)) current.pop();
    if (current.length > 0 && !current.every((t) => isDe(t, POLITE))) parts.push(current);
    current = [];
  };
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i] as Token;
    if (isDe(t, THEN)) {
      close();
      continue;
    }
    const everydayNext = EVERYDAY_FIRST.has(wordDe(tokens[i + 1]) ?? '') && EVERYDAY.has(phraseDe(current) ?? '');
    if (isDe(t, AND) && (matchVerbDe(tokens, i + 1) !== null || everydayNext)) {
      close();
      continue;
    }
    current.push(t);
    const last = t.raw[t.raw.length - 1];
    if (!t.quoted && t.raw.length > 1 && (last === '.' || last === '!') && matchVerbDe(tokens, i + 1) !== null) close();
  }
  parts.push(current);
  return parts;
}

/** "bitte" before or after, "danke" after, and the final punctuation; whether a politeness word ended it. */
function stripPoliteDe(command: string, tokens: readonly Token[]): { tokens: Token[]; politeTail: boolean } {
  let out = stripTrailingPunctuation(command, tokens);
  while (isDe(out[0], POLITE) || isWord(out[0], ',')) out = out.slice(1);
  let politeTail = false;
  while (out.length > 0 && (isDe(out[out.length - 1], POLITE) || isWord(out[out.length - 1], ','))) {
    out = stripTrailingPunctuation(command, out.slice(0, -1));
    politeTail = true;
  }
  return { tokens: out, politeTail };
}

/** One German command → an intent, or why not. */
export function parseSegmentDe(command: string, raw: readonly Token[], options: GrammarOptions): Read<Intent> {
  const { tokens, politeTail } = stripPoliteDe(command, raw);
  if (tokens.length === 0) return fail('empty command');
  const spelled = matchSpelling(tokens, DE_SPELLING);
  if (spelled !== null) return spelled;
  const cell = matchCellDe(joinTokens(command, tokens));
  if (cell !== null) return cell;
  const whole = wholePhrase(command, tokens, options);
  if (whole !== null) return whole;
  const given = matchGiveDe(tokens);
  if (given !== null) return parseTypeDe(command, given, politeTail);
  const verb = matchVerbDe(tokens, 0);
  if (verb !== null) return parseVerb(command, verb.kind, tokens, tokens.slice(verb.next), options, politeTail);
  // The infinitive last: "Firefox öffnen", "auf Senden klicken", "nach unten scrollen".
  const final = FINAL_VERBS.get(wordDe(tokens[tokens.length - 1]) ?? '');
  if (final !== undefined && tokens.length > 1) return parseFinal(command, final, tokens.slice(0, -1), options);
  return fail('no command verb recognised');
}

/** The commands said as a whole phrase: questions, paging, everyday, windows. */
function wholePhrase(command: string, tokens: readonly Token[], options: GrammarOptions): Read<Intent> | null {
  const phrase = phraseDe(tokens);
  const question = phrase === null ? undefined : QUESTIONS.get(phrase);
  if (question !== undefined) return ok({ intent: question });
  const paging = phrase === null ? undefined : PAGING.get(phrase);
  if (paging !== undefined) return pagingIntent(paging, options);
  const format = phrase === null ? undefined : FORMATTING.get(phrase);
  if (format !== undefined)
    return ok({ intent: 'press_key', key: format, modifiers: [options.platform === 'linux' || options.platform === 'windows' ? 'ctrl' : 'cmd'] });
  const everyday = everydayIn(tokens);
  if (everyday !== null) return everyday.ok ? everydayIntent(everyday.value.command, options, everyday.value.app) : everyday;
  const action = phrase === null ? undefined : WINDOW.get(phrase);
  if (action !== undefined) return ok({ intent: 'window_command', action });
  return titledWindow(command, tokens);
}

/** An everyday command, optionally "in <App>" ("rückgängig in Writer"); null when the words are none. */
function everydayIn(tokens: readonly Token[]) {
  const command = EVERYDAY.get(phraseDe(tokens) ?? '');
  if (command !== undefined) return ok({ command, app: undefined });
  const k = tokens.findLastIndex((t) => isDe(t, IN));
  const head = k > 0 ? EVERYDAY.get(phraseDe(tokens.slice(0, k)) ?? '') : undefined;
  if (head === undefined) return null;
  const app = readAppNameDe(tokens.slice(k + 1));
  return app.ok ? ok({ command: head, app: app.value }) : app;
}

/** "maximiere das Fenster Budget", "Fenster Budget schließen", "wechsle zum Fenster „Bericht“". */
function titledWindow(command: string, tokens: readonly Token[]): Read<Intent> | null {
  for (const t of TITLED) {
    const end = tokens.length - t.tail.length;
    if (end <= t.lead.length) continue;
    if (!t.lead.every((w, i) => wordDe(tokens[i]) === w) || !t.tail.every((w, i) => wordDe(tokens[end + i]) === w)) continue;
    const words = tokens.slice(t.lead.length, end);
    const title = words.length === 1 && words[0]?.quoted ? words[0].raw : joinTokens(command, words);
    return ok({ intent: 'window_command', action: t.action, title });
  }
  return null;
}

function parseVerb(
  command: string,
  kind: VerbKind,
  tokens: readonly Token[],
  rest: readonly Token[],
  options: GrammarOptions,
  politeTail: boolean,
): Read<Intent> {
  // "tippe auf Senden" taps it; "tippe „auf“" types the word.
  if (kind === 'type' && isDe(tokens[0], TAP) && isDe(rest[0], AUF)) return click(command, 'click', rest.slice(1));
  switch (kind) {
    case 'open':
      return open(rest);
    case 'click':
    case 'double':
    case 'right':
      return click(command, kind, rest);
    case 'press':
      return press(command, rest);
    case 'type':
      return parseTypeDe(command, rest, politeTail);
    case 'fill':
      return parseFillDe(command, rest, politeTail);
    case 'scroll':
      return parseScrollDe(rest);
    case 'move':
      return parseMoveDe(command, rest);
    case 'hover':
      return parseHoverDe(command, rest);
    case 'drag':
      return parseDragDe(command, rest);
    case 'back':
    case 'forward':
      return parseBack(rest, options, kind);
    case 'web':
      return readWebTarget(withoutArticle(rest)) ?? fail('visit what? say a web address');
    default:
      return fail('this verb has no German reading');
  }
}

/** The infinitive said last: only the shapes that cannot be a sentence about something else. */
function parseFinal(command: string, kind: VerbKind, head: readonly Token[], options: GrammarOptions): Read<Intent> {
  switch (kind) {
    case 'open':
      return open(head);
    case 'click':
    case 'double':
    case 'right':
      return click(command, kind, isDe(head[0], AUF) ? head.slice(1) : head);
    case 'press': {
      const key = readKeyPhraseDe(head);
      return key === null ? fail('press which key?') : key.ok ? ok({ intent: 'press_key', key: key.value.key, ...mods(key.value.modifiers) }) : key;
    }
    case 'type':
      // "„Hallo“ schreiben", "„Hallo“ in das Feld Name eingeben": the text is quoted.
      return head[0]?.quoted ? parseTypeDe(command, head, false) : fail('quote the text to type');
    case 'scroll':
      return parseScrollDe(head);
    case 'web':
      return readWebTarget(withoutArticle(head)) ?? fail('visit what? say a web address');
    default:
      return parseVerb(command, kind, head, [], options, false);
  }
}

/** öffne <Web-Adresse | App>; "öffne die Webseite example.com". */
function open(rest: readonly Token[]): Read<Intent> {
  if (rest.length === 0) return fail('open what? name an application');
  const web = readWebTarget(withoutSiteWords(rest));
  if (web !== null) return web;
  const app = readAppNameDe(rest);
  return app.ok ? ok({ intent: 'open_application', app: app.value }) : app;
}

function withoutSiteWords(rest: readonly Token[]): readonly Token[] {
  const words = withoutArticle(rest);
  return isDe(words[0], SITE) && words.length > 1 ? words.slice(1) : rest;
}

function click(command: string, kind: 'click' | 'double' | 'right', rest: readonly Token[]): Read<Intent> {
  if (rest.length === 0) return fail('click what?');
  const element = readElementDe(command, rest);
  return element.ok ? elementClick(kind, element.value) : element;
}

const mods = (modifiers: CanonicalModifier[]): { modifiers?: CanonicalModifier[] } => (modifiers.length > 0 ? { modifiers } : {});

/** drücke <Taste> [N mal] [in App] | drücke [auf] <Element>. */
function press(command: string, rest: readonly Token[]): Read<Intent> {
  if (rest.length === 0) return fail('press what?');
  if (isDe(rest[0], AUF)) return click(command, 'click', rest.slice(1));
  const id = readElementIdDe(rest);
  if (id !== null) return id.ok ? ok({ intent: 'click_element', element: { id: id.value } }) : id;
  const times = splitTimesDe(rest);
  const body = times === null ? rest : times.rest;
  const split = splitAppDe(body);
  const keyWords = split !== null && split.ok ? split.value.head : body;
  const key = readKeyPhraseDe(keyWords);
  if (key !== null && !key.ok) return key;
  if (key !== null) {
    const count = times?.count ?? 1;
    if (count < 1 || count > LIMITS.sequenceMax) return fail(`a key can be repeated 1 to ${LIMITS.sequenceMax} times`);
    const step: Step = {
      intent: 'press_key',
      key: key.value.key,
      ...mods(key.value.modifiers),
      ...(split !== null && split.ok ? { app: split.value.app } : {}),
    };
    return ok(count === 1 ? step : { intent: 'sequence', steps: Array.from({ length: count }, () => step) });
  }
  if (times !== null) return fail('only keys can be repeated');
  return click(command, 'click', rest);
}

/** "gib „Hallo“ ein": typing, its particle at the end. */
function matchGiveDe(tokens: readonly Token[]): readonly Token[] | null {
  return isDe(tokens[0], GIVE) && wordDe(tokens[tokens.length - 1]) === 'ein' && tokens.length > 2 ? tokens.slice(1, -1) : null;
}
