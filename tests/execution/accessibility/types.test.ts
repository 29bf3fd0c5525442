// The bridge's vocabularies (src/execution/accessibility/types.ts): its error codes are recognised
// by name only, and its error carries the code.
import { describe, expect, it } from 'vitest';
import { AccessibilityError, ACTIONS, isAccessibilityErrorCode, STATES } from '../../../src/execution/accessibility/types.js';
import { itAnswers } from '../../support/yes-no.js';

describe('accessibility types', () => {
  itAnswers<unknown>(
    '%j is an error code of the bridge: %s',
    isAccessibilityErrorCode,
    ['timeout', 'permission_denied', 'not_built'],
    ['TIMEOUT', 'mismatch', 404, undefined],
  );

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
