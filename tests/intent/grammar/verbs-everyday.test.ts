// The everyday commands (src/intent/grammar/verbs-everyday.ts): the shortcut nearly every app gives
// them, with the platform's command key, optionally in an app.
import { describe, expect, it } from 'vitest';
import { everydayChord, matchEveryday } from '../../../src/intent/grammar/verbs-everyday.js';
import { reading, tokens } from './read-fixture.js';

describe('everydayChord', () => {
  it.each([
    ['undo', 'linux', { key: 'z', modifiers: ['ctrl'] }],
    ['undo', 'macos', { key: 'z', modifiers: ['cmd'] }],
    ['undo', undefined, { key: 'z', modifiers: ['cmd'] }],
    ['redo', 'macos', { key: 'z', modifiers: ['shift', 'cmd'] }],
  ] as const)('%s on %s → %j', (command, platform, chord) => {
    expect(everydayChord(command, platform)).toEqual(chord);
  });

  it('uses the Windows key of a command when it has one', () => {
    expect(everydayChord('redo', 'windows').modifiers).toEqual(['ctrl']);
  });
});

describe('matchEveryday', () => {
  const cases: [string, unknown][] = [
    ['undo', { intent: 'press_key', key: 'z', modifiers: ['ctrl'] }],
    ['copy in Writer', { intent: 'press_key', key: 'c', modifiers: ['ctrl'], app: 'Writer' }],
    ['open the door', null],
    ['"undo"', null],
  ];
  it.each(cases)('%j on Linux → %j', (command, expected) => {
    expect(reading(matchEveryday(tokens(command), { platform: 'linux' }))).toEqual(expected);
  });
});
