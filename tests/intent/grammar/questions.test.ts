// The grammar's questions (src/intent/grammar/questions.ts): which app is in front, what is on
// screen (in one app), what is open; anything else is not a question of its own.
import { describe, expect, it } from 'vitest';
import { matchQuestion } from '../../../src/intent/grammar/questions.js';
import { reading, tokens } from './read-fixture.js';

describe('matchQuestion', () => {
  const cases: [string, unknown][] = [
    ["what's on screen", { intent: 'get_screen_elements' }],
    ['what can I click in Safari', { intent: 'get_screen_elements', app: 'Safari' }],
    ['which app is in front', { intent: 'get_frontmost_app' }],
    ['what apps are open', { intent: 'list_applications' }],
    ['what is the weather', null],
    ['"what\'s on screen"', null],
  ];
  it.each(cases)('%j → %j', (question, expected) => {
    expect(reading(matchQuestion(tokens(question)))).toEqual(expected);
  });
});
