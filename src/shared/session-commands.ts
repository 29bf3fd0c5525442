/**
 * Commands the panel's session answers itself, before any planner: "stop" (it must work whatever
 * runs, and never wait for or reach an LLM), "pause" and "go on" for a long run (issue #32), showing
 * or hiding the numbered overlay, and "what can I say" (the commands the offline grammar understands, issue #15), and opening the panel's list of
 * the user's own commands (issue #18), which the panel does itself; showing or hiding the mouse grid
 * over the screen or the front window (issue #29; what is said to the grid is src/shared/grid-words.ts);
 * bringing a hidden panel back (issue #31: a voice user must never be stranded without it); the
 * switch scan one step slower or faster (issue #31), which the panel does itself and saves.
 * Each language has its table; the English one is here.
 */
import { DE_SESSION_WORDS } from './lang/de/session-words.js';
import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from './language.js';
import { withUmlautSpellings } from './text/umlauts.js';

export type SessionCommand =
  | 'stop'
  | 'pause'
  | 'go_on'
  | 'show_numbers'
  | 'hide_numbers'
  | 'help'
  | 'user_commands'
  | 'show_grid'
  | 'show_window_grid'
  | 'hide_grid'
  | 'show_panel'
  | 'scan_slower'
  | 'scan_faster';

const PHRASES: Readonly<Record<string, SessionCommand>> = {
  stop: 'stop',
  'stop it': 'stop',
  'stop that': 'stop',
  pause: 'pause',
  'pause it': 'pause',
  'pause that': 'pause',
  'hold on': 'pause',
  'go on': 'go_on',
  continue: 'go_on',
  resume: 'go_on',
  'carry on': 'go_on',
  'keep going': 'go_on',
  'show numbers': 'show_numbers',
  'show the numbers': 'show_numbers',
  'show numbers again': 'show_numbers',
  'hide numbers': 'hide_numbers',
  'hide the numbers': 'hide_numbers',
  'close numbers': 'hide_numbers',
  'show grid': 'show_grid',
  'show the grid': 'show_grid',
  'mouse grid': 'show_grid',
  'show mouse grid': 'show_grid',
  'show the mouse grid': 'show_grid',
  'grid on the screen': 'show_grid',
  'show grid on the screen': 'show_grid',
  'grid on the window': 'show_window_grid',
  'show grid on the window': 'show_window_grid',
  'show the grid on the window': 'show_window_grid',
  'window grid': 'show_window_grid',
  'hide grid': 'hide_grid',
  'hide the grid': 'hide_grid',
  'close grid': 'hide_grid',
  'close the grid': 'hide_grid',
  'hide mouse grid': 'hide_grid',
  'hide the mouse grid': 'hide_grid',
  'show the panel': 'show_panel',
  'show panel': 'show_panel',
  'bring the panel back': 'show_panel',
  'bring back the panel': 'show_panel',
  'show assistive control': 'show_panel',
  'what can i say': 'help',
  'what can i say now': 'help',
  'what do i say': 'help',
  help: 'help',
  'help me': 'help',
  'show commands': 'help',
  'show the commands': 'help',
  'show me the commands': 'help',
  'list commands': 'help',
  'my commands': 'user_commands',
  'show my commands': 'user_commands',
  'edit my commands': 'user_commands',
  'list my commands': 'user_commands',
  'open my commands': 'user_commands',
  'your commands': 'user_commands',
  slower: 'scan_slower',
  'scan slower': 'scan_slower',
  'slower scan': 'scan_slower',
  'slower scanning': 'scan_slower',
  'slow down the scan': 'scan_slower',
  faster: 'scan_faster',
  'scan faster': 'scan_faster',
  'faster scan': 'scan_faster',
  'faster scanning': 'scan_faster',
  'speed up the scan': 'scan_faster',
};

/** German's phrases, every command with its own (the type says so), each also without umlauts. */
const DE_WORDS: Readonly<Record<SessionCommand, readonly string[]>> = DE_SESSION_WORDS;
const DE_PHRASES: Readonly<Record<string, SessionCommand>> = Object.fromEntries(
  (Object.entries(DE_WORDS) as Array<[SessionCommand, readonly string[]]>).flatMap(([command, phrases]) =>
    withUmlautSpellings(phrases).map((p) => [p, command]),
  ),
);

/** Each language's phrases (German's in src/shared/lang/de/session-words.ts). */
const TABLES: Readonly<Record<Language, Readonly<Record<string, SessionCommand>>>> = { en: PHRASES, de: DE_PHRASES };

/** A phrase's command in one table; own keys only: "constructor" is no command. */
const lookUp = (table: Readonly<Record<string, SessionCommand>>, phrase: string): SessionCommand | undefined =>
  Object.hasOwn(table, phrase) ? table[phrase] : undefined;

/**
 * The session command a text is in `language` (case, spaces, a final full stop, "!" or "?" and
 * "please" / "bitte" ignored, with the comma speech-to-text writes beside it: "Stop, please."), if
 * any. With German chosen the English words count too, as the grammar's and the answers' do; stop
 * works in every language whatever is chosen ("stop", "stopp", "halt"): it must never go unheard.
 */
export function sessionCommand(text: string, language: Language = DEFAULT_LANGUAGE): SessionCommand | undefined {
  const phrase = text
    .toLowerCase()
    .trim()
    .replace(/[.!?]+$/u, '')
    .replace(/^(?:please|bitte),?\s+|,?\s+(?:please|bitte)$/gu, '')
    .replace(/\s+/gu, ' ')
    .trim();
  const own = lookUp(TABLES[language], phrase) ?? (language === 'en' ? undefined : lookUp(PHRASES, phrase));
  if (own !== undefined) return own;
  return LANGUAGES.some((l) => lookUp(TABLES[l], phrase) === 'stop') ? 'stop' : undefined;
}

/** The session command a text is in any language: a user's own command may be named after none of them. */
export function sessionCommandInAnyLanguage(text: string): SessionCommand | undefined {
  for (const language of LANGUAGES) {
    const command = sessionCommand(text, language);
    if (command !== undefined) return command;
  }
  return undefined;
}
