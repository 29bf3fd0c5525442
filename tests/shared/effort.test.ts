// Effort per task (issue #31): the bounded payload, the sum, and the words a screen reader reads.
import { describe, expect, it } from 'vitest';
import { addEffort, effortPayload, effortWords, MAX_EFFORT_COUNT, NO_EFFORT } from '../../src/shared/effort.js';

describe('effortPayload', () => {
  it('takes bounded whole counts only', () => {
    expect(effortPayload.safeParse({ presses: 3, utterances: 0, keystrokes: 14, scanSteps: 9 }).success).toBe(true);
    for (const bad of [
      { presses: -1, utterances: 0, keystrokes: 0, scanSteps: 0 },
      { presses: 1.5, utterances: 0, keystrokes: 0, scanSteps: 0 },
      { presses: MAX_EFFORT_COUNT + 1, utterances: 0, keystrokes: 0, scanSteps: 0 },
      { presses: 1, utterances: 0, keystrokes: 0 },
      { presses: 1, utterances: 0, keystrokes: 0, scanSteps: 0, text: 'hello' },
    ])
      expect(effortPayload.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
  });
});

describe('addEffort', () => {
  it('adds each count and keeps it within the bound', () => {
    expect(addEffort({ presses: 2, utterances: 1, keystrokes: 3, scanSteps: 4 }, { presses: 1, scanSteps: 2 })).toEqual({
      presses: 3,
      utterances: 1,
      keystrokes: 3,
      scanSteps: 6,
    });
    expect(addEffort({ ...NO_EFFORT, keystrokes: MAX_EFFORT_COUNT }, { keystrokes: 5 }).keystrokes).toBe(MAX_EFFORT_COUNT);
  });
});

describe('effortWords', () => {
  it.each([
    [{ presses: 3, utterances: 0, keystrokes: 0, scanSteps: 9 }, 'Done in 3 presses.'],
    [{ presses: 1, utterances: 0, keystrokes: 0, scanSteps: 0 }, 'Done in 1 press.'],
    [{ presses: 0, utterances: 2, keystrokes: 0, scanSteps: 0 }, 'Done in 2 utterances.'],
    [{ presses: 0, utterances: 1, keystrokes: 0, scanSteps: 0 }, 'Done in 1 utterance.'],
    [{ presses: 0, utterances: 0, keystrokes: 14, scanSteps: 0 }, 'Done in 14 keys.'],
    [{ presses: 0, utterances: 1, keystrokes: 14, scanSteps: 0 }, 'Done in 1 utterance and 14 keys.'],
    [{ presses: 2, utterances: 1, keystrokes: 1, scanSteps: 5 }, 'Done in 2 presses, 1 utterance and 1 key.'],
    [NO_EFFORT, undefined],
  ])('%j → %s', (effort, words) => {
    expect(effortWords(effort)).toBe(words);
  });
});
