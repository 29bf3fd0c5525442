/**
 * Window and desktop commands (issue #32): "maximise", "minimise the window Budget", "restore",
 * "snap left", "move the window to the other monitor", "full screen", "next window", "switch to
 * window Budget", "show the desktop", "close this window", "zoom in".
 *
 * A command is a lead phrase, then what it acts on (nothing, "window", "the window", "this window",
 * "the window TITLE", "the TITLE window", a bare TITLE where the verb can mean nothing else), then for
 * snapping and moving where to. What could be something else is no_match: "switch to Firefox" stays
 * an app ("window" is needed to name a window), "close" needs "window" (a tab, a file or a dialog may
 * be meant), "move the mouse to the left" names no half or monitor.
 */
import type { WindowAction } from '../../shared/window-actions.js';
import type { Intent } from '../schema.js';
import { fail, ok, type Read } from './phrases.js';
import { isWord, joinTokens, type Token } from './tokens.js';

/** What may follow a lead: no object, an object, a bare title (no "window" said), a place for snap/move. */
interface Lead {
  readonly words: readonly string[];
  readonly action: WindowAction | 'snap' | 'move';
  /** 'none': nothing may follow; 'window': "window" must be said to name one; 'bare': a bare title is read too. */
  readonly object: 'none' | 'window' | 'bare';
}

const lead = (phrase: string, action: Lead['action'], object: Lead['object']): Lead => ({ words: phrase.split(' '), action, object });

/** Longest first where one phrase begins another ("switch to the next window" before "switch to"). */
const LEADS: readonly Lead[] = [
  ...['maximize', 'maximise'].map((p) => lead(p, 'maximize', 'bare')),
  ...['minimize', 'minimise'].map((p) => lead(p, 'minimize', 'bare')),
  ...['exit full screen', 'leave full screen', 'exit fullscreen', 'leave fullscreen'].map((p) => lead(p, 'restore', 'window')),
  ...['restore', 'unmaximize', 'unmaximise'].map((p) => lead(p, 'restore', 'window')),
  ...['toggle full screen', 'toggle fullscreen', 'go full screen', 'go fullscreen', 'full screen', 'fullscreen'].map((p) => lead(p, 'full_screen', 'window')),
  ...['make full screen', 'make fullscreen'].map((p) => lead(p, 'full_screen', 'none')),
  ...[
    'switch to the next window',
    'switch to next window',
    'go to the next window',
    'go to next window',
    'next window',
    'switch windows',
    'switch window',
    'other window',
  ].map((p) => lead(p, 'next_window', 'none')),
  ...['show me the desktop', 'show the desktop', 'show desktop', 'go to the desktop', 'go to desktop'].map((p) => lead(p, 'show_desktop', 'none')),
  ...['switch to', 'go to', 'focus', 'bring up'].map((p) => lead(p, 'switch_to', 'window')),
  lead('close', 'close', 'window'),
  lead('zoom in', 'zoom_in', 'none'),
  lead('zoom out', 'zoom_out', 'none'),
  ...['snap', 'tile'].map((p) => lead(p, 'snap', 'bare')),
  ...['move', 'put'].map((p) => lead(p, 'move', 'window')),
];

/** "the window", "this window", "it": the front window, no title. */
const FRONT_OBJECTS: readonly string[][] = [
  ['window'],
  ['the', 'window'],
  ['this', 'window'],
  ['the', 'current', 'window'],
  ['current', 'window'],
  ['it'],
  ['this'],
];

/** Where snap and move go: the words after the object. */
const PLACES: ReadonlyArray<{ readonly words: readonly string[]; readonly action: WindowAction; readonly moveOk: boolean }> = [
  ...['left', 'right'].flatMap((side) => {
    const action: WindowAction = side === 'left' ? 'snap_left' : 'snap_right';
    const halves = [`to the ${side} half`, `to the ${side} side`, `${side} half`, `to ${side} half`, `on the ${side} half`, `on the ${side}`].map((p) => ({
      words: p.split(' '),
      action,
      moveOk: true,
    }));
    const bare = [`to the ${side}`, side].map((p) => ({ words: p.split(' '), action, moveOk: false }));
    return [...halves, ...bare];
  }),
  ...['monitor', 'screen', 'display'].flatMap((thing) =>
    [`to the other ${thing}`, `to other ${thing}`, `to the next ${thing}`, `to next ${thing}`].map((p) => ({
      words: p.split(' '),
      action: 'other_monitor' as const,
      moveOk: true,
    })),
  ),
];

function startsWith(tokens: readonly Token[], words: readonly string[], at = 0): boolean {
  return words.every((w, i) => isWord(tokens[at + i], w));
}

function equalsWords(tokens: readonly Token[], words: readonly string[]): boolean {
  return tokens.length === words.length && startsWith(tokens, words);
}

const ARTICLES = ['the', 'a', 'an', 'this', 'that', 'all', 'every', 'my'];

/** A title as said: one quoted token exactly, else the words as written. */
function titleOf(command: string, tokens: readonly Token[]): string {
  return tokens.length === 1 && tokens[0]!.quoted ? tokens[0]!.raw : joinTokens(command, tokens);
}

/**
 * The object: undefined title for the front window, a title, or null when the words are no window.
 * "window TITLE", "the window TITLE", "the TITLE window", "TITLE window"; a bare TITLE when allowed.
 */
function readObject(command: string, tokens: readonly Token[], bare: boolean): { title?: string } | null {
  if (tokens.length === 0 || FRONT_OBJECTS.some((o) => equalsWords(tokens, o))) return {};
  if (isWord(tokens[0], 'window') && tokens.length > 1) return titled(command, tokens.slice(1));
  if (startsWith(tokens, ['the', 'window']) && tokens.length > 2) return titled(command, tokens.slice(2));
  if (isWord(tokens[tokens.length - 1], 'window') && tokens.length > 1) {
    const inner = isWord(tokens[0], 'the') ? tokens.slice(1, -1) : tokens.slice(0, -1);
    return inner.length > 0 ? titled(command, inner) : null;
  }
  if (!bare || isWord(tokens[0], ...ARTICLES) || tokens.some((t) => isWord(t, 'window', 'windows'))) return null;
  return titled(command, tokens);
}

function titled(command: string, tokens: readonly Token[]): { title: string } | null {
  if (tokens.length === 0 || isWord(tokens[0], ...ARTICLES.filter((a) => a !== 'the')) || tokens.some((t) => isWord(t, 'windows'))) return null;
  const title = titleOf(command, tokens).trim();
  return title.length > 0 ? { title } : null;
}

function intentOf(action: WindowAction, title: string | undefined): Read<Intent> {
  return ok({ intent: 'window_command', action, ...(title === undefined ? {} : { title }) });
}

/** A window or desktop command covering all of `tokens`, or null when the words are none. */
export function matchWindowCommand(command: string, tokens: readonly Token[]): Read<Intent> | null {
  for (const l of LEADS) {
    if (!startsWith(tokens, l.words)) continue;
    const rest = tokens.slice(l.words.length);
    if (l.action === 'snap' || l.action === 'move') {
      const read = readPlaced(command, rest, l.action === 'snap');
      if (read) return read;
      continue;
    }
    if (l.object === 'none') {
      if (rest.length === 0) return intentOf(l.action, undefined);
      continue;
    }
    // A bare "close" may mean a tab, a file or a dialog: the window is named.
    if (l.action === 'close' && rest.length === 0) continue;
    const object = readObject(command, rest, l.object === 'bare');
    if (object === null) continue;
    if (l.action === 'switch_to' && object.title === undefined) return rest.length === 0 ? null : fail('say the title of the window to switch to');
    return intentOf(l.action, object.title);
  }
  return null;
}

/** `OBJECT PLACE` after snap or move; move needs a half or a monitor, never a bare "left". */
function readPlaced(command: string, rest: readonly Token[], snap: boolean): Read<Intent> | null {
  for (const place of PLACES) {
    if (!snap && !place.moveOk) continue;
    const at = rest.length - place.words.length;
    if (at < 0 || !startsWith(rest, place.words, at)) continue;
    const object = readObject(command, rest.slice(0, at), snap);
    if (object === null) continue;
    return intentOf(place.action, object.title);
  }
  return null;
}
