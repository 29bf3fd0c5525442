/**
 * The grammar planner's vocabulary: spoken and typed aliases mapped to the schema's canonical names.
 *
 * Everything here is data so a reviewer can see at a glance what the grammar understands, and so
 * that adding an alias never means touching the parser. Keys are lowercase; multi-word aliases
 * are written with single spaces (the tokenizer collapses whitespace before lookups).
 */
import { KEY_NAMES, type CanonicalModifier } from '../../shared/keys.js';
import type { Role } from '../../shared/roles.js';
import type { Language } from '../../shared/language.js';
import type { TextUnit } from '../../shared/text/text-units.js';
import type { CaseChange } from '../dictation-text.js';

/** Spoken and typed names of modifier keys. `option` and `opt` become `alt`: one spelling out. */
export const MODIFIER_ALIASES: ReadonlyMap<string, CanonicalModifier> = new Map<string, CanonicalModifier>([
  ['cmd', 'cmd'],
  ['command', 'cmd'],
  ['⌘', 'cmd'],
  ['ctrl', 'ctrl'],
  ['control', 'ctrl'],
  ['ctl', 'ctrl'],
  ['⌃', 'ctrl'],
  ['alt', 'alt'],
  ['option', 'alt'],
  ['opt', 'alt'],
  ['⌥', 'alt'],
  ['shift', 'shift'],
  ['⇧', 'shift'],
  ['fn', 'fn'],
  ['function', 'fn'],
]);

/** Symbols that may be written glued together ("⌘⇧T"): each is split off as its own chord part. */
export const MODIFIER_SYMBOLS: ReadonlySet<string> = new Set(['⌘', '⌃', '⌥', '⇧']);

/** The order a chord's modifiers are listed in, so equal chords produce equal intents. */
export const MODIFIER_OUTPUT_ORDER: readonly CanonicalModifier[] = ['ctrl', 'alt', 'shift', 'cmd', 'fn'];

const KEY_ALIAS_ENTRIES: ReadonlyArray<readonly [string, string]> = [
  ['return', 'enter'],
  ['enter', 'enter'],
  ['tab', 'tab'],
  ['space', 'space'],
  ['spacebar', 'space'],
  ['space bar', 'space'],
  ['escape', 'escape'],
  ['esc', 'escape'],
  ['backspace', 'backspace'],
  ['back space', 'backspace'],
  ['delete', 'delete'],
  ['del', 'delete'],
  ['forward delete', 'delete'],
  ['insert', 'insert'],
  ['ins', 'insert'],
  ['up', 'up'],
  ['up arrow', 'up'],
  ['arrow up', 'up'],
  ['down', 'down'],
  ['down arrow', 'down'],
  ['arrow down', 'down'],
  ['left', 'left'],
  ['left arrow', 'left'],
  ['arrow left', 'left'],
  ['right', 'right'],
  ['right arrow', 'right'],
  ['arrow right', 'right'],
  ['home', 'home'],
  ['end', 'end'],
  ['page up', 'page_up'],
  ['pageup', 'page_up'],
  ['pgup', 'page_up'],
  ['page down', 'page_down'],
  ['pagedown', 'page_down'],
  ['pgdn', 'page_down'],
  ['minus', 'minus'],
  ['dash', 'minus'],
  ['hyphen', 'minus'],
  ['-', 'minus'],
  ['equal', 'equal'],
  ['equals', 'equal'],
  ['=', 'equal'],
  ['comma', 'comma'],
  [',', 'comma'],
  ['period', 'period'],
  ['dot', 'period'],
  ['full stop', 'period'],
  ['.', 'period'],
  ['slash', 'slash'],
  ['forward slash', 'slash'],
  ['/', 'slash'],
  ['backslash', 'backslash'],
  ['back slash', 'backslash'],
  ['\\', 'backslash'],
  ['semicolon', 'semicolon'],
  [';', 'semicolon'],
  ['quote', 'quote'],
  ['apostrophe', 'quote'],
  ["'", 'quote'],
  ['backquote', 'backquote'],
  ['backtick', 'backquote'],
  ['back tick', 'backquote'],
  ['grave', 'backquote'],
  ['`', 'backquote'],
  ['left bracket', 'left_bracket'],
  ['open bracket', 'left_bracket'],
  ['[', 'left_bracket'],
  ['right bracket', 'right_bracket'],
  ['close bracket', 'right_bracket'],
  [']', 'right_bracket'],
  ['caps lock', 'caps_lock'],
  ['capslock', 'caps_lock'],
  ['print screen', 'print_screen'],
  ['printscreen', 'print_screen'],
  ['prtsc', 'print_screen'],
  ['volume up', 'volume_up'],
  ['volume down', 'volume_down'],
  ['mute', 'mute'],
];

/**
 * Every spoken or typed key name → the canonical key of src/shared/keys.ts.
 *
 * The canonical names themselves are included ("page_down", "f5", "a", "7"), with underscores also
 * read as spaces. There is deliberately no alias for "+" or "plus": which key gives "+" depends on
 * the keyboard layout, so the grammar leaves it to a planner that can ask.
 */
export const KEY_ALIASES: ReadonlyMap<string, string> = (() => {
  const map = new Map<string, string>();
  for (const key of KEY_NAMES) {
    map.set(key, key);
    if (key.includes('_')) map.set(key.replace(/_/g, ' '), key);
  }
  for (const [alias, key] of KEY_ALIAS_ENTRIES) map.set(alias, key);
  return map;
})();

/** The longest alias in words, so lookups try at most this many words at a time. */
export const KEY_ALIAS_MAX_WORDS = 2;

/**
 * Words that name an element's role when they end an element phrase ("the Send button").
 *
 * Only words that map to one role without doubt are here. "icon", "folder", "bar" and the like are
 * in NOUNS_WITHOUT_ROLE instead: they describe an element but no role says which.
 */
export const ROLE_WORDS: ReadonlyMap<string, Role> = new Map<string, Role>([
  ['button', 'button'],
  ['link', 'link'],
  ['tab', 'tab'],
  ['checkbox', 'check_box'],
  ['check box', 'check_box'],
  ['tick box', 'check_box'],
  ['radio button', 'radio_button'],
  ['toggle button', 'toggle_button'],
  ['switch', 'switch'],
  ['menu item', 'menu_item'],
  ['menu', 'menu'],
  ['field', 'text_field'],
  ['text field', 'text_field'],
  ['textfield', 'text_field'],
  ['box', 'text_field'],
  ['text box', 'text_field'],
  ['textbox', 'text_field'],
  ['input field', 'text_field'],
  ['search field', 'search_field'],
  ['search box', 'search_field'],
  ['password field', 'password_field'],
  ['text area', 'text_area'],
  ['combo box', 'combo_box'],
  ['dropdown', 'combo_box'],
  ['drop-down', 'combo_box'],
  ['drop down', 'combo_box'],
  ['slider', 'slider'],
  ['list item', 'list_item'],
  ['row', 'row'],
  ['cell', 'cell'],
  ['heading', 'heading'],
  ['image', 'image'],
]);

/** Words before a role that count only controls without a name: "the second unnamed button". */
export const UNNAMED_WORDS: ReadonlySet<string> = new Set(['unnamed', 'nameless', 'unlabelled', 'unlabeled']);

/** Roles that take typed text: `type "…" into the X field` accepts only these role words. */
export const TEXT_TARGET_ROLES: ReadonlySet<Role> = new Set<Role>(['text_field', 'search_field', 'text_area']);

/**
 * Nouns that end an element phrase without naming a role ("the Trash icon", "the Documents folder").
 *
 * Keeping them in the label would ask the resolver for an element called "Trash icon", which does
 * not exist; dropping them would guess. Either way the user waits, so these phrases are no_match and
 * go to a planner that can look at the screen.
 */
export const NOUNS_WITHOUT_ROLE: ReadonlySet<string> = new Set([
  'icon',
  'folder',
  'file',
  'item',
  'option',
  'entry',
  'thing',
  'element',
  'control',
  'one',
  'bar',
  'area',
  'panel',
  'pane',
  'window',
  'dialog',
  'section',
  'key',
  'keys',
  'label',
  'word',
  'text',
]);

/** Words that cannot begin a label: they point at something ("this", "my") instead of naming it. */
export const NON_NAMING_WORDS: ReadonlySet<string> = new Set([
  'a',
  'an',
  'my',
  'your',
  'our',
  'his',
  'her',
  'their',
  'its',
  'it',
  'this',
  'that',
  'these',
  'those',
  'them',
  'here',
  'there',
  'some',
  'any',
  'all',
  'every',
  'everything',
  'something',
  'anything',
  'nothing',
  'another',
  'first',
  'second',
  'third',
  'last',
  'top',
  'bottom',
  'leftmost',
  'rightmost',
  'other',
  'same',
]);

/** Labels that are only a direction: "move the mouse to the left" is a movement, not a target. */
export const DIRECTION_WORDS: ReadonlySet<string> = new Set([
  'up',
  'down',
  'left',
  'right',
  'top',
  'bottom',
  'middle',
  'center',
  'centre',
  'corner',
  'side',
  'edge',
]);

/**
 * Words that make "open X" not an application: places, documents, UI parts, states and modes.
 *
 * The check is on every word of X, so "open the file menu", "start dictation", "go to the next
 * page" and "switch to dark mode" all fail. An app whose name contains one of these words can still
 * be opened by quoting it or by another planner.
 */
export const NOT_APP_WORDS: ReadonlySet<string> = new Set([
  // Pointing words and articles: "open my documents", "open a new tab", "open it".
  ...NON_NAMING_WORDS,
  'the',
  'new',
  // Prepositions: "open settings in Safari", "open a file from Downloads".
  'in',
  'on',
  'at',
  'into',
  'onto',
  'to',
  'from',
  'with',
  'for',
  'of',
  'by',
  'about',
  'under',
  'over',
  'and',
  'or',
  // Parts of a window rather than programs.
  'menu',
  'menus',
  'tab',
  'tabs',
  'window',
  'windows',
  'file',
  'folder',
  'folders',
  'document',
  'documents',
  'page',
  'pages',
  'link',
  'links',
  'button',
  'buttons',
  'dialog',
  'website',
  'site',
  'url',
  'browser',
  'message',
  'email',
  'bar',
  'sidebar',
  'panel',
  'field',
  // Folders people name as if they were apps.
  'desktop',
  'downloads',
  'pictures',
  'movies',
  'videos',
  'trash',
  'bin',
  // Places within a document or app ("go to the top", "go to line 10").
  'top',
  'bottom',
  'line',
  'end',
  'beginning',
  'next',
  'previous',
  'back',
  'forward',
  // Activities and modes ("start dictation", "switch to dark mode", "go to sleep").
  'dictation',
  'recording',
  'typing',
  'listening',
  'scanning',
  'sleep',
  'bed',
  'mode',
  'view',
  'layout',
  'keyboard',
  'language',
  'again',
  'timer',
  // Time ("press enter in a second", "click Send in 5 minutes"): a delay is not an app.
  'second',
  'seconds',
  'minute',
  'minutes',
  'hour',
  'hours',
  'moment',
  'while',
  // Amounts ("cut in half"): not an app after "in".
  'half',
  'pieces',
  'background',
  'foreground',
  'fullscreen',
  // Command verbs: a second command glued on ("open Safari type hello").
  'click',
  'type',
  'press',
  'scroll',
  'drag',
  'move',
]);

/** Whole app names that are really a place inside the current app ("open settings" = its settings?). */
export const AMBIGUOUS_APP_NAMES: ReadonlySet<string> = new Set([
  'settings',
  'preferences',
  'options',
  'properties',
  'help',
  // "open app", "launch the program": which one?
  'app',
  'apps',
  'application',
  'applications',
  'program',
  'programs',
]);

/**
 * Label endings that read as a phrasal verb with "in"/"on" ("Sign in", "Zoom in", "Turn on").
 *
 * "click Sign in Chrome" could be the "Sign" button in Chrome or "Sign in" in the front app: a
 * label ending in one of these before "in App" / "on App" is no_match.
 */
export const PHRASAL_BEFORE_IN_ON: ReadonlySet<string> = new Set([
  'sign',
  'log',
  'zoom',
  'check',
  'plug',
  'opt',
  'built',
  'fill',
  'logged',
  'signed',
  'drop',
  'pop',
  'turn',
  'switch',
  'add',
  'carry',
  'hold',
  'move',
  'go',
  'come',
  'click',
  'tap',
  'log-in',
  'read',
  'join',
]);

const ONES = [
  'zero',
  'one',
  'two',
  'three',
  'four',
  'five',
  'six',
  'seven',
  'eight',
  'nine',
  'ten',
  'eleven',
  'twelve',
  'thirteen',
  'fourteen',
  'fifteen',
  'sixteen',
  'seventeen',
  'eighteen',
  'nineteen',
];
const TENS = ['twenty', 'thirty', 'forty', 'fifty', 'sixty', 'seventy', 'eighty', 'ninety'];

/** Number words 0–19. Speech-to-text writes small numbers as words often enough to matter. */
export const NUMBER_ONES: ReadonlyMap<string, number> = new Map(ONES.map((w, i) => [w, i]));
/** Number words for the tens, combined with NUMBER_ONES for 21–99 ("twenty three", "twenty-three"). */
export const NUMBER_TENS: ReadonlyMap<string, number> = new Map(TENS.map((w, i) => [w, (i + 2) * 10]));

/** Repetition words after a count ("3 times") or alone ("twice"). */
export const REPEAT_WORDS: ReadonlyMap<string, number> = new Map([
  ['once', 1],
  ['twice', 2],
  ['thrice', 3],
]);

/**
 * Formatting the selection: the word → the key pressed with `cmd` (⌘ on macOS, Ctrl on Linux and
 * Windows: src/execution/input/keymap.ts), the shortcut word processors, editors and mail apps share.
 * "bold that" / "italicize it" / "underline the selection" use the verbs; "make that bold" the
 * adjectives. See formatting.ts for the phrases and what is left to other planners.
 */
export const FORMAT_VERBS: ReadonlyMap<string, string> = new Map([
  ['bold', 'b'],
  ['embolden', 'b'],
  ['italicize', 'i'],
  ['italicise', 'i'],
  ['underline', 'u'],
]);
export const FORMAT_ADJECTIVES: ReadonlyMap<string, string> = new Map([
  ['bold', 'b'],
  ['italic', 'i'],
  ['underlined', 'u'],
]);
/** What "that" may be in a formatting command: the selection, never a text named in the command. */
export const SELECTION_PHRASES: ReadonlySet<string> = new Set([
  'that',
  'this',
  'it',
  'selection',
  'the selection',
  'the selected text',
  'the highlighted text',
]);

// The grammar planner's own word tables (verbs, questions, keys, text and scroll words).

/** What the grammar needs to know about the computer it plans for. */
export interface GrammarOptions {
  /**
   * The platform, for the few commands whose keys differ ("go back": alt+left, ⌘[ on a Mac).
   * Without it those commands are no_match: the grammar does not guess the platform.
   */
  readonly platform?: 'macos' | 'linux' | 'windows';
  /** The language of the command (the `language` setting); English when absent. */
  readonly language?: Language;
}

/** Words that may stand alone before a comma at the start of a command. */
export const LEADING_FILLERS = ['please', 'ok', 'okay', 'so', 'now', 'hey'];

/** What a command verb asks for: the grammar reads the rest of the command by this. */
export type VerbKind =
  'open' | 'click' | 'double' | 'right' | 'triple' | 'press' | 'type' | 'fill' | 'scroll' | 'move' | 'hover' | 'drag' | 'back' | 'forward' | 'web';

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
  { words: ['go', 'forward'], kind: 'forward' },
  { words: ['visit'], kind: 'web' },
  { words: ['browse', 'to'], kind: 'web' },
  { words: ['navigate', 'to'], kind: 'web' },
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
  // Text into a named field: "fill Recipient with Ada", "enter Ada in the Name field", "put Ada into Name".
  { words: ['fill'], kind: 'fill', optional: ['in', 'out'] },
  { words: ['enter'], kind: 'fill' },
  { words: ['put'], kind: 'fill' },
  { words: ['scroll'], kind: 'scroll' },
  { words: ['move'], kind: 'move' },
  { words: ['hover'], kind: 'hover', optional: ['over', 'on'] },
  { words: ['drag'], kind: 'drag' },
  { words: ['drag', 'and', 'drop'], kind: 'drag' },
];

/** Contractions and synonyms folded before the question phrases are looked up. */
export const QUESTION_FOLD: ReadonlyMap<string, readonly string[]> = new Map([
  ["what's", ['what', 'is']],
  ['whats', ['what', 'is']],
  ["i'm", ['i', 'am']],
  ['application', ['app']],
  ['program', ['app']],
  ['applications', ['apps']],
  ['programs', ['apps']],
  ["what're", ['what', 'are']],
  ["which're", ['which', 'are']],
  ['frontmost', ['front']],
  ['foremost', ['front']],
]);

export const FRONTMOST_QUESTIONS: ReadonlySet<string> = new Set(
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
  ]
    .flatMap((tail) => [`what ${tail}`, `which ${tail}`])
    .concat([
      'what is the front app',
      'which is the front app',
      'what is the active app',
      'what is the current app',
      'what is the focused app',
      'what is this app',
      'tell me the front app',
    ]),
);

export const SCREEN_QUESTIONS: ReadonlySet<string> = new Set([
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

/** A key and its modifiers, as a press_key intent names them. */
export interface KeyChord {
  readonly key: string;
  readonly modifiers: readonly CanonicalModifier[];
}

type Platform = NonNullable<GrammarOptions['platform']>;

/** "What's open": the running apps (list_applications). Written after QUESTION_FOLD ("what's" is "what is"). */
export const APPS_QUESTIONS: ReadonlySet<string> = new Set([
  'what is open',
  'what is open now',
  'what is open right now',
  'what is running',
  'what is running now',
  ...['what', 'which'].flatMap((w) => [
    `${w} apps are open`,
    `${w} apps are running`,
    `${w} apps do i have open`,
    `${w} apps have i got open`,
    `${w} apps are there`,
  ]),
  'list apps',
  'list the apps',
  'list open apps',
  'list the open apps',
  'list running apps',
  'list the running apps',
  'list all apps',
  'list all open apps',
  'show open apps',
  'show the open apps',
  'show me the open apps',
  'show running apps',
  'show me what is open',
  'show me what is running',
  'tell me what is open',
]);

/** The key for "back" in browsers and file managers. */
export const BACK_KEYS: Readonly<Record<Platform, KeyChord>> = {
  linux: { key: 'left', modifiers: ['alt'] },
  windows: { key: 'left', modifiers: ['alt'] },
  macos: { key: 'left_bracket', modifiers: ['cmd'] },
};

/** The key for "forward", the mirror of BACK_KEYS. */
export const FORWARD_KEYS: Readonly<Record<Platform, KeyChord>> = {
  linux: { key: 'right', modifiers: ['alt'] },
  windows: { key: 'right', modifiers: ['alt'] },
  macos: { key: 'right_bracket', modifiers: ['cmd'] },
};

/** The everyday editing and tab commands, each the shortcut nearly every app gives it. */
export type EverydayCommand = 'undo' | 'redo' | 'copy' | 'cut' | 'paste' | 'select_all' | 'save' | 'find' | 'new_tab' | 'close_tab';

/**
 * Each everyday command's shortcut, pressed with the platform's command key (⌘ on macOS, Ctrl on
 * Linux and Windows; `cmd`, which the keymap makes Ctrl off a Mac, when the platform is not known).
 * Redo differs: ⇧⌘Z on a Mac, Ctrl+Shift+Z on Linux (GTK, GNOME, Firefox, Chromium; LibreOffice
 * wants Ctrl+Y: "press ctrl+y"), Ctrl+Y on Windows.
 */
export const EVERYDAY_KEYS: Readonly<Record<EverydayCommand, { readonly key: string; readonly shift?: true; readonly windows?: string }>> = {
  undo: { key: 'z' },
  redo: { key: 'z', shift: true, windows: 'y' },
  copy: { key: 'c' },
  cut: { key: 'x' },
  paste: { key: 'v' },
  select_all: { key: 'a' },
  save: { key: 's' },
  find: { key: 'f' },
  new_tab: { key: 't' },
  close_tab: { key: 'w' },
};

/** What "it" may be after an everyday verb: what is selected, never a thing named in the command. */
const ON_SELECTION = ['', ' that', ' this', ' it', ' the selection', ' selection', ' the selected text', ' the text'];

/**
 * Every phrase of an everyday command, as said (lowercase, single spaces; "please", "for me" and the
 * final punctuation are already gone). A phrase names nothing else: "copy the file", "find hello",
 * "save as" and "close the window" are not here, so they go to a planner that can look.
 */
export const EVERYDAY_PHRASES: ReadonlyMap<string, EverydayCommand> = new Map<string, EverydayCommand>([
  ...['undo', 'undo that', 'undo it', 'undo this', 'undo the last change', 'undo last change'].map((p) => [p, 'undo'] as const),
  ...['redo', 'redo that', 'redo it', 'redo this'].map((p) => [p, 'redo'] as const),
  ...ON_SELECTION.map((t) => [`copy${t}`, 'copy'] as const),
  ...ON_SELECTION.map((t) => [`cut${t}`, 'cut'] as const),
  ...['paste', 'paste it', 'paste that', 'paste this', 'paste here', 'paste it here', 'paste that here', 'paste the clipboard'].map(
    (p) => [p, 'paste'] as const,
  ),
  ...['select all', 'select everything', 'select all text', 'select all the text', 'select all of it', 'select the whole thing'].map(
    (p) => [p, 'select_all'] as const,
  ),
  ...[
    'save',
    'save it',
    'save this',
    'save that',
    'save the file',
    'save file',
    'save the document',
    'save document',
    'save my work',
    'save changes',
    'save the changes',
  ].map((p) => [p, 'save'] as const),
  ...[
    'find',
    'find in page',
    'find on page',
    'find in this page',
    'find on this page',
    'find on the page',
    'search this page',
    'search the page',
    'search in page',
  ].map((p) => [p, 'find'] as const),
  ...['new tab', 'open a new tab', 'open new tab', 'open a tab', 'open another tab', 'open up a new tab'].map((p) => [p, 'new_tab'] as const),
  ...['close tab', 'close the tab', 'close this tab', 'close the current tab', 'close current tab'].map((p) => [p, 'close_tab'] as const),
]);

/** Words that may stand before a web address after "open", "go to" or "visit" ("open the website example.com"). */
export const WEBSITE_WORDS: ReadonlySet<string> = new Set(['the website', 'the site', 'website', 'site', 'the web page', 'the page', 'web page']);

/**
 * Top-level domains that make a bare "name.tld" a web address ("open example.com"): every two-letter
 * country code (below, minus the file extensions) and these generic ones. `.app`, `.zip` and `.mov`
 * are left out on purpose: "open Notes.app", "open photos.zip" name files.
 */
export const GENERIC_TLDS: ReadonlySet<string> = new Set([
  'com',
  'org',
  'net',
  'edu',
  'gov',
  'mil',
  'int',
  'info',
  'biz',
  'name',
  'pro',
  'dev',
  'page',
  'xyz',
  'online',
  'site',
  'tech',
  'store',
  'shop',
  'blog',
  'cloud',
  'news',
  'wiki',
  'museum',
  'aero',
  'coop',
  'jobs',
  'travel',
  'mobi',
  'asia',
  'email',
  'live',
  'life',
  'world',
  'today',
  'space',
  'website',
  'art',
  'design',
  'agency',
  'digital',
  'media',
  'network',
  'social',
  'club',
  'group',
  'games',
  'academy',
  'education',
  'health',
  'bank',
  'inc',
  'company',
  'solutions',
  'studio',
]);

/**
 * Two-letter endings that are file extensions more often than they are spoken countries ("open
 * main.py", "open notes.md", "open report.ps"): such a name is not read as a web address unless it
 * starts with "www." or a scheme.
 */
export const FILE_EXTENSION_TLDS: ReadonlySet<string> = new Set([
  'py',
  'sh',
  'md',
  'rs',
  'ps',
  'so',
  'cc',
  'mm',
  'ml',
  'la',
  'gz',
  'js',
  'ts',
  'cs',
  'db',
  'el',
  'hs',
  'rb',
  'go',
  'ko',
]);

/** Schemes that are addresses even without "//" ("javascript:…", "mailto:…"): the grammar refuses them by name. */
export const SCHEMES_WITHOUT_SLASHES: ReadonlySet<string> = new Set([
  'javascript',
  'vbscript',
  'data',
  'file',
  'mailto',
  'about',
  'blob',
  'view-source',
  'tel',
  'sms',
  'magnet',
  'jar',
]);

/** The first words of the everyday phrases: after "and" or a comma they may begin the next command. */
export const EVERYDAY_FIRST_WORDS: ReadonlySet<string> = new Set([...EVERYDAY_PHRASES.keys()].map((p) => p.split(' ')[0] as string));

export const FIELD_HINT_WORDS: ReadonlySet<string> = new Set([
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
export const DESCRIBED_TEXT: ReadonlySet<string> = new Set(['word', 'words', 'text', 'phrase', 'letter', 'letters', 'following', 'number', 'sentence']);

export const SCROLL_DIRECTIONS: ReadonlyMap<string, 'up' | 'down' | 'left' | 'right'> = new Map([
  ['up', 'up'],
  ['upward', 'up'],
  ['upwards', 'up'],
  ['down', 'down'],
  ['downward', 'down'],
  ['downwards', 'down'],
  ['left', 'left'],
  ['right', 'right'],
]);
export const SCROLL_UNITS: ReadonlySet<string> = new Set([
  'time',
  'times',
  'line',
  'lines',
  'click',
  'clicks',
  'step',
  'steps',
  'notch',
  'notches',
  'tick',
  'ticks',
]);
export const SCROLL_SMALL: ReadonlySet<string> = new Set(['a bit', 'a little', 'a little bit', 'slightly', 'a tad', 'a touch']);

/** Paging and scrolling to an end, as Voice Control, Voice Access, Dragon and Talon users say it. */
export type PagingCommand = 'page_down' | 'page_up' | 'top' | 'bottom';

const PAGE_WORDS = ['a page', 'one page', 'by a page', 'by one page'];

/** Every phrase of a paging command (lowercase, single spaces, "please" and final punctuation gone). */
export const PAGING_PHRASES: ReadonlyMap<string, PagingCommand> = new Map<string, PagingCommand>([
  ...(['down', 'up'] as const).flatMap((way) => {
    const command: PagingCommand = way === 'down' ? 'page_down' : 'page_up';
    return [
      `page ${way}`,
      `scroll page ${way}`,
      `scroll a page ${way}`,
      `scroll one page ${way}`,
      ...PAGE_WORDS.map((p) => `scroll ${way} ${p}`),
      `go ${way} a page`,
      `go ${way} one page`,
    ].map((p) => [p, command] as const);
  }),
  ...['scroll to the top', 'scroll to top', 'scroll all the way up', 'go to the top', 'go to top', 'scroll to the beginning'].map((p) => [p, 'top'] as const),
  ...['scroll to the bottom', 'scroll to bottom', 'scroll all the way down', 'go to the bottom', 'go to bottom', 'scroll to the end'].map(
    (p) => [p, 'bottom'] as const,
  ),
]);

/**
 * The keys for the top and the bottom of a page or document: Ctrl+Home / Ctrl+End on Linux and
 * Windows (browsers, editors, lists), Home / End on a Mac (⌘↑ would open the enclosing folder in
 * Finder). Without the platform these phrases are no_match.
 */
export const END_KEYS: Readonly<Record<Platform, Readonly<Record<'top' | 'bottom', KeyChord>>>> = {
  linux: { top: { key: 'home', modifiers: ['ctrl'] }, bottom: { key: 'end', modifiers: ['ctrl'] } },
  windows: { top: { key: 'home', modifiers: ['ctrl'] }, bottom: { key: 'end', modifiers: ['ctrl'] } },
  macos: { top: { key: 'home', modifiers: [] }, bottom: { key: 'end', modifiers: [] } },
};

/**
 * Editing any text field (issue #32 item 3, verbs-edit.ts): the units by the words that name them,
 * the verbs that change case, the words for the selection, the caret's verbs and edges.
 */
export const EDIT_UNIT_WORDS: ReadonlyMap<string, TextUnit> = new Map([
  ['character', 'character'],
  ['word', 'word'],
  ['sentence', 'sentence'],
  ['paragraph', 'paragraph'],
  ['para', 'paragraph'],
  ['line', 'line'],
]);
export const EDIT_CASE_VERBS: ReadonlyMap<string, CaseChange> = new Map([
  ['capitalise', 'capitalize'],
  ['capitalize', 'capitalize'],
  ['cap', 'capitalize'],
  ['uppercase', 'upper'],
  ['upper case', 'upper'],
  ['all caps', 'upper'],
  ['lowercase', 'lower'],
  ['lower case', 'lower'],
  ['no caps', 'lower'],
]);
/** "that", "it", "the selection": what is selected in the field. */
export const EDIT_SELECTION_WORDS: ReadonlySet<string> = new Set(['that', 'it', 'this', 'the selection', 'the selected text', 'selection']);
/** "this sentence", "the current line": the unit the caret is in. */
export const EDIT_CURRENT_WORDS: ReadonlySet<string> = new Set(['this', 'the', 'the current', 'current']);
/** "go to the end of the line": the verbs that move the caret. */
export const CARET_VERBS: readonly string[] = ['go', 'move', 'jump', 'skip', 'move the cursor', 'move the caret', 'put the cursor', 'put the caret'];
export const CARET_EDGES: ReadonlyMap<string, 'start' | 'end'> = new Map([
  ['start', 'start'],
  ['beginning', 'start'],
  ['end', 'end'],
]);
/** "the end of the text": the whole field. */
export const EDIT_WHOLE_WORDS: ReadonlySet<string> = new Set(['the text', 'the field', 'the text field']);
