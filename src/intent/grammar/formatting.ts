/**
 * Formatting the selection: "bold that", "make it italic", "underline the selection" [in App].
 *
 * The command becomes the shortcut word processors, editors and mail apps share for it, pressed
 * with the platform's own modifier when the grammar is told the platform (Ctrl on Linux and Windows,
 * ⌘ on macOS: the user is shown the keys that are pressed), else with `cmd`, which the keymap turns
 * into Ctrl off a Mac.
 * It acts on what is selected, as the app's own shortcut does; the shortcut toggles, so on text that
 * is already bold it takes the bold away, as it would for a keyboard user. A text named in the
 * command ("bold the word fox", "bold the last sentence") is not understood here: finding it is a
 * guess, so it goes to a planner that can look at the screen. Decision "Bold that" in
 * docs/decisions/0102-bold-that-app-s-bold-shortcut-selection-grammar.md.
 */
import type { Intent } from '../schema.js';
import { FORMAT_ADJECTIVES, FORMAT_VERBS, SELECTION_PHRASES } from './lexicon.js';
import { fail, ok, readAppName, type Read } from './phrases.js';
import { isWord, type Token } from './tokens.js';

/** The formatting command in tokens, or null when the command is not one (so other rules read it). */
export function matchFormatting(tokens: readonly Token[], platform?: 'macos' | 'linux' | 'windows'): Read<Intent> | null {
  const first = tokens[0];
  if (first === undefined || first.quoted) return null;
  const verbKey = FORMAT_VERBS.get(first.low);
  if (verbKey === undefined && first.low !== 'make') return null;

  // "… in Writer": the app that should receive the shortcut.
  let words = tokens;
  let app: string | undefined;
  const inAt = tokens.findIndex((t, i) => i > 1 && isWord(t, 'in'));
  if (inAt > 0) {
    const name = readAppName(tokens.slice(inAt + 1));
    if (!name.ok) return verbKey === undefined ? null : name;
    app = name.value;
    words = tokens.slice(0, inAt);
  }
  if (words.some((t) => t.quoted)) return verbKey === undefined ? null : fail('formatting a named text is not understood; select it, then say "bold that"');

  let key: string | undefined;
  if (verbKey !== undefined) {
    // bold that | bold the selection
    if (SELECTION_PHRASES.has(phrase(words.slice(1)))) key = verbKey;
  } else {
    // make that bold | make the selection italic
    const last = words[words.length - 1];
    const adjective = last === undefined ? undefined : FORMAT_ADJECTIVES.get(last.low);
    if (adjective !== undefined && SELECTION_PHRASES.has(phrase(words.slice(1, -1)))) key = adjective;
  }
  if (key === undefined) {
    // "make dinner" is no formatting command at all; "bold the word fox" is one the grammar cannot place.
    return verbKey === undefined ? null : fail(`${first.low} what? select the text, then say "${first.low} that"`);
  }
  const modifier = platform === 'linux' || platform === 'windows' ? 'ctrl' : 'cmd';
  return ok({ intent: 'press_key', key, modifiers: [modifier], ...(app === undefined ? {} : { app }) });
}

function phrase(tokens: readonly Token[]): string {
  return tokens.map((t) => t.low).join(' ');
}
