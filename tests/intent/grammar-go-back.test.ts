// "go back" (issue #14): the platform's key for going back, in the frontmost or a named app; never a
// guessed place, and nothing without the platform.
import { describe, it, expect } from 'vitest';
import { parseCommand } from '../../src/intent/grammar/grammar-planner.js';
import { click, key, seq } from './grammar-table.js';

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
