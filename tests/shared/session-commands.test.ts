// Commands the session answers before any planner. "stop" above all: it must be heard however
// speech-to-text writes it, and must never be read into a longer command.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { sessionCommand, type SessionCommand } from '../../src/shared/session-commands.js';
import { itGives, itReadsNone, same } from '../support/tables.js';

const PHRASES: ReadonlyArray<readonly [string, SessionCommand]> = [
  ...same('stop', 'stop', 'stop it', 'stop that'),
  ...same('pause', 'pause', 'Pause.', 'hold on'),
  ...same('go_on', 'go on', 'Go on, please.', 'continue', 'resume', 'keep going'),
  ...same('show_numbers', 'show numbers', 'show the numbers', 'show numbers again'),
  ...same('hide_numbers', 'hide numbers', 'hide the numbers', 'close numbers'),
  ...same('show_grid', 'show grid', 'show the grid', 'mouse grid', 'show mouse grid'),
  ...same('show_window_grid', 'grid on the window', 'show grid on the window', 'window grid'),
  ['hide grid', 'hide_grid'],
  ...same('show_panel', 'show the panel', 'bring the panel back'),
  ...same('hide_grid', 'hide the grid', 'close grid'),
  ...same('help', 'what can I say', 'what can i say now', 'what do I say', 'help', 'help me'),
  ...same('help', 'show commands', 'show the commands', 'show me the commands', 'list commands'),
];

describe('sessionCommand', () => {
  it.each(PHRASES)('reads "%s" as %s', (text, command) => {
    expect(sessionCommand(text)).toBe(command);
  });

  itGives('ignores case, spacing, a final mark and "please": %j is %s', sessionCommand, [
    // Case, spaces around and between words, and a final full stop, "!" or "?".
    ...same('stop', 'Stop', '  STOP  ', 'Stop.', 'Stop!!', '  stop it. '),
    ['What can I say?', 'help'],
    ...same('show_numbers', 'show\t  the   numbers', 'Show the numbers'),
    ...same('hide_numbers', 'Hide numbers.\n', 'hide numbers!'),
    // "please" before or after, with or without the comma speech-to-text puts there.
    ...same('stop', 'please stop', 'stop please', 'Please stop.', 'Stop, please.', 'Please, stop!'),
    ['Show the numbers, please.', 'show_numbers'],
  ]);

  itReadsNone('is no session command when the phrase is part of a longer command, or less: %j', sessionCommand, [
    'stop the music',
    'click stop',
    'show numbers in Firefox',
    'numbers',
    'help menu',
    'please',
    '',
    '   ',
    'stop stop',
    'sto p',
    'stop, it',
  ]);

  itReadsNone('is undefined for %s, a name of an object property, not a crash or a prototype value', sessionCommand, [
    'constructor',
    'toString',
    '__proto__',
    'hasOwnProperty',
  ]);

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
