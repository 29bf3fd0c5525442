// The grammar's formatting commands ("bold that", "make it italic"): the app's shortcut on the
// selection, with cmd (Ctrl on Linux and Windows, ⌘ on macOS); a text named in the command is never
// guessed at (decision "Bold that" in docs/decisions/0102-bold-that-app-s-bold-shortcut-selection-grammar.md).
import { describe, expect, it } from 'vitest';
import { parseCommand } from '../../src/intent/grammar/grammar-planner.js';
import type { Intent } from '../../src/intent/schema.js';
import { describeIntent } from '../../src/intent/describe.js';
import { same } from '../support/tables.js';

const shortcut = (key: string, app?: string): Intent => ({ intent: 'press_key', key, modifiers: ['cmd'], ...(app === undefined ? {} : { app }) });

const MATCHES: ReadonlyArray<readonly [string, Intent]> = [
  ...same(shortcut('b'), 'bold that', 'Bold that.', 'please bold this', 'bold it', 'bold the selection', 'bold selection'),
  ...same(shortcut('b'), 'bold the selected text', 'embolden that', 'make that bold', 'Make it bold, please', 'make the selection bold'),
  ['bold that in LibreOffice Writer', shortcut('b', 'LibreOffice Writer')],
  ['make that bold in TextEdit', shortcut('b', 'TextEdit')],
  ...same(shortcut('i'), 'italicize that', 'italicise the selection', 'make this italic'),
  ...same(shortcut('u'), 'underline that', 'make it underlined'),
];

const NO_MATCH: readonly string[] = [
  'bold',
  'bold the word fox',
  'bold "fox"',
  'bold fox',
  'bold the last sentence',
  'bold everything',
  'make that bold and italic',
  'make dinner',
  'make it so',
  'make bold',
  'unbold that',
  'underline',
  'bold that in the menu',
  'make that bold in 5 seconds',
];

describe('grammar planner: formatting the selection', () => {
  it.each(MATCHES)('%j → the shortcut on the selection', (command, expected) => {
    expect(parseCommand(command)).toEqual({ kind: 'intent', intent: expected });
  });

  it.each(NO_MATCH.map((c) => [c]))('%j → no_match (nothing selected is guessed at)', (command) => {
    expect(parseCommand(command).kind).toBe('no_match');
  });

  it('a named target says what to do instead', () => {
    expect(parseCommand('bold the word fox')).toEqual({ kind: 'no_match', reason: 'bold what? select the text, then say "bold that"' });
  });

  it('chains after typed text with "then"', () => {
    expect(parseCommand('type "The quick brown fox." then press shift+home then bold that')).toEqual({
      kind: 'intent',
      intent: {
        intent: 'sequence',
        steps: [{ intent: 'type_text', text: 'The quick brown fox.' }, { intent: 'press_key', key: 'home', modifiers: ['shift'] }, shortcut('b')],
      },
    });
  });

  it('the user is shown the chord it presses', () => {
    const parsed = parseCommand('bold that');
    expect(parsed.kind).toBe('intent');
    if (parsed.kind === 'intent') expect(describeIntent(parsed.intent)).toBe('Press Cmd+B.');
  });

  it("told the platform, it presses (and shows) that platform's own modifier", () => {
    const linux = parseCommand('bold that', { platform: 'linux' });
    expect(linux).toEqual({ kind: 'intent', intent: { intent: 'press_key', key: 'b', modifiers: ['ctrl'] } });
    if (linux.kind === 'intent') expect(describeIntent(linux.intent)).toBe('Press Ctrl+B.');
    expect(parseCommand('italicize that', { platform: 'windows' })).toEqual({ kind: 'intent', intent: { intent: 'press_key', key: 'i', modifiers: ['ctrl'] } });
    const mac = parseCommand('underline that in TextEdit', { platform: 'macos' });
    expect(mac).toEqual({ kind: 'intent', intent: { intent: 'press_key', key: 'u', modifiers: ['cmd'], app: 'TextEdit' } });
    if (mac.kind === 'intent') expect(describeIntent(mac.intent)).toBe('Press Cmd+U in “TextEdit”.');
  });

  it('commands that only start like one keep their old meaning', () => {
    expect(parseCommand('click Bold')).toEqual({ kind: 'intent', intent: { intent: 'click_element', element: { label: 'Bold' } } });
    expect(parseCommand('press ctrl+b')).toEqual({ kind: 'intent', intent: { intent: 'press_key', key: 'b', modifiers: ['ctrl'] } });
  });
});
