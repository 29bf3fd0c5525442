/**
 * The grammar planner: the offline, deterministic fast path from a command to an intent.
 *
 * It understands the commands people say most ("open Safari", "click the Send button", "press
 * cmd+shift+t", "type "hello"", "scroll down 3", "click 12", ...) and answers `no_match` for
 * everything else, including every phrase it could read two ways: the LLM planner gets those. It
 * never throws, looks at no more than MAX_COMMAND_LENGTH characters, and every intent it returns
 * has passed the intent schema. The rules that decide what is deliberately no_match are recorded
 * in docs/decisions.md under "(grammar)".
 */
import { Intent, LIMITS, type Step } from '../schema.js';
import type { CanonicalModifier } from '../../shared/keys.js';
import { MAX_COMMAND_LENGTH, unsafeText } from '../../shared/limits.js';
import type { Role } from '../../shared/roles.js';
import { looksLikeChord, parseChord } from './chord.js';
import { matchCellCommand } from './cells.js';
import { matchFormatting } from './formatting.js';
import { REPEAT_WORDS, TEXT_TARGET_ROLES } from './lexicon.js';
import {
  fail,
  numberedLabelRole,
  ok,
  readAppName,
  readElement,
  readElementId,
  readLabel,
  readNumber,
  readPlace,
  readPoint,
  splitAppSuffix,
  type Read,
} from './phrases.js';
import { isWord, joinTokens, stripTrailingPunctuation, tokenize, type Token } from './tokens.js';

export type GrammarResult =
  | { kind: 'intent'; intent: Intent }
  /** `reason` is short and for logs and debugging, e.g. "no command verb recognised". */
  | { kind: 'no_match'; reason: string };


function noMatch(reason: string): GrammarResult {
  return { kind: 'no_match', reason };
}

/** What the grammar needs to know about the computer it plans for. */
export interface GrammarOptions {
  /**
   * The platform, for the few commands whose keys differ ("go back": alt+left, ⌘[ on a Mac).
   * Without it those commands are no_match: the grammar does not guess the platform.
   */
  readonly platform?: 'macos' | 'linux' | 'windows';
}

/**
 * Parse one command into an intent, or say why not. Never throws.
 */
export function parseCommand(text: string, options: GrammarOptions = {}): GrammarResult {
  try {
    return parseChecked(text, options);
  } catch {
    // A bug here must cost the user an LLM round trip, never a crash of the assistant.
    return noMatch('the grammar failed on this command');
  }
}

function parseChecked(text: string, options: GrammarOptions): GrammarResult {
  if (typeof text !== 'string') return noMatch('command is not text');
  if (text.length > MAX_COMMAND_LENGTH) return noMatch(`command longer than ${MAX_COMMAND_LENGTH} characters`);
  const bad = badCharacter(text);
  if (bad !== null) return noMatch(bad);
  const tokenized = tokenize(text);
  if (!tokenized.ok) return noMatch(tokenized.reason);
  if (tokenized.tokens.length === 0) return noMatch('empty command');

  const parts = splitChain(tokenized.tokens);
  let intent: Intent;
  if (parts.length === 1) {
    const one = parseSegment(text, parts[0] as Token[], options);
    if (!one.ok) return noMatch(one.reason);
    intent = one.value;
  } else {
    if (parts.length > LIMITS.sequenceMax) return noMatch(`more than ${LIMITS.sequenceMax} steps`);
    const steps: Step[] = [];
    for (let i = 0; i < parts.length; i++) {
      const part = parseSegment(text, parts[i] as Token[], options);
      if (!part.ok) return noMatch(`step ${i + 1}: ${part.reason}`);
      const added = asSteps(part.value);
      if (added === null) return noMatch(`step ${i + 1}: ${part.value.intent} cannot be part of a sequence`);
      steps.push(...added);
    }
    if (steps.length > LIMITS.sequenceMax) return noMatch(`more than ${LIMITS.sequenceMax} steps`);
    intent = { intent: 'sequence', steps };
  }
  // The schema is the contract: an intent the grammar built wrongly is no_match, not a bad action.
  const checked = Intent.safeParse(intent);
  if (!checked.success) return noMatch(checked.error.issues[0]?.message ?? 'not a valid intent');
  return { kind: 'intent', intent };
}

/** Control characters, direction overrides and broken surrogate pairs: junk, not a command. */
const UNSAFE_REASONS = {
  control: 'command contains control characters',
  direction: 'command contains direction overrides',
  broken: 'command contains broken characters',
} as const;

function badCharacter(text: string): string | null {
  const unsafe = unsafeText(text, 'command');
  return unsafe ? UNSAFE_REASONS[unsafe] : null;
}

/** A parsed part of a chain as sequence steps; null for observations, which a sequence may not hold. */
function asSteps(intent: Intent): Step[] | null {
  switch (intent.intent) {
    case 'sequence':
      return intent.steps;
    case 'get_frontmost_app':
    case 'get_screen_elements':
    case 'clarify_request':
    case 'unsupported':
      return null;
    default:
      return [intent];
  }
}

// ---------------------------------------------------------------------------------------------
// Chaining

/**
 * Split a command into the commands it chains, outside quotes.
 *
 * "then" always separates ("X then Y", "X, then Y", "X and then Y"). "and", a comma, or the end of
 * a sentence separate only when a command verb follows ("open Notes and type hello", "Open Notes.
 * Type hello."), so labels like "Save and Close" or "Drag and Drop" stay whole. If any part then
 * fails to parse, the whole command is no_match: a failed split is never re-read as one label.
 */
function splitChain(tokens: readonly Token[]): Token[][] {
  const parts: Token[][] = [];
  let current: Token[] = [];
  const close = (): void => {
    while (current.length > 0 && isWord(current[current.length - 1], ',', 'and')) current.pop();
    // "Please, open Safari", "Okay, click Send": a filler before the comma is not a command.
    if (!current.every((t) => isWord(t, ...LEADING_FILLERS)) || current.length === 0) parts.push(current);
    current = [];
  };
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i] as Token;
    if (isWord(t, 'then')) {
      close();
      continue;
    }
    if (isWord(t, 'and', ',', ';') && matchVerb(tokens, i + 1) !== null) {
      close();
      continue;
    }
    current.push(t);
    if (!t.quoted && endsSentence(t.raw) && matchVerb(tokens, i + 1) !== null) close();
  }
  parts.push(current);
  return parts;
}

/** Words that may stand alone before a comma at the start of a command. */
const LEADING_FILLERS = ['please', 'ok', 'okay', 'so', 'now', 'hey'];

function endsSentence(raw: string): boolean {
  const last = raw[raw.length - 1];
  return raw.length > 1 && (last === '.' || last === '!' || last === '?');
}

// ---------------------------------------------------------------------------------------------
// One command

/** What a command verb asks for: the grammar reads the rest of the command by this. */
export type VerbKind = 'open' | 'click' | 'double' | 'right' | 'triple' | 'press' | 'type' | 'scroll' | 'move' | 'hover' | 'drag' | 'back';

/** One way to say a command verb: its words, and a word that may follow it and is skipped ("click on"). */
export interface VerbPhrase {
  readonly words: readonly string[];
  readonly kind: VerbKind;
  readonly optional?: readonly string[];
}

/**
 * Every command verb the grammar reads, as data: `matchVerb` reads only this table, and the "what can
 * I say" guide (command-guide.ts) lists its words, so the two cannot drift apart.
 */
export const VERB_PHRASES: readonly VerbPhrase[] = [
  { words: ['open'], kind: 'open', optional: ['up'] },
  { words: ['start'], kind: 'open', optional: ['up'] },
  { words: ['launch'], kind: 'open' },
  { words: ['switch', 'to'], kind: 'open' },
  { words: ['go', 'to'], kind: 'open' },
  { words: ['switch', 'over', 'to'], kind: 'open' },
  { words: ['go', 'over', 'to'], kind: 'open' },
  { words: ['go', 'back'], kind: 'back' },
  { words: ['switch', 'back'], kind: 'back' },
  { words: ['click'], kind: 'click', optional: ['on'] },
  { words: ['left-click'], kind: 'click', optional: ['on'] },
  { words: ['leftclick'], kind: 'click', optional: ['on'] },
  { words: ['left', 'click'], kind: 'click', optional: ['on'] },
  { words: ['double-click'], kind: 'double', optional: ['on'] },
  { words: ['doubleclick'], kind: 'double', optional: ['on'] },
  { words: ['double-tap'], kind: 'double', optional: ['on'] },
  { words: ['double', 'click'], kind: 'double', optional: ['on'] },
  { words: ['double', 'tap'], kind: 'double', optional: ['on'] },
  { words: ['right-click'], kind: 'right', optional: ['on'] },
  { words: ['rightclick'], kind: 'right', optional: ['on'] },
  { words: ['right', 'click'], kind: 'right', optional: ['on'] },
  { words: ['triple-click'], kind: 'triple', optional: ['on'] },
  { words: ['triple', 'click'], kind: 'triple', optional: ['on'] },
  { words: ['press'], kind: 'press', optional: ['on'] },
  { words: ['tap'], kind: 'press', optional: ['on'] },
  { words: ['hit'], kind: 'press', optional: ['on'] },
  { words: ['type'], kind: 'type' },
  { words: ['dictate'], kind: 'type' },
  { words: ['scroll'], kind: 'scroll' },
  { words: ['move'], kind: 'move' },
  { words: ['hover'], kind: 'hover', optional: ['over', 'on'] },
  { words: ['drag'], kind: 'drag' },
  { words: ['drag', 'and', 'drop'], kind: 'drag' },
];

/** The phrases longest first, so "drag and drop" wins over "drag" and "go over to" over nothing. */
const VERBS_LONGEST_FIRST = [...VERB_PHRASES].sort((a, b) => b.words.length - a.words.length);

/** The command verb at tokens[i] and where its object starts, or null. */
function matchVerb(tokens: readonly Token[], i: number): { kind: VerbKind; next: number } | null {
  for (const verb of VERBS_LONGEST_FIRST) {
    if (!verb.words.every((word, k) => isWord(tokens[i + k], word))) continue;
    const next = i + verb.words.length;
    return { kind: verb.kind, next: next + (verb.optional && isWord(tokens[next], ...verb.optional) ? 1 : 0) };
  }
  return null;
}

/** Strip what speech adds around a command: "please", "can you", "for me", final punctuation. */
function stripPoliteness(command: string, tokens: readonly Token[]): { tokens: Token[]; politeTail: boolean } {
  let out = stripTrailingPunctuation(command, tokens);
  let start = 0;
  for (;;) {
    if (isWord(out[start], 'please')) start++;
    else if (isWord(out[start], 'can', 'could', 'would', 'will') && isWord(out[start + 1], 'you')) start += 2;
    else break;
  }
  out = out.slice(start);
  let politeTail = false;
  for (;;) {
    const n = out.length;
    if (isWord(out[n - 1], 'please', 'thanks')) out = out.slice(0, n - 1);
    else if (isWord(out[n - 2], 'for') && isWord(out[n - 1], 'me')) out = out.slice(0, n - 2);
    else if (isWord(out[n - 2], 'thank') && isWord(out[n - 1], 'you')) out = out.slice(0, n - 2);
    else break;
    politeTail = true;
    out = stripTrailingPunctuation(command, out);
  }
  return { tokens: out, politeTail };
}

function parseSegment(command: string, raw: readonly Token[], options: GrammarOptions): Read<Intent> {
  const { tokens, politeTail } = stripPoliteness(command, raw);
  if (tokens.length === 0) return fail('empty command');
  const question = matchQuestion(tokens);
  if (question !== null) return question;
  const formatting = matchFormatting(tokens, options.platform);
  if (formatting !== null) return formatting;
  const cells = matchCellCommand(command, tokens);
  if (cells !== null) return cells;
  const verb = matchVerb(tokens, 0);
  if (verb === null) return fail('no command verb recognised');
  const rest = tokens.slice(verb.next);
  switch (verb.kind) {
    case 'open':
      return parseOpen(rest);
    case 'click':
    case 'double':
    case 'right':
    case 'triple':
      return parseClick(command, verb.kind, rest);
    case 'press':
      return parsePress(command, rest);
    case 'type':
      return parseType(command, rest, politeTail);
    case 'scroll':
      return parseScroll(rest);
    case 'move':
      return parseMove(command, rest);
    case 'hover':
      return parseMoveTarget(command, rest);
    case 'drag':
      return parseDrag(command, rest);
    case 'back':
      return parseBack(rest, options);
  }
}

// ---------------------------------------------------------------------------------------------
// Questions: which app is in front, what is on screen

/** Contractions and synonyms folded before the question phrases are looked up. */
const QUESTION_FOLD: ReadonlyMap<string, readonly string[]> = new Map([
  ["what's", ['what', 'is']],
  ['whats', ['what', 'is']],
  ["i'm", ['i', 'am']],
  ['application', ['app']],
  ['program', ['app']],
  ['frontmost', ['front']],
  ['foremost', ['front']],
]);

const FRONTMOST_QUESTIONS: ReadonlySet<string> = new Set(
  [
    'app is this',
    'app is this one',
    'app am i in',
    'app am i using',
    'app is in front',
    'app is in the front',
    'app is front',
    'app is active',
    'app is focused',
    'app has focus',
    'app is open in front',
  ].flatMap((tail) => [`what ${tail}`, `which ${tail}`]).concat([
    'what is the front app',
    'which is the front app',
    'what is the active app',
    'what is the current app',
    'what is the focused app',
    'what is this app',
    'tell me the front app',
  ]),
);

const SCREEN_QUESTIONS: ReadonlySet<string> = new Set([
  'what is on screen',
  'what is on the screen',
  'what is on my screen',
  'what is on screen now',
  'what is on the screen now',
  'what can i click',
  'what can i click on',
  'what can i press',
  'what can i tap',
  'list the elements',
  'list elements',
  'list all elements',
  'list all the elements',
  'list the screen elements',
  'list screen elements',
  'list the elements on screen',
  'list the elements on the screen',
  'show the elements',
  'show me the elements',
  'show elements',
  'show me what i can click',
  'show me what is on screen',
  'show me what is on the screen',
  'describe the screen',
  'describe my screen',
]);

function matchQuestion(tokens: readonly Token[]): Read<Intent> | null {
  const words: string[] = [];
  for (const t of tokens) {
    if (t.quoted || words.length > 12) return null;
    const folded = QUESTION_FOLD.get(t.low);
    if (folded !== undefined) words.push(...folded);
    else words.push(t.low);
  }
  const phrase = words.join(' ');
  if (FRONTMOST_QUESTIONS.has(phrase)) return ok({ intent: 'get_frontmost_app' });
  if (SCREEN_QUESTIONS.has(phrase)) return ok({ intent: 'get_screen_elements' });
  // "what can I click in Safari": a screen question narrowed to one app.
  const inAt = tokens.findIndex((t, i) => i > 0 && isWord(t, 'in'));
  if (inAt < 0) return null;
  const head = words.slice(0, words.length - (tokens.length - inAt)).join(' ');
  if (!SCREEN_QUESTIONS.has(head)) return null;
  const app = readAppName(tokens.slice(inAt + 1));
  if (!app.ok) return app;
  return ok({ intent: 'get_screen_elements', app: app.value });
}

// ---------------------------------------------------------------------------------------------
// Verbs

/**
 * go back [in App]: the previous page of a browser or a file manager, by its key (alt+left; ⌘[ on a
 * Mac, where alt+left moves the caret a word). "go back to …" (an app? a page?) is no_match.
 */
function parseBack(rest: readonly Token[], options: GrammarOptions): Read<Intent> {
  if (options.platform === undefined) return fail('"go back" needs the platform to choose its keys');
  let app: string | undefined;
  if (rest.length > 0) {
    if (!isWord(rest[0], 'in') || rest.length === 1) return fail('go back where? say "go back" or "go back in <app>"');
    const name = readAppName(rest.slice(1));
    if (!name.ok) return name;
    app = name.value;
  }
  const chord = BACK_KEYS[options.platform];
  return ok({ intent: 'press_key', key: chord.key, modifiers: [...chord.modifiers], ...(app === undefined ? {} : { app }) });
}

/** The key for "back" in browsers and file managers. */
const BACK_KEYS: Readonly<Record<NonNullable<GrammarOptions['platform']>, { key: string; modifiers: readonly CanonicalModifier[] }>> = {
  linux: { key: 'left', modifiers: ['alt'] },
  windows: { key: 'left', modifiers: ['alt'] },
  macos: { key: 'left_bracket', modifiers: ['cmd'] },
};

function parseOpen(rest: readonly Token[]): Read<Intent> {
  if (rest.length === 0) return fail('open what? name an application');
  const app = readAppName(rest);
  if (!app.ok) return app;
  return ok({ intent: 'open_application', app: app.value });
}

const CLICK_INTENT = {
  click: 'click_element',
  double: 'double_click_element',
  right: 'right_click_element',
} as const;
const CLICK_COUNT = { click: 1, double: 2, right: 1, triple: 3 } as const;

function parseClick(command: string, kind: 'click' | 'double' | 'right' | 'triple', rest: readonly Token[]): Read<Intent> {
  if (rest.length === 0) return fail(`${kind === 'click' ? 'click' : `${kind}-click`} what?`);
  const explicitAt = isWord(rest[0], 'at');
  // "click at 10, 20 twice": a repeat count only makes sense for a point.
  const repeat = splitRepeat(rest);
  const pointTokens = (repeat === null ? rest : repeat.head).slice(explicitAt ? 1 : 0);
  if (!explicitAt) {
    const id = readElementId(rest, true);
    if (id !== null) {
      if (!id.ok) return id;
      return elementClick(kind, { id: id.value });
    }
  }
  const point = readPoint(pointTokens);
  if (point !== null || explicitAt) {
    if (point === null) return fail('click at where? say "click at x, y"');
    if (!point.ok) return point;
    // There is no right-click-at-a-point intent; clicking the point instead would be a guess.
    if (kind === 'right') return fail('right-click at a point is not an action; name the element');
    if (repeat !== null && kind !== 'click') return fail('say either "double-click at" or "click at … twice"');
    const count = repeat === null ? CLICK_COUNT[kind] : repeat.count;
    if (count < 1 || count > LIMITS.clickCountMax) return fail(`a click can be repeated 1 to ${LIMITS.clickCountMax} times`);
    const at = { intent: 'left_click_coordinates' as const, ...point.value };
    return ok(count === 1 ? at : { ...at, count });
  }
  if (!rest.some((t) => t.quoted) && looksLikeChord(joinTokens(command, rest).toLowerCase())) {
    return fail('keys are pressed, not clicked: say "press …"');
  }
  const element = readElement(command, rest, true);
  if (!element.ok) return element;
  return elementClick(kind, element.value);
}

function elementClick(
  kind: 'click' | 'double' | 'right' | 'triple',
  element: { id: number } | { label: string },
): Read<Intent> {
  if (kind === 'triple') return fail('triple-click works on a point only: "triple-click at x, y"');
  return ok({ intent: CLICK_INTENT[kind], element });
}

/** "3 times", "three times", "twice", "once" at the end of a phrase. */
function splitRepeat(tokens: readonly Token[]): { head: Token[]; count: number } | null {
  const n = tokens.length;
  const last = tokens[n - 1];
  if (last !== undefined && !last.quoted) {
    const word = REPEAT_WORDS.get(last.low);
    if (word !== undefined) return { head: tokens.slice(0, n - 1), count: word };
  }
  if (!isWord(last, 'times', 'time')) return null;
  // Two-word numbers first, so "twenty three times" is 23, not "twenty" and 3.
  for (const width of [2, 1]) {
    const at = n - 1 - width;
    if (at < 0) continue;
    const num = readNumber(tokens, at);
    if (num !== null && num.next === n - 1) return { head: tokens.slice(0, at), count: num.value };
  }
  return null;
}

/**
 * press / tap / hit: a key or chord when the phrase is one ("press enter", "press cmd+shift+t",
 * "press the escape key"), an element id ("press 12"), else an element ("press the delete button").
 * A phrase that was clearly meant as keys but names no key ("press cmd+shift+banana") is no_match,
 * never an element named "cmd+shift+banana".
 */
function parsePress(command: string, rest: readonly Token[]): Read<Intent> {
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
function readKeyPhrase(
  command: string,
  tokens: readonly Token[],
): Read<{ key: string; modifiers: CanonicalModifier[] }> | null {
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

function startsWithSingleQuote(raw: string): boolean {
  return raw.length > 1 && (raw[0] === "'" || raw[0] === '‘');
}

const FIELD_HINT_WORDS: ReadonlySet<string> = new Set([
  'field',
  'box',
  'bar',
  'area',
  'input',
  'textbox',
  'textfield',
  'window',
  'app',
  'application',
  'tab',
  'document',
  'editor',
]);

/** Phrases after "type" that describe the text instead of being it ("type the word hello"). */
const DESCRIBED_TEXT: ReadonlySet<string> = new Set(['word', 'words', 'text', 'phrase', 'letter', 'letters', 'following', 'number', 'sentence']);

/**
 * type / dictate. Quoted text is typed exactly; unquoted text is the rest of the command with
 * whitespace collapsed and final sentence punctuation dropped (speech-to-text adds it). A target
 * field is understood only as `into the <Label> field|box|text field|search field|text area`
 * (quoted text may also say `in`); anything else that looks like a target is no_match.
 */
function parseType(command: string, rest: readonly Token[], politeTail: boolean): Read<Intent> {
  let words = rest;
  if (isWord(words[0], 'in', 'out')) {
    // "type in "hello"" is clear; "type in hello" could be the text "in hello".
    if (!(words[1]?.quoted ?? false)) return fail('"type in" without quotes is ambiguous; quote the text');
    words = words.slice(1);
  }
  if (isWord(words[0], ':')) words = words.slice(1);
  if (words.length === 0) return fail('type what?');

  const first = words[0] as Token;
  if (first.quoted) {
    const tail = words.slice(1);
    if (tail.length === 0) return typeText(first.raw);
    if (!isWord(tail[0], 'into', 'in')) return fail('unexpected words after the quoted text');
    const target = readTextTarget(command, tail.slice(1));
    if (!target.ok) return target;
    return typeText(first.raw, target.value);
  }

  if (politeTail) return fail('is "please" part of the text? quote the text to type');
  if (startsWithSingleQuote(first.raw)) return fail('single quotes may be part of the text; use double quotes');
  if (isWord(first, 'the') && isWord(words[1], ...DESCRIBED_TEXT)) {
    return fail('"type the word …" is ambiguous; quote the text to type');
  }
  const lastWord = (words[words.length - 1] as Token).low;
  let k = -1;
  for (let i = words.length - 2; i >= 1; i--) {
    if (isWord(words[i], 'into', 'in', 'on')) {
      k = i;
      break;
    }
  }
  if (k > 0 && FIELD_HINT_WORDS.has(lastWord)) {
    if (!isWord(words[k], 'into') || !isWord(words[k + 1], 'the')) {
      return fail('to type into a field say "type <text> into the <name> field"');
    }
    const target = readTextTarget(command, words.slice(k + 1));
    if (!target.ok) return target;
    return typeText(joinTokens(command, words.slice(0, k)), target.value);
  }
  return typeText(joinTokens(command, words));
}

function readTextTarget(command: string, tokens: readonly Token[]): Read<{ label: string; role: Role }> {
  const label = readLabel(command, tokens, { numbered: true });
  if (!label.ok) return label;
  // "into Field 3": the field named "Field 3" (its role word says it is a field).
  const role = label.value.role ?? numberedLabelRole(isWord(tokens[0], 'the') ? tokens.slice(1) : tokens) ?? undefined;
  if (role === undefined || !TEXT_TARGET_ROLES.has(role)) {
    return fail('name the field to type into: "into the <name> field"');
  }
  return ok({ label: label.value.label, role });
}

function typeText(text: string, element?: { label: string; role: Role }): Read<Intent> {
  if (text.trim() === '') return fail('type what? the text is empty');
  if (text.length > LIMITS.textMax) return fail(`text longer than ${LIMITS.textMax} characters`);
  return ok(element === undefined ? { intent: 'type_text', text } : { intent: 'type_text', text, element });
}

const SCROLL_DIRECTIONS: ReadonlyMap<string, 'up' | 'down' | 'left' | 'right'> = new Map([
  ['up', 'up'],
  ['upward', 'up'],
  ['upwards', 'up'],
  ['down', 'down'],
  ['downward', 'down'],
  ['downwards', 'down'],
  ['left', 'left'],
  ['right', 'right'],
]);
const SCROLL_UNITS: ReadonlySet<string> = new Set(['time', 'times', 'line', 'lines', 'click', 'clicks', 'step', 'steps', 'notch', 'notches', 'tick', 'ticks']);
const SCROLL_SMALL: ReadonlySet<string> = new Set(['a bit', 'a little', 'a little bit', 'slightly', 'a tad', 'a touch']);

/**
 * scroll up/down/left/right [by N [times|lines|clicks…] | once | twice | a bit] [in App].
 * "a bit" is the default amount. Pages and places ("to the bottom") are no_match: the scroll intent
 * counts wheel steps, and turning a page into steps would be a guess.
 */
function parseScroll(rest: readonly Token[]): Read<Intent> {
  const direction = rest[0] !== undefined && !rest[0].quoted ? SCROLL_DIRECTIONS.get(rest[0].low) : undefined;
  if (direction === undefined) return fail('scroll which way? say up, down, left or right');
  let words = rest.slice(1);
  let app: string | undefined;
  const inAt = words.findIndex((t) => isWord(t, 'in'));
  if (inAt >= 0) {
    const name = readAppName(words.slice(inAt + 1));
    if (!name.ok) return name;
    app = name.value;
    words = words.slice(0, inAt);
  }
  const amount = readScrollAmount(words);
  if (!amount.ok) return amount;
  return ok({
    intent: 'scroll',
    direction,
    ...(amount.value === undefined ? {} : { amount: amount.value }),
    ...(app === undefined ? {} : { app }),
  });
}

function readScrollAmount(tokens: readonly Token[]): Read<number | undefined> {
  if (tokens.length === 0) return ok(undefined);
  if (tokens.some((t) => t.quoted)) return fail('unexpected words after the direction');
  const lows = tokens.map((t) => t.low);
  if (lows.some((w) => w === 'page' || w === 'pages' || w === 'screen' || w === 'screens')) {
    return fail('scrolling by pages is not a scroll amount; say "press page down"');
  }
  if (lows.includes('to')) return fail('scrolling to a place is not understood; say how far');
  if (SCROLL_SMALL.has(lows.join(' '))) return ok(undefined);
  const repeat = lows.length === 1 ? REPEAT_WORDS.get(lows[0] as string) : undefined;
  let value = repeat;
  if (value === undefined) {
    const from = lows[0] === 'by' ? 1 : 0;
    const num = readNumber(tokens, from);
    if (num === null) return fail('scroll how far? say a number');
    const unit = tokens.slice(num.next);
    if (unit.length > 1 || (unit.length === 1 && !SCROLL_UNITS.has((unit[0] as Token).low))) {
      return fail('unexpected words after the scroll amount');
    }
    value = num.value;
  }
  if (value < 1 || value > LIMITS.scrollAmountMax) return fail(`scroll amount must be 1 to ${LIMITS.scrollAmountMax}`);
  return ok(value);
}

/**
 * move the mouse / pointer / cursor to|over PLACE. "cursor" could be the text cursor, so with
 * "cursor" only a point is understood; with "mouse" or "pointer" an element is too.
 */
function parseMove(command: string, rest: readonly Token[]): Read<Intent> {
  let words = rest;
  if (isWord(words[0], 'the', 'my')) words = words.slice(1);
  let pointerOnly = false;
  if (isWord(words[0], 'mouse')) {
    words = words.slice(isWord(words[1], 'pointer', 'cursor') ? 2 : 1);
  } else if (isWord(words[0], 'pointer')) {
    words = words.slice(1);
  } else if (isWord(words[0], 'cursor')) {
    words = words.slice(1);
    pointerOnly = true;
  } else {
    return fail('move what? say "move the mouse to …"');
  }
  if (!isWord(words[0], 'to', 'over', 'onto')) return fail('move the mouse where? say "to x, y" or "to <element>"');
  const place = words.slice(1);
  if (pointerOnly) {
    const point = readPoint(place);
    if (point === null) return fail('"cursor" may be the text cursor; say "move the mouse to …"');
    if (!point.ok) return point;
    return ok({ intent: 'move_mouse', to: point.value });
  }
  return parseMoveTarget(command, place);
}

function parseMoveTarget(command: string, place: readonly Token[]): Read<Intent> {
  if (place.length === 0) return fail('move the mouse where?');
  const to = readPlace(command, place);
  if (!to.ok) return to;
  return ok({ intent: 'move_mouse', to: to.value });
}

/**
 * drag [and drop] [from] PLACE to|onto|into PLACE. Exactly one "to"/"onto"/"into" may separate
 * the two ends; with more the split is a guess ("drag Back to Top to Trash"), so it is no_match.
 */
function parseDrag(command: string, rest: readonly Token[]): Read<Intent> {
  let words = rest;
  if (isWord(words[0], 'from')) words = words.slice(1);
  const seps: number[] = [];
  words.forEach((t, i) => {
    if (isWord(t, 'to', 'onto', 'into')) seps.push(i);
  });
  if (seps.length !== 1) return fail(seps.length === 0 ? 'drag to where? say "drag A to B"' : 'drag from where to where? more than one "to"');
  const at = seps[0] as number;
  const fromTokens = words.slice(0, at);
  const toTokens = words.slice(at + 1);
  if (fromTokens.length === 0 || toTokens.length === 0) return fail('drag from where to where?');
  const from = readPlace(command, fromTokens);
  if (!from.ok) return from;
  const to = readPlace(command, toTokens);
  if (!to.ok) return to;
  return ok({ intent: 'drag', from: from.value, to: to.value });
}
