// The bridge's vocabularies (src/execution/accessibility/types.ts): its error codes are recognised
// by name only, and its error carries the code.
import { describe, expect, it } from 'vitest';
import { AccessibilityError, ACTIONS, isAccessibilityErrorCode, STATES } from '../../../src/execution/accessibility/types.js';

describe('accessibility types', () => {
  it.each<[unknown, boolean]>([
    ['timeout', true],
    ['permission_denied', true],
    ['not_built', true],
    ['TIMEOUT', false],
    ['mismatch', false],
    [404, false],
    [undefined, false],
  ])('%j is an error code of the bridge: %s', (value, yes) => {
    expect(isAccessibilityErrorCode(value)).toBe(yes);
  });

  it('its error keeps the code and the sentence', () => {
    const e = new AccessibilityError('gone', 'The window closed.');
    expect([e.name, e.code, e.message, e instanceof Error]).toEqual(['AccessibilityError', 'gone', 'The window closed.', true]);
  });

  it('lists each action and state once, states in alphabetical order', () => {
    expect(new Set(ACTIONS).size).toBe(ACTIONS.length);
    expect([...STATES].sort()).toEqual([...STATES]);
    expect(new Set(STATES).size).toBe(STATES.length);
  });
});
