import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import { parseCommand } from '../../src/intent/grammar/grammar-planner.js';
import { MAX_COMMAND_LENGTH } from '../../src/shared/limits.js';
import { Intent } from '../../src/intent/schema.js';

/** A table row: what the user says, and the intent the grammar must return (null: no_match). */
type Row = readonly [command: string, expected: Intent | null];

const open = (app: string): Intent => ({ intent: 'open_application', app });
const click = (label: string, role?: string, app?: string): Intent =>
  ({ intent: 'click_element', element: { label, ...(role ? { role } : {}), ...(app ? { app } : {}) } }) as Intent;
const clickId = (id: number): Intent => ({ intent: 'click_element', element: { id } });
const key = (k: string, ...modifiers: string[]): Intent => ({ intent: 'press_key', key: k, ...(modifiers.length > 0 ? { modifiers } : {}) }) as Intent;
const type = (text: string): Intent => ({ intent: 'type_text', text });
const scroll = (direction: 'up' | 'down' | 'left' | 'right', amount?: number, app?: string): Intent => ({
  intent: 'scroll',
  direction,
  ...(amount !== undefined ? { amount } : {}),
  ...(app !== undefined ? { app } : {}),
});
const at = (x: number, y: number, count?: number): Intent => ({
  intent: 'left_click_coordinates',
  x,
  y,
  ...(count !== undefined ? { count } : {}),
});
const seq = (...steps: Intent[]): Intent => ({ intent: 'sequence', steps }) as Intent;
const web = (url: string): Intent => ({ intent: 'open_url', url });
const NO = null;

const TABLE: readonly Row[] = [
  // --- open / launch / start / switch to / go to
  ['open Safari', open('Safari')],
  ['Open Safari.', open('Safari')],
  ['launch Visual Studio Code', open('Visual Studio Code')],
  ['start Calculator', open('Calculator')],
  ['switch to Google Chrome', open('Google Chrome')],
  ['switch over to Mail', open('Mail')],
  ['go to Finder', open('Finder')],
  ['open up Safari', open('Safari')],
  ['open Microsoft Word', open('Microsoft Word')],
  ['open 1Password', open('1Password')],
  ['open Notepad++', open('Notepad++')],
  ['open the Notes app', open('Notes')],
  ['open Calculator app', open('Calculator')],
  ['open system settings', open('system settings')],
  ['open "Visual Studio Code"', open('Visual Studio Code')],
  ['please open Safari', open('Safari')],
  ['can you open Safari please', open('Safari')],
  ['Could you please open Safari?', open('Safari')],
  ['please, open Safari', open('Safari')],
  ['open Safari for me', open('Safari')],
  ['open', NO],
  ['open the file menu', NO],
  ['open a new tab', key('t', 'cmd')],
  ['open new tab', key('t', 'cmd')],
  ['open google.com', web('https://google.com/')],
  ['open "google.com"', web('https://google.com/')],
  ['open my documents', NO],
  ['open Documents', NO],
  ['open settings', NO],
  ['open settings in Safari', NO],
  ['open the pod bay doors please hal', NO],
  ["open Tom's folder", NO],
  ['open ~/Downloads', NO],
  ['open it', NO],
  ['open 12', NO],
  ['open Safari in a new window', NO],
  ['start dictation', NO],
  ['switch to dark mode', NO],
  ['switch to the next tab', NO],
  ['go to the top', NO],
  ['go to line 10', NO],
  ['go to sleep', NO],
  ['open one two three four five six', NO],
  ['open app', NO],
  ['open App Store', open('App Store')],
  ['open Microsoft Word 2016', open('Microsoft Word 2016')],

  // --- click / press / tap an element
  ['click Send', click('Send')],
  ['click on Send', click('Send')],
  ['Click the Send button', click('Send', 'button')],
  ['click the Send button in Mail', click('Send', 'button', 'Mail')],
  ['click the OK button in the Finder app', click('OK', 'button', 'Finder')],
  ['click Reply in Mail', click('Reply', undefined, 'Mail')],
  ['tap on OK', click('OK')],
  ['press OK', click('OK')],
  ['hit the OK button', click('OK', 'button')],
  ['press the delete button', click('delete', 'button')],
  ['press the Tab button', click('Tab', 'button')],
  ['left click Cancel', click('Cancel')],
  ['click the Downloads link', click('Downloads', 'link')],
  ['click the General tab', click('General', 'tab')],
  ['click the Remember me checkbox', click('Remember me', 'check_box')],
  ['click the Remember me check box', click('Remember me', 'check_box')],
  ['click the Save As menu item', click('Save As', 'menu_item')],
  ['click the "Save As…" menu item', click('Save As…', 'menu_item')],
  ['click "OK"', click('OK')],
  ['click “Don’t Save”', click('Don’t Save')],
  ['click the Search field', click('Search', 'text_field')],
  ['click the Wi-Fi switch', click('Wi-Fi', 'switch')],
  ['click Sign in', click('Sign in')],
  ['click Zoom in', click('Zoom in')],
  ['click the Log in button', click('Log in', 'button')],
  ['click Sign in in Chrome', click('Sign in', undefined, 'Chrome')],
  ['click Save and Close', click('Save and Close')],
  ['click Drag and Drop', click('Drag and Drop')],
  ['click Yes, delete it', click('Yes, delete it')],
  ['click 👍', click('👍')],
  ['click Next', click('Next')],
  ["click 'Save As'", click('Save As')],
  ['click File', click('File')],
  ['click the File menu', click('File', 'menu')],
  ['click the file', NO],
  ['click cmd+s', NO],
  ['click Notepad++', click('Notepad++')],
  ['click', NO],
  ['click on', NO],
  ['click the button', NO],
  ['click it', NO],
  ['click here', NO],
  ['click this button', NO],
  ['click a link', NO],
  // An element by its rank among the shown controls of its role (src/intent/grammar/ordinal-phrase.ts)
  ['click the first link', { intent: 'click_element', element: { ordinal: 1, role: 'link' } }],
  ['click the third button in the toolbar', { intent: 'click_element', element: { ordinal: 3, role: 'button', within: 'toolbar' } }],
  ['click the second unnamed button', { intent: 'click_element', element: { ordinal: 2, role: 'button', unnamed: true } }],
  ['click the 2nd check box in the dialog "Print"', { intent: 'click_element', element: { ordinal: 2, role: 'check_box', within: 'dialog Print' } }],
  ['click the last tab', { intent: 'click_element', element: { ordinal: 1, role: 'tab', fromEnd: true } }],
  ['right-click the second to last button', { intent: 'right_click_element', element: { ordinal: 2, role: 'button', fromEnd: true } }],
  ['double click the 4th list item on the Files list', { intent: 'double_click_element', element: { ordinal: 4, role: 'list_item', within: 'Files list' } }],
  ['move the mouse to the first link', { intent: 'move_mouse', to: { ordinal: 1, role: 'link' } }],
  ['click the third', NO],
  ['click the 100th button', NO],
  ['click the third button in', NO],
  ['click the third button please now', NO],
  ['click the last one', NO],
  ['click the Trash icon', NO],
  ['click the button that says Send', NO],
  ['click Send twice', NO],
  ['click the escape key', NO],
  ['click Sign in Chrome', NO],
  ['click Turn on Bluetooth', NO],
  ['click Settings in the menu', NO],
  ['click Save and Open', NO],
  ['click Send in 5 seconds', NO],
  ['click 12 in Safari', NO],
  ['click the 5 button', click('5', 'button')],

  // --- double-click, right-click
  ['double-click Report', { intent: 'double_click_element', element: { label: 'Report' } }],
  ['double click the Report row', { intent: 'double_click_element', element: { label: 'Report', role: 'row' } }],
  ['Double-Click on Macintosh HD', { intent: 'double_click_element', element: { label: 'Macintosh HD' } }],
  ['right-click Report', { intent: 'right_click_element', element: { label: 'Report' } }],
  ['right click the Report cell', { intent: 'right_click_element', element: { label: 'Report', role: 'cell' } }],
  ['right click on the Dock in Finder', { intent: 'right_click_element', element: { label: 'Dock', app: 'Finder' } }],
  ['double click the Documents folder', NO],
  ['right-click the Trash icon', NO],
  ['double click', NO],
  ['right click', NO],

  // --- element ids from the last observation
  ['click 12', clickId(12)],
  ['press 12', clickId(12)],
  ['tap 3', clickId(3)],
  ['click number 7', clickId(7)],
  ['click #7', clickId(7)],
  ['click element 99999', clickId(99999)],
  ['click twelve', clickId(12)],
  ['click twenty three', clickId(23)],
  ['click twenty-three', clickId(23)],
  ['double-click 12', { intent: 'double_click_element', element: { id: 12 } }],
  ['right click 12', { intent: 'right_click_element', element: { id: 12 } }],
  ['click 0', NO],
  ['click 100000', NO],
  ['click -5', NO],

  // --- type / dictate
  ['type "Hello, World."', type('Hello, World.')],
  ['type “hi there”', type('hi there')],
  ['type ”curly both ways”', type('curly both ways')],
  ['type "  keep   my spacing  "', type('  keep   my spacing  ')],
  ['type "see you then"', type('see you then')],
  ['type "open Safari and press enter"', type('open Safari and press enter')],
  ['type "ends with a period."', type('ends with a period.')],
  ['type "line one\nline two"', type('line one\nline two')],
  ['type hello world', type('hello world')],
  ['Type hello world.', type('hello world')],
  ['type Hello,   World', type('Hello, World')],
  ['dictate Dear Sam, thanks for the notes', type('Dear Sam, thanks for the notes')],
  ['type I ran into the wall', type('I ran into the wall')],
  ['type rock and roll', type('rock and roll')],
  ['type 5" screen', type('5" screen')],
  ['type in "hello"', type('hello')],
  ['type "hello" please', type('hello')],
  ['type hello into the Search field', { intent: 'type_text', text: 'hello', element: { label: 'Search', role: 'text_field' } }],
  ['type "cats" into the Search box', { intent: 'type_text', text: 'cats', element: { label: 'Search', role: 'text_field' } }],
  ['type "Ada" in the Name text field', { intent: 'type_text', text: 'Ada', element: { label: 'Name', role: 'text_field' } }],
  ['type "hi" into the Notes text area', { intent: 'type_text', text: 'hi', element: { label: 'Notes', role: 'text_area' } }],
  ['type', NO],
  ['dictate', NO],
  ['type ""', NO],
  ['type "   "', NO],
  ['type "unclosed', NO],
  ['type "hello" world', NO],
  ['type hello please', NO],
  ['type in hello', NO],
  ["type 'hello'", NO],
  ['type the word hello', NO],
  ['type hello in the search field', { intent: 'type_text', text: 'hello', element: { label: 'search', role: 'text_field' } }],
  ['type hello in the address bar', NO],
  ['type "hello" into the Send button', NO],
  ['type "hello" into the field', NO],
  [`type "${'x'.repeat(501)}"`, NO],
  ['write hello', NO],

  // --- keys and chords
  ['press enter', key('enter')],
  ['hit enter', key('enter')],
  ['press return', key('enter')],
  ['Press Enter.', key('enter')],
  ['press the escape key', key('escape')],
  ['press esc', key('escape')],
  ['press page down', key('page_down')],
  ['press pagedown', key('page_down')],
  ['press f5', key('f5')],
  ['press F12', key('f12')],
  ['press delete', key('delete')],
  ['press del', key('delete')],
  ['press backspace', key('backspace')],
  ['press tab', key('tab')],
  ['press space bar', key('space')],
  ['press the spacebar', key('space')],
  ['press the up arrow', key('up')],
  ['press down arrow key', key('down')],
  ['press a', key('a')],
  ['press the 5 key', key('5')],
  ['press cmd+shift+t', key('t', 'shift', 'cmd')],
  ['press command shift t', key('t', 'shift', 'cmd')],
  ['press shift+cmd+T', key('t', 'shift', 'cmd')],
  ['press Command-Shift-T.', key('t', 'shift', 'cmd')],
  ['press ⌘⇧T', key('t', 'shift', 'cmd')],
  ['press control-c', key('c', 'ctrl')],
  ['press ctrl c', key('c', 'ctrl')],
  ['press ctrl alt delete', key('delete', 'ctrl', 'alt')],
  ['press alt f4', key('f4', 'alt')],
  ['press option command escape', key('escape', 'alt', 'cmd')],
  ['press shift tab', key('tab', 'shift')],
  ['press cmd tab', key('tab', 'cmd')],
  ['press cmd 1', key('1', 'cmd')],
  ['press command plus w', key('w', 'cmd')],
  ['press cmd+.', key('period', 'cmd')],
  ['press cmd+,', key('comma', 'cmd')],
  ['press ctrl+-', key('minus', 'ctrl')],
  ['press fn f5', key('f5', 'fn')],
  ['press enter in Safari', { intent: 'press_key', key: 'enter', app: 'Safari' }],
  ['press tab 3 times', seq(key('tab'), key('tab'), key('tab'))],
  ['press down arrow twice', seq(key('down'), key('down'))],
  ['press enter once', key('enter')],
  ['press', NO],
  ['press shift', NO],
  ['press cmd', NO],
  ['press cmd+shift+banana', NO],
  ['press cmd cmd t', NO],
  ['press ctrl plus', NO],
  ['press plus', NO],
  ['press the banana key', NO],
  ['press enter enter', NO],
  // A plan has at most LIMITS.sequenceMax (100) steps; a long one is paced by the step budget (issue #32).
  ['press tab 21 times', seq(...Array.from({ length: 21 }, () => key('tab')))],
  ['press tab 101 times', NO],
  ['press tab twenty times', seq(...Array.from({ length: 20 }, () => key('tab')))],
  ['press tab twenty three times', seq(...Array.from({ length: 23 }, () => key('tab')))],
  ['press enter in a second', NO],
  ['press Send twice', NO],

  // --- scroll
  ['scroll down', scroll('down')],
  ['scroll up', scroll('up')],
  ['scroll left', scroll('left')],
  ['scroll right 2', scroll('right', 2)],
  ['scroll down 3', scroll('down', 3)],
  ['scroll down three', scroll('down', 3)],
  ['scroll down three times', scroll('down', 3)],
  ['scroll up by 5 lines', scroll('up', 5)],
  ['scroll down twice', scroll('down', 2)],
  ['scroll down a bit', scroll('down')],
  ['scroll up a little', scroll('up')],
  ['scroll down in Safari', scroll('down', undefined, 'Safari')],
  ['scroll down 10 times in the Notes app', scroll('down', 10, 'Notes')],
  ['scroll downwards', scroll('down')],
  ['scroll down twenty three', scroll('down', 23)],
  ['scroll', NO],
  ['scroll sideways', NO],
  ['scroll to the bottom', NO],
  ['scroll down to the bottom', NO],
  ['scroll down 3 pages', NO],
  ['scroll down a page', { intent: 'press_key', key: 'page_down' }], // more in grammar-paging.test.ts
  ['scroll down 51', NO],
  ['scroll down 0', NO],
  ['scroll down a lot', NO],
  ['scroll down in my documents', NO],

  // --- mouse
  ['move the mouse to 100, 200', { intent: 'move_mouse', to: { x: 100, y: 200 } }],
  ['move the mouse to 100 200', { intent: 'move_mouse', to: { x: 100, y: 200 } }],
  ['move mouse to x 100 y 200', { intent: 'move_mouse', to: { x: 100, y: 200 } }],
  ['move the pointer to (640, 480)', { intent: 'move_mouse', to: { x: 640, y: 480 } }],
  ['move the cursor to 5, 6', { intent: 'move_mouse', to: { x: 5, y: 6 } }],
  ['move the mouse to -1200, 300', { intent: 'move_mouse', to: { x: -1200, y: 300 } }],
  ['move the mouse to Send', { intent: 'move_mouse', to: { label: 'Send' } }],
  ['move the mouse pointer over the Send button', { intent: 'move_mouse', to: { label: 'Send', role: 'button' } }],
  ['move the mouse to number 12', { intent: 'move_mouse', to: { id: 12 } }],
  ['hover over the Send button', { intent: 'move_mouse', to: { label: 'Send', role: 'button' } }],
  ['move the mouse', NO],
  ['move the mouse to', NO],
  ['move the mouse to 12', NO],
  ['move the mouse to the left', NO],
  ['move the mouse to the center of the screen', NO],
  ['move the mouse to the top left corner', NO],
  ['move the cursor to Send', NO],
  ['move the window to 100, 200', NO],
  ['move to 100, 200', NO],
  ['move the mouse to 200000, 5', NO],

  // --- click at a point
  ['click at 100, 200', at(100, 200)],
  ['click at 100 200', at(100, 200)],
  ['click at x 100 y 200', at(100, 200)],
  ['click at x=100, y=200', at(100, 200)],
  ['click 100, 200', at(100, 200)],
  ['left click at 10,20', at(10, 20)],
  ['double-click at 10, 20', at(10, 20, 2)],
  ['triple click at 5, 5', at(5, 5, 3)],
  ['click at 10, 20 twice', at(10, 20, 2)],
  ['click at 10, 20 4 times', NO],
  ['double-click at 10, 20 twice', NO],
  ['click at 100', NO],
  ['click at', NO],
  ['click at Send', NO],
  ['click at 1, 2, 3', NO],
  ['right click at 5, 5', { intent: 'right_click_element', element: { x: 5, y: 5 } }],
  ['right-click at 640, 400 twice', NO],
  ['triple click Send', NO],

  // --- drag
  ['drag from 10, 20 to 30, 40', { intent: 'drag', from: { x: 10, y: 20 }, to: { x: 30, y: 40 } }],
  ['drag 10 20 to 30 40', { intent: 'drag', from: { x: 10, y: 20 }, to: { x: 30, y: 40 } }],
  ['drag Report to the Trash', { intent: 'drag', from: { label: 'Report' }, to: { label: 'Trash' } }],
  ['drag and drop "Report.pdf" onto "Archive"', { intent: 'drag', from: { label: 'Report.pdf' }, to: { label: 'Archive' } }],
  ['drag number 3 to number 7', { intent: 'drag', from: { id: 3 }, to: { id: 7 } }],
  ['drag Report to 500, 300', { intent: 'drag', from: { label: 'Report' }, to: { x: 500, y: 300 } }],
  ['drag', NO],
  ['drag Report', NO],
  ['drag 3 to 7', NO],
  ['drag this to there', NO],
  ['drag the file to the trash', NO],
  ['drag Back to Top to Trash', NO],

  // --- questions (observations)
  ['what app is this', { intent: 'get_frontmost_app' }],
  ['What app is this?', { intent: 'get_frontmost_app' }],
  ['which app is in front', { intent: 'get_frontmost_app' }],
  ['what application am I in', { intent: 'get_frontmost_app' }],
  ["what's the frontmost app", { intent: 'get_frontmost_app' }],
  ['What’s the frontmost application?', { intent: 'get_frontmost_app' }],
  ["what's on screen", { intent: 'get_screen_elements' }],
  ['what is on the screen?', { intent: 'get_screen_elements' }],
  ['list the elements', { intent: 'get_screen_elements' }],
  ['what can I click', { intent: 'get_screen_elements' }],
  ['what can I click in Safari', { intent: 'get_screen_elements', app: 'Safari' }],
  ['list the elements in the Mail app', { intent: 'get_screen_elements', app: 'Mail' }],
  ['what app', NO],
  ['what can I click in my documents', NO],
  ['what is the weather', NO],

  // --- chains
  ['open Safari then type hello', seq(open('Safari'), type('hello'))],
  ['open Safari, then click Send.', seq(open('Safari'), click('Send'))],
  ['open Notes and then type "shopping list"', seq(open('Notes'), type('shopping list'))],
  ['open Notes and type hello and press enter', seq(open('Notes'), type('hello'), key('enter'))],
  ['Open Safari. Type hello.', seq(open('Safari'), type('hello'))],
  ['type "first then second" then press enter', seq(type('first then second'), key('enter'))],
  ['press tab twice then press enter', seq(key('tab'), key('tab'), key('enter'))],
  ['click 3 then scroll down 2', seq(clickId(3), scroll('down', 2))],
  ['please open Mail then click the New Message button please', seq(open('Mail'), click('New Message', 'button'))],
  ['what app is this then click Send', NO],
  ['open Safari then', NO],
  ['then click Send', NO],
  ['open Safari then go to google.com', seq(open('Safari'), web('https://google.com/'))],
  ['type see you then', NO],
  ['click Send then what is on screen', NO],
  [Array.from({ length: 21 }, () => 'press tab').join(' then '), seq(...Array.from({ length: 21 }, () => key('tab')))],
  [Array.from({ length: 101 }, () => 'press tab').join(' then '), NO],
  ['press tab 15 times then press down 6 times', seq(...Array.from({ length: 15 }, () => key('tab')), ...Array.from({ length: 6 }, () => key('down')))],
  ['press tab 60 times then press down 41 times', NO],

  // --- not commands at all
  ['', NO],
  ['   ', NO],
  ['I want to delete everything', NO],
  ['delete everything', NO],
  ['can you help me', NO],
  ['help', NO],
  ['undo', key('z', 'cmd')],
  ['copy that', key('c', 'cmd')],
  ['select all', key('a', 'cmd')],
  ['hello', NO],
  ['please', NO],
  ['enter', NO],
  ['12', NO],
  ['🙂', NO],
  // --- numbered labels (issue #14): a role word and a number name an element where the number
  // cannot be an observation id (with an app, or as the field to type into)
  ['click Field 3 in Firefox', click('Field 3', undefined, 'Firefox')],
  ['click Button 2 in Firefox', click('Button 2', undefined, 'Firefox')],
  ['click the Field 3 in Firefox', click('Field 3', undefined, 'Firefox')],
  ['click Product 5 in Firefox', click('Product 5', undefined, 'Firefox')],
  ['click Field 3', NO], // the overlay's number 3 (a field), or the field named "Field 3"?
  ['click button 12', NO],
  ['click field three in Firefox', NO],
  ['click Field 3 4 in Firefox', NO],
  ['click field -3 in Firefox', NO],
  ['click 12 in Firefox', NO],
  ['type "hello world" into Field 3', { intent: 'type_text', text: 'hello world', element: { label: 'Field 3', role: 'text_field' } }],
  ['type "hello world" in the Field 3', { intent: 'type_text', text: 'hello world', element: { label: 'Field 3', role: 'text_field' } }],
  ['type "42" into Search Box 2', NO],
  ['type "hello world" into Button 3', NO],
  ['type "hello" into Notes', { intent: 'type_text', text: 'hello', element: { label: 'Notes' } }], // more in grammar-fields.test.ts
  ['go back', NO], // without the platform the grammar does not know the key (see "go back" below)
  ['go backwards', NO],
];

describe('grammar planner: the phrasing table', () => {
  it('has at least 150 rows, every command once', () => {
    expect(TABLE.length).toBeGreaterThanOrEqual(150);
    expect(new Set(TABLE.map(([c]) => c)).size).toBe(TABLE.length);
  });

  it.each(TABLE)('%j', (command, expected) => {
    const result = parseCommand(command);
    if (expected === null) {
      expect(result.kind).toBe('no_match');
      if (result.kind === 'no_match') expect(result.reason.length).toBeGreaterThan(0);
    } else {
      expect(result).toEqual({ kind: 'intent', intent: expected });
    }
  });

  it('returns only intents the schema accepts, across the whole table', () => {
    for (const [command] of TABLE) {
      const result = parseCommand(command);
      if (result.kind === 'intent') expect(Intent.safeParse(result.intent).success, command).toBe(true);
    }
  });

  it('expects only valid intents in the table itself', () => {
    for (const [command, expected] of TABLE) {
      if (expected !== null) expect(Intent.safeParse(expected).success, command).toBe(true);
    }
  });
});

describe('grammar planner: case, whitespace and punctuation', () => {
  // Left out on purpose: unquoted text (a trailing "please" there may be part of the text, so it
  // is no_match), commands that already carry politeness, and ones ending in "+" or "-", where a
  // final "." is the period key ("cmd+.").
  const SAMPLES: readonly Row[] = TABLE.filter(
    ([command, expected]) => expected !== null && !/["“”]|\b(type|dictate)\b|^(please|can|could)\b|[+-]$/i.test(command),
  );

  /** Variants a speech engine or a hurried typist produces; none changes a label. */
  const variants = (command: string): string[] => {
    const [verb = '', ...rest] = command.split(' ');
    const tail = rest.join(' ');
    return [
      `${verb.toUpperCase()} ${tail}`,
      `${verb.charAt(0).toUpperCase()}${verb.slice(1)} ${tail}`,
      `  ${command.split(' ').join('   ')}  `,
      command.split(' ').join('\t'),
      `${command}.`,
      `${command}!`,
      `${command}?`,
      `${command}...`,
      `please ${command}`,
      `Can you ${command}?`,
      `${command}, please.`,
    ];
  };

  it.each(SAMPLES)('%j reads the same when said differently', (command) => {
    const expected = parseCommand(command);
    expect(expected.kind).toBe('intent');
    for (const variant of variants(command)) expect(parseCommand(variant), variant).toEqual(expected);
  });

  it('keeps the case of labels, apps and text', () => {
    expect(parseCommand('CLICK the Send button')).toEqual({ kind: 'intent', intent: click('Send', 'button') });
    expect(parseCommand('open safari')).toEqual({ kind: 'intent', intent: open('safari') });
    expect(parseCommand('TYPE "MiXeD"')).toEqual({ kind: 'intent', intent: type('MiXeD') });
  });
});

describe('grammar planner: junk input', () => {
  const junk: readonly string[] = [
    'x'.repeat(100_000),
    `click ${'a '.repeat(50_000)}`,
    'click Send\u0000',
    '\u0007\u0008\u001b[2J',
    'open \u202eirafaS',
    'click \ud800',
    'type "\udc00"',
    '🚀🚀🚀 click 🚀',
    '"'.repeat(999),
    '“'.repeat(500),
    'then then then',
    ', , , and and then',
    'press +++',
    'press ----',
    'click ((((((((((',
    'drag to to to to',
    'scroll down by by by',
    'x 1 y 2',
    'move the mouse to x y',
    'click at x=, y=',
  ];

  it.each(junk.map((s) => [s.slice(0, 40), s] as const))('never throws on %j', (_name, input) => {
    const result = parseCommand(input);
    if (result.kind === 'intent') expect(Intent.safeParse(result.intent).success).toBe(true);
    else expect(result.reason.length).toBeGreaterThan(0);
  });

  it('does not read commands longer than the cap', () => {
    const long = `open Safari${' '.repeat(MAX_COMMAND_LENGTH)}`;
    expect(parseCommand(long)).toEqual({ kind: 'no_match', reason: `command longer than ${MAX_COMMAND_LENGTH} characters` });
  });

  it('rejects control characters and broken surrogates with a reason', () => {
    expect(parseCommand('click Send\u0000')).toEqual({ kind: 'no_match', reason: 'command contains control characters' });
    expect(parseCommand('click \ud800 Send')).toEqual({ kind: 'no_match', reason: 'command contains broken characters' });
  });

  it('never throws and returns only schema-valid intents for arbitrary and mutated input', () => {
    const seeds = TABLE.map(([c]) => c);
    const mutated = fc.tuple(fc.constantFrom(...seeds), fc.nat(), fc.string({ unit: 'binary', maxLength: 8 })).map(([seed, pos, insert]) => {
      const at = pos % (seed.length + 1);
      return seed.slice(0, at) + insert + seed.slice(at);
    });
    const arbitrary = fc.string({ unit: 'binary', maxLength: 200 });
    fc.assert(
      fc.property(fc.oneof(mutated, arbitrary), (input) => {
        const result = parseCommand(input);
        if (result.kind === 'intent') return Intent.safeParse(result.intent).success;
        return result.kind === 'no_match' && result.reason.length > 0;
      }),
      { numRuns: 3000 },
    );
  });
});

describe('grammar planner: "go back" (issue #14)', () => {
  const back = (platform: 'linux' | 'windows' | 'macos', command: string) => parseCommand(command, { platform });

  it('is alt+left on Linux and Windows, cmd+[ on a Mac, aimed at the frontmost app or a named one', () => {
    expect(back('linux', 'go back')).toEqual({ kind: 'intent', intent: key('left', 'alt') });
    expect(back('windows', 'Go back.')).toEqual({ kind: 'intent', intent: key('left', 'alt') });
    expect(back('macos', 'go back')).toEqual({ kind: 'intent', intent: key('left_bracket', 'cmd') });
    expect(back('linux', 'please go back in Firefox')).toEqual({
      kind: 'intent',
      intent: { intent: 'press_key', key: 'left', modifiers: ['alt'], app: 'Firefox' },
    });
    expect(back('linux', 'click Product 5 in Firefox then go back')).toEqual({
      kind: 'intent',
      intent: seq(click('Product 5', undefined, 'Firefox'), key('left', 'alt')),
    });
  });

  it('does not guess a place to go back to, and needs the platform', () => {
    for (const command of ['go back to Safari', 'go back to the top', 'go back home', 'go back in', 'go back in the menu', 'go back 2 pages']) {
      expect(back('linux', command).kind, command).toBe('no_match');
    }
    expect(parseCommand('go back')).toMatchObject({ kind: 'no_match', reason: expect.stringContaining('platform') });
  });
});
