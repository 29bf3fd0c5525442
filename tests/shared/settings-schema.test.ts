import { describe, expect, it } from 'vitest';
import { settingKeys } from '../../src/config/settings.js';
import { defaultSettings, Settings, settingMeta } from '../../src/shared/settings-schema.js';

/** Other fields a field is checked against (reject ≤ warn, hold < long press < stop hold), set so they never decide. */
const ROOM: Readonly<Record<string, Record<string, unknown>>> = {
  'confidence.reject': { confidence: { reject: 0, warn: 1 } },
  'confidence.warn': { confidence: { reject: 0, warn: 1 } },
  'switchAccess.holdMs': { switchAccess: { ...defaultSettings().switchAccess, stopHoldMs: 10_000, longPressMs: 5000 } },
  'switchAccess.stopHoldMs': { switchAccess: { ...defaultSettings().switchAccess, holdMs: 0, longPressMs: 300 } },
  'switchAccess.longPressMs': { switchAccess: { ...defaultSettings().switchAccess, holdMs: 0, stopHoldMs: 10_000 } },
};

/** Sets one dotted path of the defaults to `value` and validates. */
function accepts(path: string, value: unknown): boolean {
  const next = { ...structuredClone(defaultSettings()), ...structuredClone(ROOM[path] ?? {}) } as Record<string, unknown>;
  const keys = path.split('.');
  let target = next;
  for (const k of keys.slice(0, -1)) target = target[k] as Record<string, unknown>;
  target[keys.at(-1) as string] = value;
  return Settings.safeParse(next).success;
}

describe('the settings schema’s metadata', () => {
  it.each([
    ['provider', 'The AI planner'],
    ['models.openai', 'The OpenAI-compatible model'],
    ['confidence', 'The confidence thresholds:'],
    ['confidence.warn', 'The warning threshold'],
    ['spokenFeedback.rate', 'The speech rate'],
    ['switchAccess', 'Switch access'],
    ['switchAccess.stopHoldMs', 'The hold that stops'],
    ['quickCommands', 'The quick commands'],
    ['voice.shortcut', 'The push-to-talk shortcut'],
    ['stepBudget', 'Steps before a long run asks to go on'],
  ])('labels %s as “%s”', (path, label) => {
    expect(settingMeta(path)?.label).toBe(label);
  });

  it('has no label for a path the schema does not have, or for a setting the panel does not name', () => {
    expect(settingMeta('nope')).toBeUndefined();
    expect(settingMeta('models.nope')).toBeUndefined();
    expect(settingMeta('provider.deeper')).toBeUndefined();
    expect(settingMeta('launchAtLogin')).toBeUndefined();
  });

  // The ranges the panel shows are the ones the schema enforces.
  it.each(settingKeys().filter((k) => settingMeta(k)?.min !== undefined))('%s accepts exactly its range', (path) => {
    const { min, max } = settingMeta(path) as { min: number; max: number };
    expect(accepts(path, min)).toBe(true);
    expect(accepts(path, max)).toBe(true);
    const step = Number.isInteger(min) && Number.isInteger(max) && max - min >= 1 ? 1 : 0.01;
    expect(accepts(path, min - step)).toBe(false);
    expect(accepts(path, max + step)).toBe(false);
  });

  it('the step budget (issue #32) is 25 by default, also for a file saved before it existed; a fraction is refused', () => {
    expect(defaultSettings().stepBudget).toBe(25);
    const { stepBudget: _none, ...older } = defaultSettings();
    expect(Settings.parse(older).stepBudget).toBe(25);
    expect(accepts('stepBudget', 12.5)).toBe(false);
    expect(Settings.safeParse({ ...defaultSettings(), stepBudget: 4 }).error?.issues[0]?.message).toBe('must be a whole number of steps from 5 to 100');
  });

  it('gives a range to every number the panel can change', () => {
    const numeric = settingKeys().filter(
      (k) => typeof k.split('.').reduce<unknown>((v, p) => (v as Record<string, unknown>)[p], defaultSettings()) === 'number',
    );
    expect(numeric.filter((k) => settingMeta(k)?.min === undefined)).toEqual([]);
  });
});
