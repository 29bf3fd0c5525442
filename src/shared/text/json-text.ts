/**
 * JSON text read with positions: a strict RFC 8259 parser that keeps where each value starts and
 * ends, so a file the user edits by hand (the commands file) can be told about at a line and column
 * ("line 4, column 12: ...") for a syntax error and for a value the schema refuses, and so a program
 * can change one part of the file while leaving the rest of its text, spacing included, as it was.
 *
 * Pure and free of Node: no dependency offers locations (JSON.parse gives none that are portable).
 */

export interface JsonEntry {
  readonly key: string;
  /** Offset of the key's opening quote. */
  readonly keyStart: number;
  readonly value: JsonNode;
}

interface Span {
  /** Offset of the value's first character. */
  readonly start: number;
  /** Offset just past its last character. */
  readonly end: number;
}

export type JsonNode =
  | (Span & { readonly kind: 'object'; readonly entries: readonly JsonEntry[] })
  | (Span & { readonly kind: 'array'; readonly items: readonly JsonNode[] })
  | (Span & { readonly kind: 'string'; readonly value: string })
  | (Span & { readonly kind: 'number'; readonly value: number })
  | (Span & { readonly kind: 'boolean'; readonly value: boolean })
  | (Span & { readonly kind: 'null' });

export type JsonParsed =
  { readonly ok: true; readonly root: JsonNode; readonly value: unknown } | { readonly ok: false; readonly offset: number; readonly message: string };

/** Deeper nesting than this is refused (no stack overflow on a hostile file). */
const MAX_DEPTH = 64;

class JsonSyntaxError extends Error {
  constructor(
    readonly offset: number,
    message: string,
  ) {
    super(message);
  }
}

const ESCAPES: Readonly<Record<string, string>> = { '"': '"', '\\': '\\', '/': '/', b: '\b', f: '\f', n: '\n', r: '\r', t: '\t' };

/** Parses JSON text; a byte-order mark at the start is skipped. Never throws. */
export function parseJsonText(text: string): JsonParsed {
  let i = text.charCodeAt(0) === 0xfeff ? 1 : 0;

  const fail = (offset: number, message: string): never => {
    throw new JsonSyntaxError(offset, message);
  };
  const skipSpace = (): void => {
    while (i < text.length && (text[i] === ' ' || text[i] === '\t' || text[i] === '\n' || text[i] === '\r')) i++;
  };
  const describe = (at: number): string => (at >= text.length ? 'the end of the file' : `“${text[at]}”`);

  const parseString = (): string => {
    const start = i;
    i++; // the opening quote
    let out = '';
    for (;;) {
      if (i >= text.length) fail(start, 'this text has no closing quote (")');
      const c = text[i] as string;
      if (c === '"') {
        i++;
        return out;
      }
      if (c === '\\') {
        const e = text[i + 1];
        if (e === 'u') {
          const hex = text.slice(i + 2, i + 6);
          if (!/^[0-9a-fA-F]{4}$/.test(hex)) fail(i, 'a \\u escape needs four hexadecimal digits');
          out += String.fromCharCode(parseInt(hex, 16));
          i += 6;
        } else if (e !== undefined && ESCAPES[e] !== undefined) {
          out += ESCAPES[e];
          i += 2;
        } else {
          fail(i, `“\\${e ?? ''}” is not an escape JSON knows (write \\\\ for a backslash)`);
        }
        continue;
      }
      if (c.charCodeAt(0) < 0x20)
        fail(i, c === '\n' ? 'this text has no closing quote (") before the end of the line' : 'text may not hold a raw control character (write \\t or \\n)');
      out += c;
      i++;
    }
  };

  const parseNumber = (): number => {
    const m = /^-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/.exec(text.slice(i, i + 400));
    if (!m) fail(i, `${describe(i)} cannot start a value (a value is text in "quotes", a number, true, false, null, {…} or […])`);
    const raw = (m as RegExpExecArray)[0];
    i += raw.length;
    return Number(raw);
  };

  /** The members of an object or array from its opening character to just past `close`, each read by `one`. */
  const members = (close: '}' | ']', name: string, one: () => void): void => {
    i++;
    skipSpace();
    if (text[i] === close) {
      i++;
      return;
    }
    for (;;) {
      skipSpace();
      one();
      skipSpace();
      if (text[i] === ',') {
        i++;
        continue;
      }
      if (text[i] === close) {
        i++;
        return;
      }
      fail(i, `expected a comma (,) or a closing ${name} (${close}) here, found ${describe(i)}`);
    }
  };

  const parseValue = (depth: number): JsonNode => {
    if (depth > MAX_DEPTH) fail(i, `the file nests more than ${MAX_DEPTH} levels deep`);
    skipSpace();
    const start = i;
    const c = text[i];
    if (c === '{') {
      const entries: JsonEntry[] = [];
      members('}', 'brace', () => {
        if (text[i] !== '"')
          fail(i, text[i] === '}' ? 'there is a comma before this closing brace: remove it' : `expected a name in "quotes" here, found ${describe(i)}`);
        const keyStart = i;
        const key = parseString();
        skipSpace();
        if (text[i] !== ':') fail(i, `expected a colon (:) after the name "${key.slice(0, 40)}", found ${describe(i)}`);
        i++;
        entries.push({ key, keyStart, value: parseValue(depth + 1) });
      });
      return { kind: 'object', start, end: i, entries };
    }
    if (c === '[') {
      const items: JsonNode[] = [];
      members(']', 'bracket', () => {
        if (text[i] === ']') fail(i, 'there is a comma before this closing bracket: remove it');
        items.push(parseValue(depth + 1));
      });
      return { kind: 'array', start, end: i, items };
    }
    if (c === '"') {
      const value = parseString();
      return { kind: 'string', start, end: i, value };
    }
    for (const [word, node] of [
      ['true', { kind: 'boolean', value: true }],
      ['false', { kind: 'boolean', value: false }],
      ['null', { kind: 'null' }],
    ] as const) {
      if (text.startsWith(word, i)) {
        i += word.length;
        return { ...node, start, end: i } as JsonNode;
      }
    }
    if (c === undefined) fail(i, 'the file ends where a value should be');
    const value = parseNumber();
    return { kind: 'number', start, end: i, value };
  };

  try {
    skipSpace();
    if (i >= text.length) return { ok: false, offset: i, message: 'the file is empty' };
    const root = parseValue(0);
    skipSpace();
    if (i < text.length) fail(i, `there is more after the end of the JSON value: ${describe(i)}`);
    return { ok: true, root, value: jsonValue(root) };
  } catch (e) {
    if (e instanceof JsonSyntaxError) return { ok: false, offset: e.offset, message: e.message };
    throw e;
  }
}

/** The plain value of a node ("__proto__" stays a plain key, as with JSON.parse). */
export function jsonValue(node: JsonNode): unknown {
  switch (node.kind) {
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const e of node.entries) Object.defineProperty(out, e.key, { value: jsonValue(e.value), enumerable: true, writable: true, configurable: true });
      return out;
    }
    case 'array':
      return node.items.map(jsonValue);
    case 'null':
      return null;
    default:
      return node.value;
  }
}

/** The object entry named `key` (the last one, as JSON.parse keeps). */
export function entryOf(node: JsonNode, key: string): JsonEntry | undefined {
  if (node.kind !== 'object') return undefined;
  for (let k = node.entries.length - 1; k >= 0; k--) if (node.entries[k]?.key === key) return node.entries[k];
  return undefined;
}

/** The node at a path, or the deepest node on the way there (where a missing field belongs). */
export function nodeAt(root: JsonNode, path: readonly PropertyKey[]): JsonNode {
  let node = root;
  for (const part of path) {
    const next = node.kind === 'array' && typeof part === 'number' ? node.items[part] : typeof part === 'string' ? entryOf(node, part)?.value : undefined;
    if (!next) return node;
    node = next;
  }
  return node;
}

/** The 1-based line and column of an offset (a column counts characters; CRLF is one line end). */
export function lineColumn(text: string, offset: number): { readonly line: number; readonly column: number } {
  let line = 1;
  let lineStart = 0;
  const end = Math.min(offset, text.length);
  for (let k = 0; k < end; k++) {
    if (text[k] === '\n') {
      line++;
      lineStart = k + 1;
    }
  }
  return { line, column: end - lineStart + 1 };
}
