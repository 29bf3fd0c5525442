/**
 * Changes to the commands file's text for "save that as ‹name›" and "forget ‹name›": one command
 * added to or taken out of the "commands" list, the rest of the text — the user's spacing, order and
 * other commands — left exactly as it was. Pure; the store that reads and writes the file is
 * src/compose/user-commands.ts.
 */
import { entryOf, lineColumn, parseJsonText, type JsonNode } from '../shared/text/json-text.js';
import { quote } from '../shared/text/quote.js';
import { COMMANDS_FILE_NAME, phraseKey, readPhrase } from './user-commands.js';

export interface NewCommand {
  readonly say: string;
  readonly app?: string;
  readonly do: unknown;
}

export type TextEdit = { readonly ok: true; readonly text: string; readonly count: number } | { readonly ok: false; readonly message: string };

const EMPTY_FILE = '{\n  "commands": []\n}\n';

function indentOfLine(text: string, offset: number): string {
  const lineStart = text.lastIndexOf('\n', offset - 1) + 1;
  const lead = /^[ \t]*/.exec(text.slice(lineStart, offset))?.[0] ?? '';
  // Only when the value starts its line is that line's indentation the value's own.
  return lineStart + lead.length === offset ? lead : '';
}

/** The indentation of the line an offset is on. */
function lineIndent(text: string, offset: number): string {
  const lineStart = text.lastIndexOf('\n', offset - 1) + 1;
  return /^[ \t]*/.exec(text.slice(lineStart))?.[0] ?? '';
}

function keyOf(say: string): string | undefined {
  const phrase = readPhrase(say);
  return phrase.ok ? phraseKey(phrase.parts) : undefined;
}

function readable(text: string): { ok: true; root: JsonNode & { kind: 'object' } } | { ok: false; message: string } {
  const parsed = parseJsonText(text);
  if (!parsed.ok) {
    const at = lineColumn(text, parsed.offset);
    return {
      ok: false,
      message: `${COMMANDS_FILE_NAME} has an error at line ${at.line}, column ${at.column} (${parsed.message}): fix it first (“assistive-control commands check” shows it), then try again.`,
    };
  }
  if (parsed.root.kind !== 'object')
    return { ok: false, message: `${COMMANDS_FILE_NAME} does not hold one object { "commands": [ … ] }: fix it first, then try again.` };
  return { ok: true, root: parsed.root };
}

function commandsList(root: JsonNode & { kind: 'object' }): (JsonNode & { kind: 'array' }) | { message: string } | undefined {
  const node = entryOf(root, 'commands')?.value;
  if (node === undefined) return undefined;
  if (node.kind !== 'array') return { message: `“commands” in ${COMMANDS_FILE_NAME} is not a list: fix it first, then try again.` };
  return node;
}

/** The items whose "say" has this phrase (case, punctuation and slot names aside) and no app scope unless `anyApp`. */
function itemsWithPhrase(list: JsonNode & { kind: 'array' }, key: string, anyApp: boolean): number[] {
  const out: number[] = [];
  list.items.forEach((item, k) => {
    const say = entryOf(item, 'say')?.value;
    if (say?.kind !== 'string' || keyOf(say.value) !== key) return;
    if (!anyApp && entryOf(item, 'app') !== undefined) return;
    out.push(k);
  });
  return out;
}

/** The text without item `k` of the list (and the comma that separated it). */
function withoutItem(text: string, list: JsonNode & { kind: 'array' }, k: number): string {
  const item = list.items[k] as JsonNode;
  const prev = list.items[k - 1];
  const next = list.items[k + 1];
  if (prev) return text.slice(0, prev.end) + text.slice(item.end);
  if (next) return text.slice(0, item.start) + text.slice(next.start);
  return `${text.slice(0, list.start)}[]${text.slice(list.end)}`;
}

/** Removes every command with this phrase (for every app). `count` says how many. */
export function removeCommandText(text: string, say: string): TextEdit {
  const key = keyOf(say);
  if (key === undefined) return { ok: true, text, count: 0 };
  let current = text;
  let count = 0;
  for (;;) {
    const file = readable(current);
    if (!file.ok) return file;
    const list = commandsList(file.root);
    if (list === undefined) return { ok: true, text: current, count };
    if ('message' in list) return { ok: false, message: list.message };
    const [first] = itemsWithPhrase(list, key, true);
    if (first === undefined) return { ok: true, text: current, count };
    current = withoutItem(current, list, first);
    count++;
  }
}

/**
 * Adds a command at the end of the list; a command with the same phrase and no app scope is
 * replaced (`count` says how many were). A missing or blank file becomes a new one.
 */
export function addCommandText(text: string | undefined, command: NewCommand): TextEdit {
  const key = keyOf(command.say);
  if (key === undefined) return { ok: false, message: `${quote(command.say)} cannot be a command’s phrase.` };
  let current = text === undefined || text.trim() === '' ? EMPTY_FILE : text;
  let replaced = 0;
  for (;;) {
    const file = readable(current);
    if (!file.ok) return file;
    const list = commandsList(file.root);
    if (list !== undefined && 'message' in list) return { ok: false, message: list.message };
    if (list === undefined) {
      // No list yet: "commands": [] becomes the object's first member, then round again.
      const first = file.root.entries[0];
      const indent = first ? indentOfLine(current, first.keyStart) : '';
      current = first
        ? `${current.slice(0, first.keyStart)}"commands": [],${indent === '' ? ' ' : `\n${indent}`}${current.slice(first.keyStart)}`
        : `${current.slice(0, file.root.start)}{\n  "commands": []\n}${current.slice(file.root.end)}`;
      continue;
    }
    const [same] = command.app !== undefined ? [] : itemsWithPhrase(list, key, false);
    if (same !== undefined) {
      current = withoutItem(current, list, same);
      replaced++;
      continue;
    }
    const listIndent = lineIndent(current, list.start);
    const last = list.items.at(-1);
    const itemIndent = last ? indentOfLine(current, last.start) : `${listIndent}  `;
    const entry = JSON.stringify({ say: command.say, ...(command.app !== undefined ? { app: command.app } : {}), do: command.do }, null, 2).replace(
      /\n/g,
      `\n${itemIndent}`,
    );
    if (last) {
      const sep = itemIndent === '' ? ', ' : `,\n${itemIndent}`;
      return { ok: true, text: current.slice(0, last.end) + sep + entry + current.slice(last.end), count: replaced };
    }
    const closeIndent = indentOfLine(current, list.end - 1) || listIndent;
    return { ok: true, text: `${current.slice(0, list.start)}[\n${itemIndent}${entry}\n${closeIndent}]${current.slice(list.end)}`, count: replaced };
  }
}

/** The command an edit from the panel is for: its phrase and app scope as read, and the line it starts on. */
export interface CommandTarget {
  readonly say: string;
  /** Absent: the command for every app. */
  readonly app?: string;
  /** Among items of the same phrase and scope (a left-out duplicate), the one starting on this line. */
  readonly line?: number;
}

/** A command's new phrase and app scope (absent: for every app); its "do" stays as written. */
export interface CommandChange {
  readonly say: string;
  readonly app?: string;
}

const sameApp = (a: string | undefined, b: string | undefined): boolean => (a?.trim().toLowerCase() ?? '') === (b?.trim().toLowerCase() ?? '');

/** The list's item the target names (undefined: none, or the file cannot be read; `problem` then says why). */
function findTarget(text: string, target: CommandTarget): { list: JsonNode & { kind: 'array' }; index: number | undefined } | { problem: string } {
  const file = readable(text);
  if (!file.ok) return { problem: file.message };
  const list = commandsList(file.root);
  if (list !== undefined && 'message' in list) return { problem: list.message };
  const key = keyOf(target.say);
  if (list === undefined || key === undefined) return { list: { kind: 'array', items: [], start: 0, end: 0 }, index: undefined };
  const found: number[] = [];
  list.items.forEach((item, k) => {
    const say = entryOf(item, 'say')?.value;
    const app = entryOf(item, 'app')?.value;
    if (say?.kind !== 'string' || keyOf(say.value) !== key) return;
    if (app !== undefined && app.kind !== 'string') return;
    if (sameApp(app?.value, target.app)) found.push(k);
  });
  const onLine = found.find((k) => lineColumn(text, (list.items[k] as JsonNode).start).line === target.line);
  return { list, index: onLine ?? found[0] };
}

/** Removes the one command the target names, in its app scope only. `count`: 1, or 0 when it is not in the file. */
export function removeOneCommandText(text: string, target: CommandTarget): TextEdit {
  const found = findTarget(text, target);
  if ('problem' in found) return { ok: false, message: found.problem };
  if (found.index === undefined) return { ok: true, text, count: 0 };
  return { ok: true, text: withoutItem(text, found.list, found.index), count: 1 };
}

/** True when `offset` is the first non-blank character of its line. */
function startsLine(text: string, offset: number): boolean {
  const lineStart = text.lastIndexOf('\n', offset - 1) + 1;
  return /^[ \t]*$/.test(text.slice(lineStart, offset));
}

/**
 * Gives the command the target names a new phrase and app scope, changing only the text of its
 * "say" and "app" values ("app" added after "say", or taken out with its comma): its "do", the other
 * commands and the spacing stay as they were. Whether the result is a command that loads is the
 * reader's to say (the caller reads the new text before writing it).
 */
export function changeCommandText(text: string, target: CommandTarget, change: CommandChange): TextEdit {
  const found = findTarget(text, target);
  if ('problem' in found) return { ok: false, message: found.problem };
  const item = found.index === undefined ? undefined : found.list.items[found.index];
  const say = item ? entryOf(item, 'say') : undefined;
  if (!item || item.kind !== 'object' || !say)
    return {
      ok: false,
      message: `${quote(target.say)}${target.app !== undefined ? ` for ${quote(target.app, 40)}` : ''} is no longer in ${COMMANDS_FILE_NAME} (it was changed elsewhere): look at the list again.`,
    };
  const edits: Array<{ start: number; end: number; text: string }> = [{ start: say.value.start, end: say.value.end, text: JSON.stringify(change.say) }];
  const appIndex = item.entries.findLastIndex((e) => e.key === 'app');
  const app = item.entries[appIndex];
  if (app && change.app !== undefined) edits.push({ start: app.value.start, end: app.value.end, text: JSON.stringify(change.app) });
  else if (app) {
    const prev = item.entries[appIndex - 1];
    const next = item.entries[appIndex + 1];
    if (prev) edits.push({ start: prev.value.end, end: app.value.end, text: '' });
    else if (next) edits.push({ start: app.keyStart, end: next.keyStart, text: '' });
  } else if (change.app !== undefined) {
    const sep = startsLine(text, say.keyStart) ? `\n${lineIndent(text, say.keyStart)}` : ' ';
    edits.push({ start: say.value.end, end: say.value.end, text: `,${sep}"app": ${JSON.stringify(change.app)}` });
  }
  let out = text;
  for (const e of edits.sort((a, b) => b.start - a.start)) out = out.slice(0, e.start) + e.text + out.slice(e.end);
  return { ok: true, text: out, count: 1 };
}
