// Commands the session answers before any planner. "stop" above all: it must be heard however
// speech-to-text writes it, and must never be read into a longer command.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { sessionCommand, type SessionCommand } from '../../src/shared/session-commands.js';
import { itGives } from '../support/tables.js';

const PHRASES: ReadonlyArray<readonly [string, SessionCommand]> = [
  ['stop', 'stop'],
  ['stop it', 'stop'],
  ['stop that', 'stop'],
  ['pause', 'pause'],
  ['Pause.', 'pause'],
  ['hold on', 'pause'],
  ['go on', 'go_on'],
  ['Go on, please.', 'go_on'],
  ['continue', 'go_on'],
  ['resume', 'go_on'],
  ['keep going', 'go_on'],
  ['show numbers', 'show_numbers'],
  ['show the numbers', 'show_numbers'],
  ['show numbers again', 'show_numbers'],
  ['hide numbers', 'hide_numbers'],
  ['hide the numbers', 'hide_numbers'],
  ['close numbers', 'hide_numbers'],
  ['show grid', 'show_grid'],
  ['show the grid', 'show_grid'],
  ['mouse grid', 'show_grid'],
  ['show mouse grid', 'show_grid'],
  ['grid on the window', 'show_window_grid'],
  ['show grid on the window', 'show_window_grid'],
  ['window grid', 'show_window_grid'],
  ['hide grid', 'hide_grid'],
  ['show the panel', 'show_panel'],
  ['bring the panel back', 'show_panel'],
  ['hide the grid', 'hide_grid'],
  ['close grid', 'hide_grid'],
  ['what can I say', 'help'],
  ['what can i say now', 'help'],
  ['what do I say', 'help'],
  ['help', 'help'],
  ['help me', 'help'],
  ['show commands', 'help'],
  ['show the commands', 'help'],
  ['show me the commands', 'help'],
  ['list commands', 'help'],
];

describe('sessionCommand', () => {
  it.each(PHRASES)('reads "%s" as %s', (text, command) => {
    expect(sessionCommand(text)).toBe(command);
  });

  itGives('ignores case, spacing, a final mark and "please": %j is %s', sessionCommand, [
    // Case, spaces around and between words, and a final full stop, "!" or "?".
    ['Stop', 'stop'],
    ['  STOP  ', 'stop'],
    ['Stop.', 'stop'],
    ['Stop!!', 'stop'],
    ['  stop it. ', 'stop'],
    ['What can I say?', 'help'],
    ['show\t  the   numbers', 'show_numbers'],
    ['Show the numbers', 'show_numbers'],
    ['Hide numbers.\n', 'hide_numbers'],
    ['hide numbers!', 'hide_numbers'],
    // "please" before or after, with or without the comma speech-to-text puts there.
    ['please stop', 'stop'],
    ['stop please', 'stop'],
    ['Please stop.', 'stop'],
    ['Stop, please.', 'stop'],
    ['Please, stop!', 'stop'],
    ['Show the numbers, please.', 'show_numbers'],
  ]);

  it.each(['stop the music', 'click stop', 'show numbers in Firefox', 'numbers', 'help menu', 'please', '', '   ', 'stop stop', 'sto p', 'stop, it'])(
    'is no session command when the phrase is part of a longer command, or less: %j',
    (text) => {
      expect(sessionCommand(text)).toBeUndefined();
    },
  );

  it.each(['constructor', 'toString', '__proto__', 'hasOwnProperty'])(
    'is undefined for %s, a name of an object property, not a crash or a prototype value',
    (text) => {
      expect(sessionCommand(text)).toBeUndefined();
    },
  );

  it('reads "stop" whatever the case and padding (property)', () => {
    const pad = fc.stringMatching(/^[ \t]{0,3}$/);
    const casing = fc.array(fc.boolean(), { minLength: 4, maxLength: 4 });
    fc.assert(
      fc.property(pad, pad, casing, fc.constantFrom('', '.', '!', '?', '...'), (before, after, upper, end) => {
        const word = [...'stop'].map((c, i) => (upper[i] ? c.toUpperCase() : c)).join('');
        expect(sessionCommand(`${before}${word}${end}${after}`)).toBe('stop');
      }),
    );
  });
});
