import { describe, expect, it } from 'vitest';
import { MIN_REACTIONS, secondsShown, stepInterval, stepSentence, suggestInterval, suggestionSentence } from '../../src/shared/scan-rate.js';

const times = (ms: number, n = 8): number[] => Array.from({ length: n }, () => ms);

describe('suggestInterval (the .65 rule)', () => {
  it.each([
    // reactions (median), interval in use → suggestion
    [times(650), 1500, 1000],
    [times(780), 1500, 1200],
    [times(400), 1500, 600],
    [times(200), 1500, 500], // the range's least
    [[...times(50, 10), ...times(650, 5)], 1500, 1000], // presses under 150 ms were no reactions
    [times(4000), 1500, 5000], // the range's most
    [[300, 900, 1000, 1100, 5000], 800, 1500], // median 1000 → 1538 → 1500; an outlier moves nothing
    [times(900), 1400, undefined], // 1385 → 1400: what is in use already
    [times(960), 1400, undefined], // 1477 → 1500: within 200 ms, not worth offering
    [times(650, MIN_REACTIONS - 1), 1500, undefined], // too few presses
  ] as const)('%j at %i ms → %s', (reactions, current, expected) => {
    expect(suggestInterval(reactions, current)).toBe(expected);
  });

  it('looks at the latest 20 reactions only', () => {
    expect(suggestInterval([...times(2000, 30), ...times(650, 20)], 3000)).toBe(1000);
  });
});

describe('stepInterval', () => {
  it.each([
    [1500, 'slower', 1800], // 1750 rounds to 1800
    [1500, 'faster', 1300], // 1250 rounds to 1300
    [600, 'faster', 500],
    [500, 'faster', 500],
    [5000, 'slower', 5000],
  ] as const)('%i ms %s → %i ms', (from, way, to) => {
    expect(stepInterval(from, way)).toBe(to);
  });
});

describe('sentences', () => {
  it('say the seconds and what to choose', () => {
    expect(secondsShown(1200)).toBe('1.2 s');
    expect(secondsShown(2000)).toBe('2 s');
    expect(suggestionSentence(1200, 1500)).toBe(
      'Your presses suggest a faster scan: every 1.2 s instead of 1.5 s. Choose “Use 1.2 s” to change it, or carry on.',
    );
    expect(stepSentence('slower', 1500, 1800)).toBe('The scan is slower now: every 1.8 s, saved.');
    expect(stepSentence('faster', 500, 500)).toBe('The scan is already at its fastest, every 0.5 s.');
  });
});
