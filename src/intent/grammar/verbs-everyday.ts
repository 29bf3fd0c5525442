/**
 * The everyday commands (issue #18): undo, redo, copy, cut, paste, select all, save, find, new tab,
 * close tab — each the shortcut nearly every app gives it, pressed with the platform's command key.
 * ("go forward" is beside "go back", in verbs-keys.ts.)
 */
import type { CanonicalModifier } from '../../shared/keys.js';
import type { Intent } from '../schema.js';
import { EVERYDAY_KEYS, EVERYDAY_PHRASES, MODIFIER_OUTPUT_ORDER, type EverydayCommand, type GrammarOptions } from './lexicon.js';
import { ok, type Read, readAppName } from './phrases.js';
import { isWord, type Token } from './tokens.js';

function phraseOf(tokens: readonly Token[]): string | null {
  if (tokens.some((t) => t.quoted)) return null;
  return tokens.map((t) => t.low).join(' ');
}

/** The shortcut of an everyday command on a platform (⌘ on macOS, Ctrl elsewhere, `cmd` when unknown). */
export function everydayChord(command: EverydayCommand, platform: GrammarOptions['platform']): { key: string; modifiers: CanonicalModifier[] } {
  const spec = EVERYDAY_KEYS[command];
  const primary: CanonicalModifier = platform === 'linux' || platform === 'windows' ? 'ctrl' : 'cmd';
  if (platform === 'windows' && spec.windows !== undefined) return { key: spec.windows, modifiers: [primary] };
  const modifiers: CanonicalModifier[] = spec.shift ? ['shift', primary] : [primary];
  return { key: spec.key, modifiers: MODIFIER_OUTPUT_ORDER.filter((m) => modifiers.includes(m)) };
}

/** The whole phrase is an everyday command (no app): which one, else undefined. */
export function everydayCommandOf(tokens: readonly Token[]): EverydayCommand | undefined {
  const phrase = phraseOf(tokens);
  return phrase === null ? undefined : EVERYDAY_PHRASES.get(phrase);
}

/**
 * An everyday command, optionally "in App" ("undo in Writer", "new tab in Firefox"), or null when
 * the command is not one (so other rules read it). "find in page" is the phrase itself: the app
 * suffix is tried only when the whole phrase is not a command.
 */
export function matchEveryday(tokens: readonly Token[], options: GrammarOptions): Read<Intent> | null {
  let command = everydayCommandOf(tokens);
  let app: string | undefined;
  if (command === undefined) {
    const inAt = findLast(tokens, (t) => isWord(t, 'in'));
    if (inAt < 1) return null;
    command = everydayCommandOf(tokens.slice(0, inAt));
    if (command === undefined) return null;
    const name = readAppName(tokens.slice(inAt + 1));
    if (!name.ok) return name;
    app = name.value;
  }
  return everydayIntent(command, options, app);
}

/** The key press of an everyday command, in `app` when one was named. */
export function everydayIntent(command: EverydayCommand, options: GrammarOptions, app?: string): Read<Intent> {
  const chord = everydayChord(command, options.platform);
  return ok({ intent: 'press_key', key: chord.key, modifiers: chord.modifiers, ...(app === undefined ? {} : { app }) });
}

function findLast(tokens: readonly Token[], test: (t: Token) => boolean): number {
  for (let i = tokens.length - 1; i >= 0; i--) if (test(tokens[i] as Token)) return i;
  return -1;
}
