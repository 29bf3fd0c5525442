// Commands the session answers before any planner. "stop" above all: it must be heard however
// speech-to-text writes it, and must never be read into a longer command.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { sessionCommand, type SessionCommand } from '../../src/shared/session-commands.js';

const PHRASES: ReadonlyArray<readonly [string, SessionCommand]> = [
  ['stop', 'stop'],
  ['stop it', 'stop'],
  ['stop that', 'stop'],
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

  it('ignores case, spaces around and between words, and a final full stop, "!" or "?"', () => {
    expect(sessionCommand('  STOP  ')).toBe('stop');
    expect(sessionCommand('Stop.')).toBe('stop');
    expect(sessionCommand('Stop!!')).toBe('stop');
    expect(sessionCommand('What can I say?')).toBe('help');
    expect(sessionCommand('show\t  the   numbers')).toBe('show_numbers');
    expect(sessionCommand('Hide numbers.\n')).toBe('hide_numbers');
  });

  it('ignores "please" before or after, with or without the comma speech-to-text puts there', () => {
    expect(sessionCommand('please stop')).toBe('stop');
    expect(sessionCommand('stop please')).toBe('stop');
    expect(sessionCommand('Please stop.')).toBe('stop');
    expect(sessionCommand('Stop, please.')).toBe('stop');
    expect(sessionCommand('Please, stop!')).toBe('stop');
    expect(sessionCommand('Show the numbers, please.')).toBe('show_numbers');
  });

  it('is no session command when the phrase is part of a longer command', () => {
    for (const text of [
      'stop the music',
      'click stop',
      'show numbers in Firefox',
      'help menu',
      'please',
      '',
      '   ',
      'stop stop',
      'sto p',
      'stopp',
      'stop, it',
    ]) {
      expect(sessionCommand(text), text).toBeUndefined();
    }
  });

  it('is undefined for a name of an object property, not a crash or a prototype value', () => {
    for (const text of ['constructor', 'toString', '__proto__', 'hasOwnProperty']) expect(sessionCommand(text), text).toBeUndefined();
  });

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
