/**
 * "What can I say" (issue #15): the commands the offline grammar understands, grouped, with examples
 * taken from the app in front when its element names are known, generic ones otherwise.
 *
 * It cannot drift from the grammar: the groups are keyed by the grammar's verb kinds (a new kind does
 * not compile without its group), the other ways to say each verb are read from the grammar's verb
 * table, and every example is parsed by the grammar before it is shown — one that does not parse to
 * the intent its group is about (an app's odd button name, a generic example a grammar change broke)
 * is left out, and a test proves no generic one is.
 */
import type { CommandGuide, GuideGroup } from '../../shared/command-guide.js';
import type { Role } from '../../shared/roles.js';
import type { Intent } from '../schema.js';
import { parseCommand, VERB_PHRASES, type GrammarOptions, type VerbKind, type VerbPhrase } from './grammar-planner.js';
import {
  DE_ANSWER_GROUP,
  DE_OTHER_GROUPS,
  DE_SESSION_GROUP,
  DE_TEXT_EDIT_GROUP,
  DE_VERB_GROUPS,
  deConfirmationGuide,
  deGridGuide,
  deQuestionGuide,
  deRunningGuide,
} from './de/command-guide-de.js';
import type { Language } from '../../shared/language.js';
import { DE_VERB_PHRASES } from './de/words.js';
import { TEXT_TARGET_ROLES } from './lexicon.js';
import { ex, type Example, type GroupSpec, type Names } from './guide-spec.js';
import { CANCEL_EXAMPLES, CHOICE_EXAMPLES, CONFIRM_EXAMPLES, SESSION_EXAMPLES } from './guide-examples.js';
import { readTextEdit } from './verbs-edit.js';

/** An element of the app in front, as an observation lists it. */
export interface GuideElement {
  readonly role: string;
  readonly label: string;
}

export interface GuideVocabulary {
  /** The app the elements are from. */
  readonly app: string;
  readonly elements: readonly GuideElement[];
}

/** The user's own commands shown in the guide, at most. */
export const OWN_COMMANDS_SHOWN = 12;
/** The title of the group of the user's own commands (issue #18 item 4). */
export const OWN_COMMANDS_TITLE = 'Your own commands';

export interface GuideOptions extends GrammarOptions {
  /**
   * The phrases of the user's own commands (the commands file, issue #18), as the user wrote them
   * ("reply to {name}"): listed in a group of their own after the grammar's, each once, the first
   * OWN_COMMANDS_SHOWN. They are not grammar commands, so they are not parsed here.
   */
  readonly ownCommands?: readonly string[];
  /**
   * Whether an example taken from the app may be shown (the composer keeps only harmless ones: an
   * example is offered to be run with one switch press, and screen names are untrusted).
   */
  readonly keep?: (intent: Intent) => boolean;
}

const CLICKABLE: ReadonlySet<string> = new Set<Role>([
  'button',
  'toggle_button',
  'link',
  'menu_item',
  'tab',
  'check_box',
  'radio_button',
  'switch',
  'list_item',
]);
/** Labels longer than this make poor examples (and are often sentences, not names). */
const LABEL_MAX = 32;
/** Examples from the app per group. */
const FROM_APP = 2;

/**
 * One group per verb kind of the grammar, in the order a new user needs them. A group's first generic
 * example has the shape its examples from the app take, and gives way to them.
 */
const VERB_GROUPS: Readonly<Record<VerbKind, GroupSpec>> = {
  click: {
    title: 'Click a button, link or tab',
    generic: [ex('click Send', 'click_element'), ex('click the OK button', 'click_element'), ex('click 12', 'click_element')],
    fromApp: (n) => n.clickable.map((l) => ex(`click ${l}`, 'click_element', l)),
  },
  type: {
    title: 'Type text',
    generic: [ex('type "hello" into the Search field', 'type_text'), ex('type "hello"', 'type_text'), ex('spell cap alpha bravo dash 4', 'type_text')],
    fromApp: (n) => n.fields.map((l) => ex(`type "hello" into the ${l} field`, 'type_text', l)),
  },
  fill: {
    title: 'Fill in a field',
    generic: [ex('fill Recipient with "Ada"', 'type_text'), ex('enter "Ada" in the Name field', 'type_text')],
    fromApp: (n) => n.fields.map((l) => ex(`fill ${l} with "Ada"`, 'type_text', l)),
  },
  press: {
    title: 'Press keys',
    generic: [ex('press enter', 'press_key'), ex('press shift+tab', 'press_key'), ex('press tab 3 times', 'sequence')],
  },
  open: {
    title: 'Open or switch to an app',
    generic: [ex('switch to Files', 'open_application'), ex('open Firefox', 'open_application')],
    fromApp: (n) => [ex(`switch to ${n.app}`, 'open_application')],
  },
  scroll: {
    title: 'Scroll',
    generic: [ex('scroll down', 'scroll'), ex('scroll up 3', 'scroll'), ex('scroll down a bit', 'scroll'), ex('page down', 'press_key')],
  },
  double: {
    title: 'Double-click',
    generic: [ex('double-click Report', 'double_click_element')],
    fromApp: (n) => n.clickable.map((l) => ex(`double-click ${l}`, 'double_click_element', l)),
  },
  right: {
    title: 'Right-click (the menu of an element)',
    generic: [ex('right-click Report', 'right_click_element')],
    fromApp: (n) => n.clickable.map((l) => ex(`right-click ${l}`, 'right_click_element', l)),
  },
  triple: {
    title: 'Triple-click a point',
    generic: [ex('triple-click at 200, 300', 'left_click_coordinates')],
  },
  move: {
    title: 'Move the mouse',
    generic: [ex('move the mouse to Send', 'move_mouse'), ex('move the mouse to 200, 300', 'move_mouse')],
    fromApp: (n) => n.clickable.map((l) => ex(`move the mouse to ${l}`, 'move_mouse', l)),
  },
  hover: {
    title: 'Hover over an element',
    generic: [ex('hover over Send', 'move_mouse')],
    fromApp: (n) => n.clickable.map((l) => ex(`hover over ${l}`, 'move_mouse', l)),
  },
  drag: {
    title: 'Drag',
    generic: [ex('drag Report to Archive', 'drag'), ex('drag from 100, 200 to 300, 400', 'drag')],
  },
  back: {
    title: 'Go back a page',
    generic: [ex('go back', 'press_key')],
  },
  forward: {
    title: 'Go forward a page',
    generic: [ex('go forward', 'press_key')],
  },
  web: {
    title: 'Open a web page',
    generic: [ex('open example.com', 'open_url'), ex('go to https://example.org', 'open_url'), ex('visit www.example.net', 'open_url')],
  },
};

/** Commands the grammar reads without a verb of the table. */
const OTHER_GROUPS: readonly GroupSpec[] = [
  {
    title: 'Ask about the screen',
    generic: [
      ex('what’s on screen', 'get_screen_elements'),
      ex('what can I click', 'get_screen_elements'),
      // With a planner for pictures it is answered from a picture of the window (src/agent/vision.ts).
      ex('describe the screen', 'get_screen_elements'),
      ex('what app is this', 'get_frontmost_app'),
      ex('what’s open', 'list_applications'),
    ],
  },
  {
    title: 'Edit: undo, copy, paste, save',
    generic: [
      ex('undo', 'press_key'),
      ex('redo', 'press_key'),
      ex('copy that', 'press_key'),
      ex('cut that', 'press_key'),
      ex('paste', 'press_key'),
      ex('select all', 'press_key'),
      ex('save', 'press_key'),
      ex('find', 'press_key'),
    ],
  },
  {
    title: 'Tabs',
    generic: [ex('new tab', 'press_key'), ex('close tab', 'press_key')],
  },
  {
    title: 'Windows',
    generic: [
      ex('maximise', 'window_command'),
      ex('snap left', 'window_command'),
      ex('switch to window Budget', 'window_command'),
      ex('show the desktop', 'window_command'),
    ],
  },
  {
    title: 'Spreadsheet cells',
    generic: [ex('go to cell B2', 'go_to_cell'), ex('select A1 to C5', 'go_to_cell'), ex('type 42 in cell B3', 'sequence')],
  },
  {
    title: 'Format the selected text',
    generic: [ex('bold that', 'press_key'), ex('make it italic', 'press_key'), ex('underline the selection', 'press_key')],
  },
  {
    title: 'Several steps at once',
    generic: [ex('open Files then type "report"', 'sequence')],
  },
];

/**
 * What the assistant itself answers (src/shared/session-commands.ts, the loop's "do that again") and
 * the answers to a confirmation or a question (src/shared/answer-words.ts). Not grammar intents: the
 * test checks each against its own reader.
 */
/**
 * The verb's other words from the grammar's table ("start", "launch", "switch to"), each once
 * ("left click" and "leftclick" are one), without the ones the examples already use.
 */
function alsoSaid(kind: VerbKind, examples: readonly string[], phrases: readonly VerbPhrase[]): string[] {
  const key = (words: string): string => words.toLowerCase().replace(/[- ]/g, '');
  const seen = new Set<string>();
  const out: string[] = [];
  for (const verb of phrases) {
    if (verb.kind !== kind) continue;
    const words = verb.words.join(' ');
    const k = key(words);
    if (seen.has(k) || examples.some((e) => key(e).startsWith(k))) continue;
    seen.add(k);
    out.push(words);
  }
  return out;
}

/** Does the example say what its group is about, read by the grammar itself? */
function parses(example: Example, options: GuideOptions, fromApp: boolean): boolean {
  const parsed = parseCommand(example.say, options);
  if (parsed.kind !== 'intent' || parsed.intent.intent !== example.intent) return false;
  if (example.label !== undefined && !labelKept(parsed.intent, example.label)) return false;
  return !fromApp || options.keep === undefined || options.keep(parsed.intent);
}

/** The intent names the element by exactly the label (an odd name was not split or cut by the grammar). */
function labelKept(intent: Intent, label: string): boolean {
  const target = 'element' in intent ? intent.element : 'to' in intent ? intent.to : undefined;
  return target !== undefined && 'label' in target && target.label === label;
}

function appNames(vocabulary: GuideVocabulary): Names {
  const usable = (e: GuideElement): boolean => {
    const label = e.label.trim();
    // A label the observation shortened (…) is not the element's name: "click" would not find it.
    return label.length > 0 && label.length <= LABEL_MAX && !/["“”\n…]/.test(label);
  };
  const unique = (labels: string[]): string[] => [...new Set(labels)];
  return {
    app: vocabulary.app,
    clickable: unique(vocabulary.elements.filter((e) => CLICKABLE.has(e.role) && usable(e)).map((e) => e.label.trim())),
    fields: unique(vocabulary.elements.filter((e) => TEXT_TARGET_ROLES.has(e.role as Role) && usable(e)).map((e) => e.label.trim())),
  };
}

function group(
  spec: GroupSpec,
  kind: VerbKind | undefined,
  names: Names | undefined,
  options: GuideOptions,
  phrases: readonly VerbPhrase[],
): GuideGroup | undefined {
  const fromApp =
    names && spec.fromApp
      ? spec
          .fromApp(names)
          .filter((e) => parses(e, options, true))
          .slice(0, FROM_APP)
      : [];
  const generic = spec.generic.filter((e) => parses(e, options, false));
  // Examples from the app take the place of the group's first generic one (the same shape with a made-up name).
  const examples = (fromApp.length > 0 ? [...fromApp, ...generic.slice(1)] : generic).map((e) => e.say);
  if (examples.length === 0) return undefined;
  return { title: spec.title, examples, alsoSaid: kind ? alsoSaid(kind, examples, phrases) : [] };
}

/** The whole guide: every group of the grammar, then the panel's own commands and the answers; in German when the language is. */
export function commandGuide(vocabulary: GuideVocabulary | undefined, options: GuideOptions = {}): CommandGuide {
  const names = vocabulary ? appNames(vocabulary) : undefined;
  const german = options.language === 'de';
  const verbs: Partial<Readonly<Record<VerbKind, GroupSpec>>> = german ? DE_VERB_GROUPS : VERB_GROUPS;
  const phrases = german ? DE_VERB_PHRASES : VERB_PHRASES;
  const verbGroups = (Object.keys(verbs) as VerbKind[]).map((kind) => group(verbs[kind] as GroupSpec, kind, names, options, phrases));
  const otherGroups = (german ? DE_OTHER_GROUPS : OTHER_GROUPS).map((spec) => group(spec, undefined, names, options, phrases));
  const groups = [...verbGroups, ...otherGroups].filter((g): g is GuideGroup => g !== undefined);
  const tail: GuideGroup[] = german
    ? [
        { ...DE_TEXT_EDIT_GROUP, alsoSaid: [] },
        { ...DE_SESSION_GROUP, alsoSaid: [] },
        { ...DE_ANSWER_GROUP, alsoSaid: [] },
      ]
    : [
        { title: TEXT_EDIT_GROUP, examples: [...TEXT_EDIT_EXAMPLES], alsoSaid: [] },
        ...ownCommandsGroup(options.ownCommands),
        { title: 'The assistant itself', examples: [...SESSION_EXAMPLES], alsoSaid: [] },
        { title: 'Answer a confirmation or a question', examples: [...CONFIRM_EXAMPLES, ...CANCEL_EXAMPLES, ...CHOICE_EXAMPLES], alsoSaid: [] },
      ];
  return {
    ...(vocabulary && names && (names.clickable.length > 0 || names.fields.length > 0) ? { app: vocabulary.app } : {}),
    ...(german ? { language: 'de' as const } : {}),
    scope: 'commands',
    groups: [...groups, ...(german ? ownCommandsGroup(options.ownCommands) : []), ...tail],
  };
}

/** Editing the focused field's text (verbs-edit.ts, read before any planner): each example is read as an edit. */
export const TEXT_EDIT_GROUP = 'Edit text';
const TEXT_EDIT_EXAMPLES = [
  'correct Berlin to Bern',
  'select the second paragraph',
  'select from hello to world',
  'delete the last sentence',
  'capitalise that',
  'go to the end of the line',
].filter((say) => readTextEdit(say) !== null);

/** The user's own commands as a group: trimmed, one line each, each once (any case), none when there are none. */
function ownCommandsGroup(phrases: readonly string[] | undefined): GuideGroup[] {
  const seen = new Set<string>();
  const examples: string[] = [];
  for (const raw of phrases ?? []) {
    const phrase = raw.replace(/\s+/g, ' ').trim();
    const key = phrase.toLowerCase();
    if (phrase === '' || seen.has(key)) continue;
    seen.add(key);
    examples.push(phrase);
  }
  if (examples.length === 0) return [];
  const more = examples.length - OWN_COMMANDS_SHOWN;
  const title = more > 0 ? `${OWN_COMMANDS_TITLE} (${more} more in Settings)` : OWN_COMMANDS_TITLE;
  return [{ title, examples: examples.slice(0, OWN_COMMANDS_SHOWN), alsoSaid: [] }];
}

/** While a confirmation waits: only its answers (and stop) do anything. */
export function confirmationGuide(language: Language = 'en'): CommandGuide {
  if (language === 'de') return deConfirmationGuide();
  return {
    scope: 'confirmation',
    groups: [
      { title: 'Do it', examples: [...CONFIRM_EXAMPLES], alsoSaid: [] },
      // By voice, what cannot be undone takes a deliberate answer (src/shared/answer-words.ts, issue #27).
      { title: 'Do it, by voice, when it cannot be undone', examples: ['confirm', 'yes, delete'], alsoSaid: [] },
      { title: 'Leave it', examples: [...CANCEL_EXAMPLES, 'stop'], alsoSaid: [] },
    ],
  };
}

/** While a question waits: its answers, their numbers, or cancel; any other command drops the question. */
export function questionGuide(options: readonly string[], language: Language = 'en'): CommandGuide {
  if (language === 'de') return deQuestionGuide(options);
  const numbers = options.slice(0, 3).map((_, i) => String(i + 1));
  return {
    scope: 'question',
    groups: [
      { title: 'Pick an answer', examples: [...options, ...numbers, ...(options.length >= 2 ? ['the second one'] : [])], alsoSaid: [] },
      { title: 'Leave the question', examples: ['cancel'], alsoSaid: [] },
    ],
  };
}

/** While a command runs: stop, and a long run's pause and go on (issue #32). */
export function runningGuide(language: Language = 'en'): CommandGuide {
  if (language === 'de') return deRunningGuide();
  return {
    scope: 'running',
    groups: [
      { title: 'Stop it', examples: ['stop'], alsoSaid: [] },
      { title: 'A run of more than 5 steps', examples: ['pause', 'go on'], alsoSaid: ['hold on', 'continue', 'resume'] },
    ],
  };
}

/** While the mouse grid is up (issue #29): its words, with cells 1 to `cells` (src/shared/grid-words.ts reads them). */
export function gridGuide(cells: number, language: Language = 'en'): CommandGuide {
  if (language === 'de') return deGridGuide(cells);
  const mid = String(Math.ceil(cells / 2));
  return {
    scope: 'grid',
    groups: [
      { title: 'Zoom into a cell', examples: [mid, `click ${mid}`, `${mid} 1`], alsoSaid: [] },
      { title: 'Act at the cell’s centre', examples: ['click', 'double click', 'right click'], alsoSaid: ['left click', 'triple click'] },
      { title: 'Zoom and act in one go', examples: [`${mid} click`, `${mid} 1 double click`], alsoSaid: [`${mid} right click`] },
      { title: 'Move the pointer only', examples: [`move the mouse to ${cells}`], alsoSaid: [] },
      { title: 'Drag from one cell to another', examples: [`drag from 2 to ${cells - 1}`], alsoSaid: [`drag from ${mid} 1 to ${cells}`] },
      { title: 'Close the grid', examples: ['hide grid'], alsoSaid: ['close grid', 'Esc'] },
    ],
  };
}
