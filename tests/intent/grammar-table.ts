// The grammar's phrasing table (src/intent/grammar/): what the user says, in English, and the intent
// the grammar must return, or null where it must not match. Read by the table's own test and by the
// tests that say each command differently or mutate it.
import type { Intent } from '../../src/intent/schema.js';
import { same as rowsOf } from '../support/tables.js';

/** A table row: what the user says, and the intent the grammar must return (null: no_match). */
export type Row = readonly [command: string, expected: Intent | null];

export const open = (app: string): Intent => ({ intent: 'open_application', app });
export const click = (label: string, role?: string, app?: string): Intent =>
  ({ intent: 'click_element', element: { label, ...(role ? { role } : {}), ...(app ? { app } : {}) } }) as Intent;
const clickId = (id: number): Intent => ({ intent: 'click_element', element: { id } });
export const key = (k: string, ...modifiers: string[]): Intent => ({ intent: 'press_key', key: k, ...(modifiers.length > 0 ? { modifiers } : {}) }) as Intent;
export const type = (text: string): Intent => ({ intent: 'type_text', text });
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
export const seq = (...steps: Intent[]): Intent => ({ intent: 'sequence', steps }) as Intent;
const web = (url: string): Intent => ({ intent: 'open_url', url });
const NO = null;
/** The rows of commands that all become the same intent, or all match nothing. */
const same = rowsOf<string, Intent | null>;

export const TABLE: readonly Row[] = [
  // --- open / launch / start / switch to / go to
  ...same(open('Safari'), 'open Safari', 'Open Safari.'),
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
  ...same(open('Safari'), 'please open Safari', 'can you open Safari please', 'Could you please open Safari?', 'please, open Safari', 'open Safari for me'),
  ...same(NO, 'open', 'open the file menu'),
  ...same(key('t', 'cmd'), 'open a new tab', 'open new tab'),
  ...same(web('https://google.com/'), 'open google.com', 'open "google.com"'),
  ...same(NO, 'open my documents', 'open Documents', 'open settings', 'open settings in Safari', 'open the pod bay doors please hal', "open Tom's folder"),
  ...same(NO, 'open ~/Downloads', 'open it', 'open 12', 'open Safari in a new window', 'start dictation', 'switch to dark mode'),
  ...same(NO, 'switch to the next tab', 'go to the top', 'go to line 10', 'go to sleep', 'open one two three four five six', 'open app'),
  ['open App Store', open('App Store')],
  ['open Microsoft Word 2016', open('Microsoft Word 2016')],

  // --- click / press / tap an element
  ...same(click('Send'), 'click Send', 'click on Send'),
  ['Click the Send button', click('Send', 'button')],
  ['click the Send button in Mail', click('Send', 'button', 'Mail')],
  ['click the OK button in the Finder app', click('OK', 'button', 'Finder')],
  ['click Reply in Mail', click('Reply', undefined, 'Mail')],
  ...same(click('OK'), 'tap on OK', 'press OK'),
  ['hit the OK button', click('OK', 'button')],
  ['press the delete button', click('delete', 'button')],
  ['press the Tab button', click('Tab', 'button')],
  ['left click Cancel', click('Cancel')],
  ['click the Downloads link', click('Downloads', 'link')],
  ['click the General tab', click('General', 'tab')],
  ...same(click('Remember me', 'check_box'), 'click the Remember me checkbox', 'click the Remember me check box'),
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
  ...same(NO, 'click the file', 'click cmd+s'),
  ['click Notepad++', click('Notepad++')],
  ...same(NO, 'click', 'click on', 'click the button', 'click it', 'click here', 'click this button', 'click a link'),
  // An element by its rank among the shown controls of its role (src/intent/grammar/ordinal-phrase.ts)
  ['click the first link', { intent: 'click_element', element: { ordinal: 1, role: 'link' } }],
  ['click the third button in the toolbar', { intent: 'click_element', element: { ordinal: 3, role: 'button', within: 'toolbar' } }],
  ['click the second unnamed button', { intent: 'click_element', element: { ordinal: 2, role: 'button', unnamed: true } }],
  ['click the 2nd check box in the dialog "Print"', { intent: 'click_element', element: { ordinal: 2, role: 'check_box', within: 'dialog Print' } }],
  ['click the last tab', { intent: 'click_element', element: { ordinal: 1, role: 'tab', fromEnd: true } }],
  ['right-click the second to last button', { intent: 'right_click_element', element: { ordinal: 2, role: 'button', fromEnd: true } }],
  ['double click the 4th list item on the Files list', { intent: 'double_click_element', element: { ordinal: 4, role: 'list_item', within: 'Files list' } }],
  ['move the mouse to the first link', { intent: 'move_mouse', to: { ordinal: 1, role: 'link' } }],
  ...same(NO, 'click the third', 'click the 100th button', 'click the third button in', 'click the third button please now', 'click the last one'),
  ...same(NO, 'click the Trash icon', 'click the button that says Send', 'click Send twice', 'click the escape key', 'click Sign in Chrome'),
  ...same(NO, 'click Turn on Bluetooth', 'click Settings in the menu', 'click Save and Open', 'click Send in 5 seconds', 'click 12 in Safari'),
  ['click the 5 button', click('5', 'button')],

  // --- double-click, right-click
  ['double-click Report', { intent: 'double_click_element', element: { label: 'Report' } }],
  ['double click the Report row', { intent: 'double_click_element', element: { label: 'Report', role: 'row' } }],
  ['Double-Click on Macintosh HD', { intent: 'double_click_element', element: { label: 'Macintosh HD' } }],
  ['right-click Report', { intent: 'right_click_element', element: { label: 'Report' } }],
  ['right click the Report cell', { intent: 'right_click_element', element: { label: 'Report', role: 'cell' } }],
  ['right click on the Dock in Finder', { intent: 'right_click_element', element: { label: 'Dock', app: 'Finder' } }],
  ...same(NO, 'double click the Documents folder', 'right-click the Trash icon', 'double click', 'right click'),

  // --- element ids from the last observation
  ...same(clickId(12), 'click 12', 'press 12'),
  ['tap 3', clickId(3)],
  ...same(clickId(7), 'click number 7', 'click #7'),
  ['click element 99999', clickId(99999)],
  ['click twelve', clickId(12)],
  ...same(clickId(23), 'click twenty three', 'click twenty-three'),
  ['double-click 12', { intent: 'double_click_element', element: { id: 12 } }],
  ['right click 12', { intent: 'right_click_element', element: { id: 12 } }],
  ...same(NO, 'click 0', 'click 100000', 'click -5'),

  // --- type / dictate
  ['type "Hello, World."', type('Hello, World.')],
  ['type “hi there”', type('hi there')],
  ['type ”curly both ways”', type('curly both ways')],
  ['type "  keep   my spacing  "', type('  keep   my spacing  ')],
  ['type "see you then"', type('see you then')],
  ['type "open Safari and press enter"', type('open Safari and press enter')],
  ['type "ends with a period."', type('ends with a period.')],
  ['type "line one\nline two"', type('line one\nline two')],
  ...same(type('hello world'), 'type hello world', 'Type hello world.'),
  ['type Hello,   World', type('Hello, World')],
  ['dictate Dear Sam, thanks for the notes', type('Dear Sam, thanks for the notes')],
  ['type I ran into the wall', type('I ran into the wall')],
  ['type rock and roll', type('rock and roll')],
  ['type 5" screen', type('5" screen')],
  ...same(type('hello'), 'type in "hello"', 'type "hello" please'),
  ['type hello into the Search field', { intent: 'type_text', text: 'hello', element: { label: 'Search', role: 'text_field' } }],
  ['type "cats" into the Search box', { intent: 'type_text', text: 'cats', element: { label: 'Search', role: 'text_field' } }],
  ['type "Ada" in the Name text field', { intent: 'type_text', text: 'Ada', element: { label: 'Name', role: 'text_field' } }],
  ['type "hi" into the Notes text area', { intent: 'type_text', text: 'hi', element: { label: 'Notes', role: 'text_area' } }],
  ...same(NO, 'type', 'dictate', 'type ""', 'type "   "', 'type "unclosed'),
  ...same(NO, 'type "hello" world', 'type hello please', 'type in hello', "type 'hello'", 'type the word hello'),
  ['type hello in the search field', { intent: 'type_text', text: 'hello', element: { label: 'search', role: 'text_field' } }],
  ...same(NO, 'type hello in the address bar', 'type "hello" into the Send button', 'type "hello" into the field'),
  [`type "${'x'.repeat(501)}"`, NO],
  ['write hello', NO],

  // --- keys and chords
  ...same(key('enter'), 'press enter', 'hit enter', 'press return', 'Press Enter.'),
  ...same(key('escape'), 'press the escape key', 'press esc'),
  ...same(key('page_down'), 'press page down', 'press pagedown'),
  ['press f5', key('f5')],
  ['press F12', key('f12')],
  ...same(key('delete'), 'press delete', 'press del'),
  ['press backspace', key('backspace')],
  ['press tab', key('tab')],
  ...same(key('space'), 'press space bar', 'press the spacebar'),
  ['press the up arrow', key('up')],
  ['press down arrow key', key('down')],
  ['press a', key('a')],
  ['press the 5 key', key('5')],
  ...same(key('t', 'shift', 'cmd'), 'press cmd+shift+t', 'press command shift t', 'press shift+cmd+T', 'press Command-Shift-T.', 'press ⌘⇧T'),
  ...same(key('c', 'ctrl'), 'press control-c', 'press ctrl c'),
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
  ...same(NO, 'press', 'press shift', 'press cmd', 'press cmd+shift+banana', 'press cmd cmd t'),
  ...same(NO, 'press ctrl plus', 'press plus', 'press the banana key', 'press enter enter'),
  // A plan has at most LIMITS.sequenceMax (100) steps; a long one is paced by the step budget (issue #32).
  ['press tab 21 times', seq(...Array.from({ length: 21 }, () => key('tab')))],
  ['press tab 101 times', NO],
  ['press tab twenty times', seq(...Array.from({ length: 20 }, () => key('tab')))],
  ['press tab twenty three times', seq(...Array.from({ length: 23 }, () => key('tab')))],
  ...same(NO, 'press enter in a second', 'press Send twice'),

  // --- scroll
  ['scroll down', scroll('down')],
  ['scroll up', scroll('up')],
  ['scroll left', scroll('left')],
  ['scroll right 2', scroll('right', 2)],
  ...same(scroll('down', 3), 'scroll down 3', 'scroll down three', 'scroll down three times'),
  ['scroll up by 5 lines', scroll('up', 5)],
  ['scroll down twice', scroll('down', 2)],
  ['scroll down a bit', scroll('down')],
  ['scroll up a little', scroll('up')],
  ['scroll down in Safari', scroll('down', undefined, 'Safari')],
  ['scroll down 10 times in the Notes app', scroll('down', 10, 'Notes')],
  ['scroll downwards', scroll('down')],
  ['scroll down twenty three', scroll('down', 23)],
  ...same(NO, 'scroll', 'scroll sideways', 'scroll to the bottom', 'scroll down to the bottom', 'scroll down 3 pages'),
  ['scroll down a page', { intent: 'press_key', key: 'page_down' }], // more in grammar-paging.test.ts
  ...same(NO, 'scroll down 51', 'scroll down 0', 'scroll down a lot', 'scroll down in my documents'),

  // --- mouse
  ...same({ intent: 'move_mouse', to: { x: 100, y: 200 } }, 'move the mouse to 100, 200', 'move the mouse to 100 200', 'move mouse to x 100 y 200'),
  ['move the pointer to (640, 480)', { intent: 'move_mouse', to: { x: 640, y: 480 } }],
  ['move the cursor to 5, 6', { intent: 'move_mouse', to: { x: 5, y: 6 } }],
  ['move the mouse to -1200, 300', { intent: 'move_mouse', to: { x: -1200, y: 300 } }],
  ['move the mouse to Send', { intent: 'move_mouse', to: { label: 'Send' } }],
  ['move the mouse pointer over the Send button', { intent: 'move_mouse', to: { label: 'Send', role: 'button' } }],
  ['move the mouse to number 12', { intent: 'move_mouse', to: { id: 12 } }],
  ['hover over the Send button', { intent: 'move_mouse', to: { label: 'Send', role: 'button' } }],
  ...same(NO, 'move the mouse', 'move the mouse to', 'move the mouse to 12', 'move the mouse to the left'),
  ...same(NO, 'move the mouse to the center of the screen', 'move the mouse to the top left corner', 'move the cursor to Send', 'move the window to 100, 200'),
  ...same(NO, 'move to 100, 200', 'move the mouse to 200000, 5'),

  // --- click at a point
  ...same(at(100, 200), 'click at 100, 200', 'click at 100 200', 'click at x 100 y 200', 'click at x=100, y=200', 'click 100, 200'),
  ['left click at 10,20', at(10, 20)],
  ['double-click at 10, 20', at(10, 20, 2)],
  ['triple click at 5, 5', at(5, 5, 3)],
  ['click at 10, 20 twice', at(10, 20, 2)],
  ...same(NO, 'click at 10, 20 4 times', 'double-click at 10, 20 twice', 'click at 100', 'click at', 'click at Send', 'click at 1, 2, 3'),
  ['right click at 5, 5', { intent: 'right_click_element', element: { x: 5, y: 5 } }],
  ...same(NO, 'right-click at 640, 400 twice', 'triple click Send'),

  // --- drag
  ...same({ intent: 'drag', from: { x: 10, y: 20 }, to: { x: 30, y: 40 } }, 'drag from 10, 20 to 30, 40', 'drag 10 20 to 30 40'),
  ['drag Report to the Trash', { intent: 'drag', from: { label: 'Report' }, to: { label: 'Trash' } }],
  ['drag and drop "Report.pdf" onto "Archive"', { intent: 'drag', from: { label: 'Report.pdf' }, to: { label: 'Archive' } }],
  ['drag number 3 to number 7', { intent: 'drag', from: { id: 3 }, to: { id: 7 } }],
  ['drag Report to 500, 300', { intent: 'drag', from: { label: 'Report' }, to: { x: 500, y: 300 } }],
  ...same(NO, 'drag', 'drag Report', 'drag 3 to 7', 'drag this to there', 'drag the file to the trash', 'drag Back to Top to Trash'),

  // --- questions (observations)
  ...same({ intent: 'get_frontmost_app' }, 'what app is this', 'What app is this?', 'which app is in front'),
  ...same({ intent: 'get_frontmost_app' }, 'what application am I in', "what's the frontmost app", 'What’s the frontmost application?'),
  ...same({ intent: 'get_screen_elements' }, "what's on screen", 'what is on the screen?', 'list the elements', 'what can I click'),
  ['what can I click in Safari', { intent: 'get_screen_elements', app: 'Safari' }],
  ['list the elements in the Mail app', { intent: 'get_screen_elements', app: 'Mail' }],
  ...same(NO, 'what app', 'what can I click in my documents', 'what is the weather'),

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
  ...same(NO, 'what app is this then click Send', 'open Safari then', 'then click Send'),
  ['open Safari then go to google.com', seq(open('Safari'), web('https://google.com/'))],
  ...same(NO, 'type see you then', 'click Send then what is on screen'),
  [Array.from({ length: 21 }, () => 'press tab').join(' then '), seq(...Array.from({ length: 21 }, () => key('tab')))],
  [Array.from({ length: 101 }, () => 'press tab').join(' then '), NO],
  ['press tab 15 times then press down 6 times', seq(...Array.from({ length: 15 }, () => key('tab')), ...Array.from({ length: 6 }, () => key('down')))],
  ['press tab 60 times then press down 41 times', NO],

  // --- not commands at all
  ...same(NO, '', '   ', 'I want to delete everything', 'delete everything', 'can you help me', 'help'),
  ['undo', key('z', 'cmd')],
  ['copy that', key('c', 'cmd')],
  ['select all', key('a', 'cmd')],
  ...same(NO, 'hello', 'please', 'enter', '12', '🙂'),
  // --- numbered labels (issue #14): a role word and a number name an element where the number
  // cannot be an observation id (with an app, or as the field to type into)
  ['click Field 3 in Firefox', click('Field 3', undefined, 'Firefox')],
  ['click Button 2 in Firefox', click('Button 2', undefined, 'Firefox')],
  ['click the Field 3 in Firefox', click('Field 3', undefined, 'Firefox')],
  ['click Product 5 in Firefox', click('Product 5', undefined, 'Firefox')],
  ['click Field 3', NO], // the overlay's number 3 (a field), or the field named "Field 3"?
  ...same(NO, 'click button 12', 'click field three in Firefox', 'click Field 3 4 in Firefox', 'click field -3 in Firefox', 'click 12 in Firefox'),
  ['type "hello world" into Field 3', { intent: 'type_text', text: 'hello world', element: { label: 'Field 3', role: 'text_field' } }],
  ['type "hello world" in the Field 3', { intent: 'type_text', text: 'hello world', element: { label: 'Field 3', role: 'text_field' } }],
  ...same(NO, 'type "42" into Search Box 2', 'type "hello world" into Button 3'),
  ['type "hello" into Notes', { intent: 'type_text', text: 'hello', element: { label: 'Notes' } }], // more in grammar-fields.test.ts
  ['go back', NO], // without the platform the grammar does not know the key (see "go back" below)
  ['go backwards', NO],
];
