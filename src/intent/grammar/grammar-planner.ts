/**
 * The grammar planner: the offline, deterministic fast path from a command to an intent.
 *
 * It understands the commands people say most ("open Safari", "click the Send button", "press
 * cmd+shift+t", "type "hello"", "scroll down 3", "click 12", ...) and answers `no_match` for
 * everything else, including every phrase it could read two ways: the LLM planner gets those. It
 * never throws, looks at no more than MAX_COMMAND_LENGTH characters, and every intent it returns
 * has passed the intent schema. The rules that decide what is deliberately no_match are recorded
 * in docs/decisions/README.md (the "(grammar)" records).
 */
import { Intent, LIMITS, type Step } from '../schema.js';
import { MAX_COMMAND_LENGTH, unsafeText } from '../../shared/limits.js';
import { matchCellCommand } from './cells.js';
import { matchFormatting } from './formatting.js';
import { EVERYDAY_FIRST_WORDS, LEADING_FILLERS, VERB_PHRASES, type GrammarOptions, type VerbKind } from './lexicon.js';
import { fail, ok, type Read, readAppName } from './phrases.js';
import { matchQuestion } from './questions.js';
import { isWord, stripTrailingPunctuation, type Token, tokenize } from './tokens.js';
import { everydayCommandOf, matchEveryday } from './verbs-everyday.js';
import { parseBack, parsePress } from './verbs-keys.js';
import { parseClick, parseDrag, parseMove, parseMoveTarget } from './verbs-pointer.js';
import { matchPaging, parseScroll } from './verbs-scroll.js';
import { matchWindowCommand } from './verbs-window.js';
import { parseFill, parseType } from './verbs-text.js';
import { matchSpelling } from './spelling.js';
import { parseVisit, readWebTarget } from './verbs-web.js';
import { parseSegmentDe, splitChainDe, startsSameInEnglish } from './de/grammar-de.js';

export { VERB_PHRASES, type GrammarOptions, type VerbKind, type VerbPhrase } from './lexicon.js';

export type GrammarResult =
  | { kind: 'intent'; intent: Intent }
  /** `reason` is short and for logs and debugging, e.g. "no command verb recognised". */
  | { kind: 'no_match'; reason: string };

function noMatch(reason: string): GrammarResult {
  return { kind: 'no_match', reason };
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

  if (options.language !== 'de') return parseTokens(text, tokenized.tokens, options, splitChain, parseSegment);
  // German (the language setting) reads by its own tables (src/intent/grammar/de/). A command in which
  // it finds no German verb or phrase at all is read as English too: what the assistant itself sends
  // (the grid's "click at x, y", the numbers' "click 12"), English quick commands, and users and
  // recognisers that mix the two. A German reading always wins; a German verb that failed is re-read
  // only when English spells it the same ("scroll down a bit"), and then only English's whole reading counts.
  const german = parseTokens(text, tokenized.tokens, options, splitChainDe, parseSegmentDe);
  if (german.kind === 'intent') return german;
  const sameWord = german.reason !== NO_VERB;
  if (sameWord && !startsSameInEnglish(tokenized.tokens)) return german;
  const english = parseTokens(text, tokenized.tokens, options, splitChain, parseSegment);
  return sameWord && english.kind !== 'intent' ? german : english;
}

const NO_VERB = 'no command verb recognised';

/** A command's tokens → an intent, split and read by one language's rules. */
function parseTokens(
  text: string,
  tokens: readonly Token[],
  options: GrammarOptions,
  split: (tokens: readonly Token[]) => Token[][],
  segment: (command: string, tokens: readonly Token[], options: GrammarOptions) => Read<Intent>,
): GrammarResult {
  const parts = split(tokens);
  let intent: Intent;
  if (parts.length === 1) {
    const one = segment(text, parts[0] as Token[], options);
    if (!one.ok) return noMatch(one.reason);
    intent = one.value;
  } else {
    if (parts.length > LIMITS.sequenceMax) return noMatch(`more than ${LIMITS.sequenceMax} steps`);
    const steps: Step[] = [];
    for (let i = 0; i < parts.length; i++) {
      const part = segment(text, parts[i] as Token[], options);
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
    case 'list_applications':
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
 * Type hello."), so labels like "Save and Close" or "Drag and Drop" stay whole. An everyday command
 * ("copy", "paste it") starts a new part after "and" or a comma only when what comes before is
 * itself an everyday command ("select all and copy"), so "click Cut and Paste" stays one label. If
 * any part then fails to parse, the whole command is no_match: a failed split is never re-read as
 * one label.
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
    const everydayNext = isWord(tokens[i + 1], ...EVERYDAY_FIRST_WORDS) && everydayCommandOf(current) !== undefined;
    if (isWord(t, 'and', ',', ';') && (matchVerb(tokens, i + 1) !== null || everydayNext)) {
      close();
      continue;
    }
    current.push(t);
    if (!t.quoted && endsSentence(t.raw) && matchVerb(tokens, i + 1) !== null) close();
  }
  parts.push(current);
  return parts;
}

function endsSentence(raw: string): boolean {
  const last = raw[raw.length - 1];
  return raw.length > 1 && (last === '.' || last === '!' || last === '?');
}

// ---------------------------------------------------------------------------------------------
// One command

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
  const spelled = matchSpelling(tokens);
  if (spelled !== null) return spelled;
  const question = matchQuestion(tokens);
  if (question !== null) return question;
  const formatting = matchFormatting(tokens, options.platform);
  if (formatting !== null) return formatting;
  const cells = matchCellCommand(command, tokens);
  if (cells !== null) return cells;
  const paging = matchPaging(tokens, options);
  if (paging !== null) return paging;
  const everyday = matchEveryday(tokens, options);
  if (everyday !== null) return everyday;
  const windowCommand = matchWindowCommand(command, tokens);
  if (windowCommand !== null) return windowCommand;
  const verb = matchVerb(tokens, 0);
  if (verb === null) return fail(NO_VERB);
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
    case 'fill':
      return isWord(tokens[0], 'fill') ? parseFill(command, rest, politeTail) : parseType(command, rest, politeTail, 'into_field');
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
    case 'forward':
      return parseBack(rest, options, 'forward');
    case 'web':
      return parseVisit(rest);
  }
}

// ---------------------------------------------------------------------------------------------
// Questions: which app is in front, what is on screen

// ---------------------------------------------------------------------------------------------
// Verbs

/** open / go to / switch to: a web address when the object is shaped like one, else an application. */
function parseOpen(rest: readonly Token[]): Read<Intent> {
  if (rest.length === 0) return fail('open what? name an application');
  const web = readWebTarget(rest);
  if (web !== null) return web;
  const app = readAppName(rest);
  if (!app.ok) return app;
  return ok({ intent: 'open_application', app: app.value });
}
