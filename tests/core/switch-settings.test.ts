// The switch and quick-command settings as the panel saves them: defaults, ranges, and the sentence
// a refused change comes back with (in the panel's own field names).
import { describe, expect, it } from 'vitest';
import { Settings, defaultSettings } from '../../src/config/settings.js';
import { applySettingsUpdate, buildSettingsView } from '../../src/core/panel-settings.js';
import type { SettingsUpdate } from '../../src/shared/contracts/ipc-contract.js';

const current = defaultSettings();
const update = (change: Partial<SettingsUpdate>): SettingsUpdate => {
  const { keys: _k, onboardingDone: _o, plannerTimeoutSeconds: _p, ...rest } = { ...current, keys: undefined, onboardingDone: undefined };
  return { ...rest, ...change } as SettingsUpdate;
};
const message = (change: Partial<SettingsUpdate>) => {
  const r = applySettingsUpdate(current, update(change));
  return r.ok ? 'saved' : r.message;
};

describe('switch settings', () => {
  it('default to off, one switch on Space, 1.5 s scanning, 4 rounds, and four quick commands, "what can I say" first', () => {
    expect(current.switchAccess).toEqual({
      enabled: false,
      mode: 'auto',
      selectInput: 'Space',
      moveInput: 'Enter',
      scanIntervalMs: 1500,
      scanLoops: 4,
      firstItemPauseMs: 1000,
      holdMs: 0,
      ignoreRepeatMs: 300,
      stopHoldMs: 2000,
      questionSettleMs: 1000,
      longPressMs: 1000,
    });
    expect(current.quickCommands).toEqual(['what can I say', 'show numbers', 'scroll down', 'scroll up']);
    // An older settings file without them reads as the defaults.
    expect(Settings.parse({}).switchAccess.enabled).toBe(false);
  });

  it('the long press (issue #29) lies between the hold before select and the hold that stops, or nothing is saved', () => {
    const sw = current.switchAccess;
    expect(message({ switchAccess: { ...sw, longPressMs: 1500 } })).toBe('saved');
    expect(message({ switchAccess: { ...sw, longPressMs: 200 } })).toBe(
      'Nothing was saved. The long press must be a whole number of milliseconds from 300 to 5000.',
    );
    for (const bad of [{ longPressMs: 2000 }, { longPressMs: 800, holdMs: 900 }])
      expect(message({ switchAccess: { ...sw, ...bad } })).toBe(
        'Nothing was saved. Switch access needs the long press to be longer than the hold before select and shorter than the hold that stops.',
      );
  });

  it('accept Apple-like ranges and refuse the rest in a sentence naming the field', () => {
    const sw = current.switchAccess;
    expect(message({ switchAccess: { ...sw, enabled: true, scanIntervalMs: 500 } })).toBe('saved');
    expect(message({ switchAccess: { ...sw, scanIntervalMs: 400 } })).toBe(
      'Nothing was saved. The scan interval must be a whole number of milliseconds from 500 to 5000.',
    );
    expect(message({ switchAccess: { ...sw, scanIntervalMs: 5001 } })).toMatch(/^Nothing was saved\. The scan interval /);
    expect(message({ switchAccess: { ...sw, scanLoops: 0 } })).toBe(
      'Nothing was saved. The number of scan loops must be a whole number of loops from 1 to 10.',
    );
    expect(message({ switchAccess: { ...sw, holdMs: 2500 } })).toMatch(/^Nothing was saved\. The hold before select /);
    expect(message({ switchAccess: { ...sw, stopHoldMs: 500 } })).toMatch(/^Nothing was saved\. The hold that stops /);
    expect(message({ switchAccess: { ...sw, mode: 'step', selectInput: 'F13', moveInput: 'F13' } })).toBe(
      'Nothing was saved. Switch access needs two different switches in step mode (one moves, the other selects).',
    );
    expect(message({ switchAccess: { ...sw, questionSettleMs: 0 } as SettingsUpdate['switchAccess'] })).toBe('saved');
    expect(message({ switchAccess: { ...sw, questionSettleMs: 5001 } as SettingsUpdate['switchAccess'] })).toBe(
      'Nothing was saved. The settling time after a question must be a whole number of milliseconds from 0 to 5000.',
    );
    expect(message({ switchAccess: { ...sw, holdMs: 2000, stopHoldMs: 2000 } })).toBe(
      'Nothing was saved. Switch access needs the hold before select to be shorter than the hold that stops.',
    );
  });

  it('the settling time after a question (issue #27): shown in the view and saved from the panel; a save that does not carry it keeps the saved one', async () => {
    const saved = { ...current, switchAccess: { ...current.switchAccess, questionSettleMs: 2500 } };
    const view = await buildSettingsView(saved, { status: async () => ({ saved: false }) } as never);
    expect(view.switchAccess.questionSettleMs).toBe(2500);
    const changed = applySettingsUpdate(saved, { ...update({}), switchAccess: { ...saved.switchAccess, questionSettleMs: 400 } });
    expect(changed.ok && changed.settings.switchAccess.questionSettleMs).toBe(400);
    // An update without it (a panel of an earlier version) keeps what the file holds.
    const { questionSettleMs: _q, ...olderSwitch } = saved.switchAccess;
    const applied = applySettingsUpdate(saved, { ...update({}), switchAccess: { ...olderSwitch, scanLoops: 3 } as typeof saved.switchAccess });
    expect(applied.ok && applied.settings.switchAccess).toMatchObject({ questionSettleMs: 2500, scanLoops: 3 });
  });

  it('quick commands: trimmed, one line each, at most 12', () => {
    const ok = applySettingsUpdate(current, update({ quickCommands: ['  click Send ', 'scroll down'] }));
    expect(ok.ok && ok.settings.quickCommands).toEqual(['click Send', 'scroll down']);
    expect(message({ quickCommands: ['click Send', ''] })).toBe('Nothing was saved. Quick command 2 must not be empty.');
    expect(message({ quickCommands: ['a\u0007b'] })).toBe('Nothing was saved. Quick command 1 must be one line of plain text.');
    expect(message({ quickCommands: Array.from({ length: 13 }, (_, i) => `c${i}`) })).toBe(
      'Nothing was saved. The quick commands must be at most 12 commands.',
    );
  });
});
