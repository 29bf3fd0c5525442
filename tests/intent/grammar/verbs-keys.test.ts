// The key verbs (src/intent/grammar/verbs-keys.ts): press a key, a chord, a key in an app, N times,
// an element id or an element; a phrase meant as keys that names none is refused, never an element.
import { describe, expect, it } from 'vitest';
import { parseBack, parsePress } from '../../../src/intent/grammar/verbs-keys.js';
import { reading, tokens } from './read-fixture.js';

/** parsePress on the words after "press". */
const press = (rest: string) => reading(parsePress(`press ${rest}`, tokens(`press ${rest}`).slice(1)));

describe('parsePress', () => {
  const cases: [string, unknown][] = [
    ['enter', { intent: 'press_key', key: 'enter' }],
    ['ctrl+shift+t', { intent: 'press_key', key: 't', modifiers: ['ctrl', 'shift'] }],
    ['the escape key', { intent: 'press_key', key: 'escape' }],
    ['tab in Firefox', { intent: 'press_key', key: 'tab', app: 'Firefox' }],
    [
      'down twice',
      {
        intent: 'sequence',
        steps: [
          { intent: 'press_key', key: 'down' },
          { intent: 'press_key', key: 'down' },
        ],
      },
    ],
    ['12', { intent: 'click_element', element: { id: 12 } }],
    ['the Save button', { intent: 'click_element', element: { label: 'Save', role: 'button' } }],
    ['cmd+shift+banana', 'fail'],
    ['the Save button twice', 'fail'],
  ];
  it.each(cases)('press %s → %j', (rest, expected) => {
    expect(press(rest)).toEqual(expected);
  });
});

describe('parseBack', () => {
  it.each([
    ['', 'linux', { intent: 'press_key', key: 'left', modifiers: ['alt'] }],
    ['', 'macos', { intent: 'press_key', key: 'left_bracket', modifiers: ['cmd'] }],
    ['in Files', 'linux', { intent: 'press_key', key: 'left', modifiers: ['alt'], app: 'Files' }],
    ['to the start', 'linux', 'fail'],
    ['', undefined, 'fail'],
  ] as const)('go back %j on %s → %j', (rest, platform, expected) => {
    expect(reading(parseBack(rest ? tokens(rest) : [], platform ? { platform } : {}))).toEqual(expected);
  });
});
