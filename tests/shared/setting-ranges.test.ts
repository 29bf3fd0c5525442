// The ranges of the number settings: the schema enforces exactly these bounds (a value on the bound
// is kept, one past it is refused with a sentence naming the range), and the panel reads the same.
import { describe, expect, it } from 'vitest';
import { CONFIRM_TIMEOUT_SECONDS, MOUSE_GRID_CELLS, PLANNER_TIMEOUT_SECONDS, SPEECH_RATE, THRESHOLD } from '../../src/shared/setting-ranges.js';
import { Settings, settingMeta } from '../../src/shared/settings-schema.js';

type Range = { readonly min: number; readonly max: number };

const CASES: ReadonlyArray<readonly [string, Range, (v: number) => unknown, number]> = [
  ['spokenFeedback.rate', SPEECH_RATE, (v) => ({ spokenFeedback: { rate: v } }), 1],
  ['plannerTimeoutSeconds', PLANNER_TIMEOUT_SECONDS, (v) => ({ plannerTimeoutSeconds: v }), 0.5],
  ['confirmTimeoutSeconds', CONFIRM_TIMEOUT_SECONDS, (v) => ({ confirmTimeoutSeconds: v }), 1],
  ['mouseGridCells', MOUSE_GRID_CELLS, (v) => ({ mouseGridCells: v }), 1],
  // Both thresholds equal, so the "reject ≤ warn" rule does not interfere with the bounds.
  ['confidence.reject', THRESHOLD, (v) => ({ confidence: { reject: v, warn: v } }), 0.01],
];

describe('setting ranges', () => {
  it('are ranges: min below max', () => {
    for (const r of [SPEECH_RATE, PLANNER_TIMEOUT_SECONDS, CONFIRM_TIMEOUT_SECONDS, MOUSE_GRID_CELLS, THRESHOLD]) expect(r.min).toBeLessThan(r.max);
  });

  it.each(CASES)('%s: the schema keeps both bounds and refuses one step past each', (path, range, settings, step) => {
    expect(Settings.safeParse(settings(range.min)).success).toBe(true);
    expect(Settings.safeParse(settings(range.max)).success).toBe(true);
    for (const outside of [range.min - step, range.max + step]) {
      const r = Settings.safeParse(settings(outside));
      expect(r.success, `${path} = ${outside}`).toBe(false);
      expect(r.error?.issues[0]?.message).toContain(`from ${range.min} to ${range.max}`);
    }
  });

  it.each(CASES)('%s: the panel is told the same range', (path, range) => {
    expect(settingMeta(path)).toMatchObject({ min: range.min, max: range.max });
  });
});
