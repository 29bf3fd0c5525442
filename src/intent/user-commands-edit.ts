/**
 * Changes to the commands file's text for "save that as ‹name›" and "forget ‹name›": one command
 * added to or taken out of the "commands" list, the rest of the text — the user's spacing, order and
 * other commands — left exactly as it was. Pure; the store that reads and writes the file is
 * src/compose/user-commands.ts.
 */
import { entryOf, lineColumn, parseJsonText, type JsonNode } from '../shared/json-text.js';
import { quote } from '../shared/quote.js';
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
