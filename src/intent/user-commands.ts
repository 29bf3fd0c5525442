/**
 * The user's own commands (issue #18, item 2): the commands file read into commands, every problem
 * with its line and column and a sentence, and a command matched against what the user said.
 *
 * The file (`commands.json` in the settings folder) is JSON:
 *
 *   { "commands": [ { "say": "reply to {name}", "app": "Thunderbird",
 *                     "do": { "intent": "click_element", "element": { "label": "Reply to {name}" } } } ],
 *     "vocabulary": ["Thunderbird", "Anna"] }
 *
 * `say` is the phrase, with slots (`{name}`) that take one or more words; `app` limits it to that
 * app in front; `do` is an intent or a sequence of the intent schema (src/intent/schema.ts) whose
 * strings may hold the phrase's slots. Reading never throws: a command with a problem is left out and
 * the others load. A match gives the body with the slot values put in, as plain data: the loop then
 * validates, classifies and gates it exactly as any other plan. Pure: the file is read and watched
 * by src/config/commands-file.ts, composed in src/compose/user-commands.ts.
 */
import * as z from 'zod';
import { readConfirmationAnswer } from '../shared/answer-words.js';
import { LANGUAGES } from '../shared/language.js';
import type { CommandGuide, GuideGroup } from '../shared/command-guide.js';
import { entryOf, lineColumn, nodeAt, parseJsonText, type JsonNode } from '../shared/text/json-text.js';
import { MAX_COMMAND_PHRASE_LENGTH, unsafeText } from '../shared/limits.js';
import { quote } from '../shared/text/quote.js';
import { sessionCommandInAnyLanguage } from '../shared/session-commands.js';
import { describeIntent } from './describe.js';
import { INTENT_KINDS, Intent, LIMITS } from './schema.js';
import { describeIssues } from './validator.js';
import { DE_FORGET_RE, DE_SAVE_RE } from './grammar/de/user-commands-de.js';

export const COMMANDS_FILE_NAME = 'commands.json';

/** At most this many commands and vocabulary words are read; a phrase and a word are at most this long. */
export const USER_COMMAND_LIMITS = {
  commandsMax: 500,
  vocabularyMax: 500,
  phraseMax: MAX_COMMAND_PHRASE_LENGTH,
  wordMax: 100,
  slotValueMax: LIMITS.labelMax,
} as const;

export type PhrasePart = { readonly kind: 'word'; readonly word: string } | { readonly kind: 'slot'; readonly name: string };

export interface UserCommand {
  /** The phrase as written in the file. */
  readonly say: string;
  /** Only while this app is in front. */
  readonly app?: string;
  /** The `do` value as written (slots unfilled); its shape was checked when the file was read. */
  readonly body: unknown;
  readonly parts: readonly PhrasePart[];
  /** The line of the command in the file. */
  readonly line: number;
}

export interface CommandsFileProblem {
  readonly line: number;
  readonly column: number;
  /** A sentence the user can act on. */
  readonly message: string;
}

export interface UserCommandSet {
  readonly commands: readonly UserCommand[];
  /** Words for the speech recognizer: the file's vocabulary list, then every phrase without its slots. */
  readonly vocabulary: readonly string[];
  readonly problems: readonly CommandsFileProblem[];
  /** The text is not JSON at all: no command could be read from it. */
  readonly invalidJson?: true;
}

export const EMPTY_COMMAND_SET: UserCommandSet = { commands: [], vocabulary: [], problems: [] };

export interface ReadOptions {
  /** Phrases the assistant keeps for itself beyond the shared ones ("do that again", from the loop). */
  readonly reserved?: (phrase: string) => boolean;
}

const SLOT_RE = /\{([A-Za-z][A-Za-z0-9_]*)\}/g;
const SLOT_TOKEN_RE = /^\{([A-Za-z][A-Za-z0-9_]*)\}$/;

/** A word as phrases compare it: lower case, straight apostrophes, no punctuation around it. */
export function normalWord(word: string): string {
  return word
    .toLowerCase()
    .replace(/[‘’‛ʼ]/g, "'")
    .replace(/^[^\p{L}\p{N}'{}]+|[^\p{L}\p{N}'{}]+$/gu, '');
}

/** A phrase in its compared form, slots as {} ("Reply to {Name}!" → "reply to {}"): for duplicates and lookups. */
export function phraseKey(parts: readonly PhrasePart[]): string {
  return parts.map((p) => (p.kind === 'word' ? p.word : '{}')).join(' ');
}

/** A phrase's parts, or why it cannot be one. */
export function readPhrase(say: string): { ok: true; parts: PhrasePart[] } | { ok: false; why: string } {
  const parts: PhrasePart[] = [];
  const seen = new Set<string>();
  for (const raw of say.split(/\s+/)) {
    if (raw === '') continue;
    const token = raw.replace(/^[^\p{L}\p{N}{]+|[^\p{L}\p{N}}]+$/gu, '');
    const slot = SLOT_TOKEN_RE.exec(token);
    if (slot) {
      const name = (slot[1] as string).toLowerCase();
      if (seen.has(name)) return { ok: false, why: `it uses {${name}} twice: give each slot its own name` };
      if (parts.at(-1)?.kind === 'slot') return { ok: false, why: 'two slots follow each other, so nobody could tell where one ends: put a word between them' };
      seen.add(name);
      parts.push({ kind: 'slot', name });
      continue;
    }
    if (/[{}]/.test(token)) return { ok: false, why: `${quote(raw, 40)} is not a slot: a slot is a name in braces standing alone, like {name}` };
    const word = normalWord(token);
    if (word !== '') parts.push({ kind: 'word', word });
  }
  if (!parts.some((p) => p.kind === 'word')) return { ok: false, why: 'it needs at least one word besides its slots, or it would match everything' };
  return { ok: true, parts };
}

// "save that as" only: "save this as report.pdf" and "save it as draft" are the app's Save As, for the planners.
const SAVE_RE = /^(?:please\s+)?(?:save|remember)\s+that\s+as(?:\s+(?:a\s+)?command)?\s+(.+)$/i;
const FORGET_RE = /^(?:please\s+)?(?:forget|delete|remove)\s+(?:the\s+|my\s+)?command\s+(.+)$|^(?:please\s+)?forget\s+(.+)$/i;

/** Words that point at something instead of naming it: no command may be called so. */
const POINTING_NAMES = /^(?:about\s+)?(?:it|that|this|them|those|these)$/i;

/** "save that as ‹name›" / "forget ‹name›" (German's too, src/intent/grammar/de/user-commands-de.ts): what the user asked of their commands, if that. */
export function readCommandEdit(text: string): { kind: 'save' | 'forget'; phrase: string } | undefined {
  const clean = (s: string): string =>
    s
      .trim()
      .replace(/[.!?]+$/u, '')
      .replace(/^["“'‘„](.*)["”'’“]$/u, '$1')
      .trim();
  const save = SAVE_RE.exec(text.trim()) ?? DE_SAVE_RE.exec(text.trim());
  if (save) return { kind: 'save', phrase: clean(save[1] as string) };
  const forget = FORGET_RE.exec(text.trim()) ?? DE_FORGET_RE.exec(text.trim());
  if (!forget) return undefined;
  const phrase = clean((forget[1] ?? forget[2]) as string);
  // "forget it", "forget that", "forget about it": a never mind (src/shared/answer-words.ts), never a command's name.
  return POINTING_NAMES.test(phrase) ? undefined : { kind: 'forget', phrase };
}

/** Why a phrase cannot be the user's: it is one of the assistant's own words. Undefined when it can be. */
export function reservedPhrase(say: string, options: ReadOptions = {}): string | undefined {
  const plain = say.replace(SLOT_RE, 'x');
  if (
    sessionCommandInAnyLanguage(plain) !== undefined ||
    LANGUAGES.some((language) => readConfirmationAnswer(plain, language) !== undefined) ||
    options.reserved?.(plain) ||
    readCommandEdit(plain) !== undefined
  ) {
    return `${quote(say, 60)} is one of the assistant’s own phrases (stop, yes, no, help, do that again, save that as …, forget …): choose another phrase`;
  }
  if (POINTING_NAMES.test(plain.trim().replace(/[.!?]+$/u, '')))
    return `${quote(say, 60)} points at something rather than naming it (“forget it” means never mind): choose a name of its own`;
  return undefined;
}

// ── reading the file ─────────────────────────────────────────────────────────

const Say = z
  .string({ error: '“say” must be text in quotes' })
  .min(1, { error: '“say” is empty: write the phrase to say' })
  .max(USER_COMMAND_LIMITS.phraseMax, { error: `“say” is longer than ${USER_COMMAND_LIMITS.phraseMax} characters` });
const AppScope = z
  .string({ error: '“app” must be text in quotes' })
  .max(LIMITS.appMax, { error: `“app” is longer than ${LIMITS.appMax} characters` })
  .refine((s) => s.trim() !== '', { error: '“app” is empty: write the app’s name as it shows, for example "Thunderbird", or leave “app” out' });

const CommandEntry = z.strictObject(
  { say: Say, app: AppScope.optional(), do: z.unknown().refine((v) => v !== undefined, { error: '“do” is missing: write the action to do' }) },
  { error: 'a command is an object: { "say": "…", "do": { "intent": … } }' },
);

const Word = z
  .string({ error: 'a vocabulary entry must be text in quotes' })
  .min(1, { error: 'a vocabulary entry is empty' })
  .max(USER_COMMAND_LIMITS.wordMax, { error: `a vocabulary entry is longer than ${USER_COMMAND_LIMITS.wordMax} characters` });

const FileShape = z.strictObject(
  {
    commands: z
      .array(z.unknown(), { error: '“commands” must be a list: [ … ]' })
      .max(USER_COMMAND_LIMITS.commandsMax, { error: `there are more than ${USER_COMMAND_LIMITS.commandsMax} commands` })
      .optional(),
    vocabulary: z
      .array(z.unknown(), { error: '“vocabulary” must be a list of words: [ "…" ]' })
      .max(USER_COMMAND_LIMITS.vocabularyMax, { error: `there are more than ${USER_COMMAND_LIMITS.vocabularyMax} vocabulary entries` })
      .optional(),
  },
  { error: 'the file must hold one object: { "commands": [ … ] }' },
);

/** Every string in a value (not its keys), with its path. */
function stringsOf(value: unknown, path: PropertyKey[] = []): Array<{ path: PropertyKey[]; text: string }> {
  if (typeof value === 'string') return [{ path, text: value }];
  if (Array.isArray(value)) return value.flatMap((v, k) => stringsOf(v, [...path, k]));
  if (value && typeof value === 'object') return Object.entries(value).flatMap(([k, v]) => stringsOf(v, [...path, k]));
  return [];
}

/** `value` with each {slot} in its strings replaced, in one pass (a value that holds "{x}" stays as it is). */
export function fillSlots(value: unknown, values: Readonly<Record<string, string>>): unknown {
  if (typeof value === 'string') return value.replace(SLOT_RE, (whole, name: string) => values[name.toLowerCase()] ?? whole);
  if (Array.isArray(value)) return value.map((v) => fillSlots(v, values));
  if (value && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value))
      Object.defineProperty(out, k, { value: fillSlots(v, values), enumerable: true, writable: true, configurable: true });
    return out;
  }
  return value;
}

/** Reads the commands file's text (undefined: there is no file). Never throws. */
export function readCommandsFile(text: string | undefined, options: ReadOptions = {}): UserCommandSet {
  if (text === undefined || text.trim() === '') return EMPTY_COMMAND_SET;
  const parsed = parseJsonText(text);
  if (!parsed.ok) {
    const at = lineColumn(text, parsed.offset);
    return {
      ...EMPTY_COMMAND_SET,
      invalidJson: true,
      problems: [{ ...at, message: `The file is not valid JSON: ${parsed.message}. Fix this and save the file.` }],
    };
  }
  const problems: CommandsFileProblem[] = [];
  const problem = (node: JsonNode, message: string): void => {
    problems.push({ ...lineColumn(text, node.start), message });
  };
  const root = parsed.root;
  const shape = FileShape.safeParse(parsed.value);
  if (!shape.success) {
    for (const issue of shape.error.issues) {
      if (issue.code === 'unrecognized_keys') {
        for (const key of issue.keys) {
          const entry = entryOf(root, key);
          problems.push({
            ...lineColumn(text, entry?.keyStart ?? 0),
            message: `${quote(key, 40)} is not a part of the commands file (it has “commands” and “vocabulary”): remove it or check its spelling.`,
          });
        }
      } else problem(nodeAt(root, issue.path), `${issue.message[0]?.toUpperCase()}${issue.message.slice(1)}.`);
    }
    if (root.kind !== 'object') return { ...EMPTY_COMMAND_SET, problems };
  }
  const value = parsed.value as { commands?: unknown; vocabulary?: unknown };
  const vocabulary: string[] = [];
  const vocabNode = entryOf(root, 'vocabulary')?.value;
  if (Array.isArray(value.vocabulary) && vocabNode?.kind === 'array') {
    value.vocabulary.slice(0, USER_COMMAND_LIMITS.vocabularyMax).forEach((w, k) => {
      const word = Word.safeParse(w);
      const node = vocabNode.items[k] as JsonNode;
      if (!word.success) problem(node, `Vocabulary entry ${k + 1}: ${word.error.issues[0]?.message ?? 'it is not a word'}.`);
      else if (unsafeText(word.data, 'single_line')) problem(node, `Vocabulary entry ${k + 1} holds control characters: write it again as plain text.`);
      else vocabulary.push(word.data.trim());
    });
  }

  const commands: UserCommand[] = [];
  const commandsNode = entryOf(root, 'commands')?.value;
  const seen = new Map<string, number>();
  if (Array.isArray(value.commands) && commandsNode?.kind === 'array') {
    value.commands.slice(0, USER_COMMAND_LIMITS.commandsMax).forEach((raw, k) => {
      const node = commandsNode.items[k] as JsonNode;
      const where = (path: readonly PropertyKey[]): JsonNode => nodeAt(node, path);
      const entry = CommandEntry.safeParse(raw);
      const label =
        typeof (raw as { say?: unknown } | null)?.say === 'string' ? `Command ${k + 1} (${quote((raw as { say: string }).say, 50)})` : `Command ${k + 1}`;
      if (!entry.success) {
        const issue = entry.error.issues[0];
        if (issue?.code === 'unrecognized_keys')
          problems.push({
            ...lineColumn(text, entryOf(node, issue.keys[0] ?? '')?.keyStart ?? node.start),
            message: `${label}: ${issue.keys.map((x) => quote(x, 30)).join(', ')} is not a part of a command (it has “say”, “app” and “do”): remove it or check its spelling.`,
          });
        else problem(where(issue?.path ?? []), `${label}: ${issue?.path.length === 0 ? issue.message : (issue?.message ?? 'it is not a command')}.`);
        return;
      }
      const { say, app, do: body } = entry.data;
      if (unsafeText(say, 'single_line')) return problem(where(['say']), `${label}: the phrase holds control characters: write it again as plain text.`);
      const phrase = readPhrase(say);
      if (!phrase.ok) return problem(where(['say']), `${label}: the phrase cannot be used, ${phrase.why}.`);
      const reserved = reservedPhrase(say, options);
      if (reserved) return problem(where(['say']), `${label}: ${reserved}.`);
      const key = `${phraseKey(phrase.parts)}\u0000${app?.trim().toLowerCase() ?? ''}`;
      const earlier = seen.get(key);
      if (earlier !== undefined)
        return problem(
          where(['say']),
          `${label}: command ${earlier + 1} already has this phrase${app ? ` for ${quote(app, 40)}` : ''}, so this one would never run: change one of the phrases or remove one.`,
        );
      const slots = new Set(phrase.parts.flatMap((p) => (p.kind === 'slot' ? [p.name] : [])));
      for (const s of stringsOf(body)) {
        for (const m of s.text.matchAll(SLOT_RE)) {
          const name = (m[1] as string).toLowerCase();
          if (!slots.has(name))
            return problem(
              where(['do', ...s.path]),
              `${label}: “do” uses {${name}}, which “say” does not define: add {${name}} to the phrase or take it out of “do”.`,
            );
          if (s.path.length > 0 && s.path.at(-1) === 'intent')
            return problem(where(['do', ...s.path]), `${label}: a slot cannot choose the action: write the action’s name in “intent”.`);
        }
      }
      // The body's shape, with each slot standing for a plain word: the same schema every plan meets.
      const sample = Object.fromEntries([...slots].map((s) => [s, 'a']));
      const checked = Intent.safeParse(fillSlots(body, sample), { reportInput: true });
      if (!checked.success) {
        const issue = checked.error.issues[0];
        const text0 = describeIssues(checked.error.issues)[0]?.forUser ?? 'it is not an action';
        const unknownAction = issue?.code === 'invalid_union' && issue.path.at(-1) === 'intent';
        const advice = unknownAction ? `; the actions are ${INTENT_KINDS.join(', ')}` : '';
        return problem(
          where(['do', ...(issue?.path ?? [])]),
          `${label}: “do” is not an action the assistant can do (${text0}${advice}). Fix it as the intent schema says.`,
        );
      }
      seen.set(key, k);
      commands.push({ say, ...(app !== undefined ? { app: app.trim() } : {}), body, parts: phrase.parts, line: lineColumn(text, node.start).line });
    });
  }
  // Each phrase's words without its slots ("reply to"), after the file's own list.
  const phrases = commands.map((c) => c.say.replace(SLOT_RE, ' ').replace(/\s+/g, ' ').trim()).filter((p) => p !== '');
  return { commands, vocabulary: [...new Set([...vocabulary, ...phrases])], problems };
}

/** What a command does, in the sentence a plan is described with (its slots shown as written). */
export function describeUserCommand(command: Pick<UserCommand, 'body'>): string {
  const parsed = Intent.safeParse(command.body);
  if (parsed.success) return describeIntent(parsed.data);
  // A slot where the schema wants a form of its own (a web address): the action's name, then.
  const kind = (command.body as { intent?: unknown } | null)?.intent;
  return typeof kind === 'string' ? `The action ${quote(kind, 40)}, with what is said for its slots.` : 'An action.';
}

/** One problem as a line ("commands.json:4:12: …"). */
export function problemLine(p: CommandsFileProblem, file = COMMANDS_FILE_NAME): string {
  return `${file}:${p.line}:${p.column}: ${p.message}`;
}

// ── "what can I say" ─────────────────────────────────────────────────────────

export const USER_COMMANDS_GUIDE_TITLE = 'Your own commands';

/** "What can I say" with the user's commands as its first group (none: the guide as it was). */
export function withUserCommands(guide: CommandGuide, commands: readonly UserCommand[]): CommandGuide {
  if (guide.scope !== 'commands' || commands.length === 0) return guide;
  const group: GuideGroup = {
    title: USER_COMMANDS_GUIDE_TITLE,
    examples: commands.map((c) => (c.app !== undefined ? `${c.say} (in ${c.app})` : c.say)),
    alsoSaid: [],
  };
  return { ...guide, groups: [group, ...guide.groups] };
}
