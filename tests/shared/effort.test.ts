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
    ['en', { presses: 3, utterances: 0, keystrokes: 0, scanSteps: 9 }, 'Done in 3 presses.'],
    ['en', { presses: 1, utterances: 0, keystrokes: 0, scanSteps: 0 }, 'Done in 1 press.'],
    ['en', { presses: 0, utterances: 2, keystrokes: 0, scanSteps: 0 }, 'Done in 2 utterances.'],
    ['en', { presses: 0, utterances: 1, keystrokes: 0, scanSteps: 0 }, 'Done in 1 utterance.'],
    ['en', { presses: 0, utterances: 0, keystrokes: 14, scanSteps: 0 }, 'Done in 14 keys.'],
    ['en', { presses: 0, utterances: 1, keystrokes: 14, scanSteps: 0 }, 'Done in 1 utterance and 14 keys.'],
    ['en', { presses: 2, utterances: 1, keystrokes: 1, scanSteps: 5 }, 'Done in 2 presses, 1 utterance and 1 key.'],
    ['en', NO_EFFORT, undefined],
    // In German (issue #32 item 6): the counts after "mit", in the dative.
    ['de', { presses: 3, utterances: 0, keystrokes: 0, scanSteps: 9 }, 'Erledigt mit 3 Schalterdrücken.'],
    ['de', { presses: 1, utterances: 0, keystrokes: 0, scanSteps: 0 }, 'Erledigt mit 1 Schalterdruck.'],
    ['de', { presses: 0, utterances: 1, keystrokes: 14, scanSteps: 0 }, 'Erledigt mit 1 Äußerung und 14 Tasten.'],
    ['de', { presses: 2, utterances: 2, keystrokes: 1, scanSteps: 5 }, 'Erledigt mit 2 Schalterdrücken, 2 Äußerungen und 1 Taste.'],
    ['de', NO_EFFORT, undefined],
  ] as const)('%s: %j → %s', (language, effort, words) => {
    expect(effortWords(effort, language)).toBe(words);
  });
});
