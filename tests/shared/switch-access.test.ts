// Switch inputs: which ones the shell may take system-wide (F13–F24 only, never keys people type
// with), and defaults that the limits allow.
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_QUICK_COMMANDS,
  DEFAULT_SWITCH_SETTINGS,
  isGlobalSwitchInput,
  MAX_QUICK_COMMANDS,
  SCAN_MODES,
  SWITCH_INPUTS,
  SWITCH_LIMITS,
  switchAccelerator,
} from '../../src/shared/switch-access.js';
import { sessionCommand } from '../../src/shared/session-commands.js';

describe('isGlobalSwitchInput', () => {
  it('takes F13 to F24 and nothing around them', () => {
    for (let i = 13; i <= 24; i++) expect(isGlobalSwitchInput(`F${i}`), `F${i}`).toBe(true);
    for (const input of ['F1', 'F12', 'F25', 'F10', 'F130', 'f13', ' F13', 'F13 ', 'F1 3', 'Space', 'Enter', '1', '2', 'MouseLeft', 'MouseRight', '']) {
      expect(isGlobalSwitchInput(input), JSON.stringify(input)).toBe(false);
    }
  });

  it('of the switch inputs, is exactly the twelve function keys', () => {
    expect(SWITCH_INPUTS.filter(isGlobalSwitchInput)).toEqual(Array.from({ length: 12 }, (_, i) => `F${13 + i}`));
  });
});

describe('switchAccelerator', () => {
  it('is the key itself for F13–F24 and none for keys people type with or mouse buttons', () => {
    expect(switchAccelerator('F13')).toBe('F13');
    expect(switchAccelerator('F24')).toBe('F24');
    for (const input of ['Space', 'Enter', '1', '2', 'MouseLeft', 'MouseRight'] as const) expect(switchAccelerator(input), input).toBeUndefined();
  });
});

describe('the switch defaults', () => {
  it('lie within their limits', () => {
    for (const [name, { min, max }] of Object.entries(SWITCH_LIMITS)) {
      const value = DEFAULT_SWITCH_SETTINGS[name as keyof typeof SWITCH_LIMITS];
      expect(min, name).toBeLessThanOrEqual(max);
      expect(value, name).toBeGreaterThanOrEqual(min);
      expect(value, name).toBeLessThanOrEqual(max);
    }
  });

  it('use a known mode and two different switch inputs', () => {
    expect(SCAN_MODES).toContain(DEFAULT_SWITCH_SETTINGS.mode);
    expect(SWITCH_INPUTS).toContain(DEFAULT_SWITCH_SETTINGS.selectInput);
    expect(SWITCH_INPUTS).toContain(DEFAULT_SWITCH_SETTINGS.moveInput);
    expect(DEFAULT_SWITCH_SETTINGS.selectInput).not.toBe(DEFAULT_SWITCH_SETTINGS.moveInput);
  });

  it('stop only on a hold longer than a scan step, so a slow select never stops the run', () => {
    expect(DEFAULT_SWITCH_SETTINGS.stopHoldMs).toBeGreaterThan(DEFAULT_SWITCH_SETTINGS.holdMs);
    expect(SWITCH_LIMITS.stopHoldMs.min).toBeGreaterThan(0);
  });

  it('offer "what can I say" first among the quick commands, within the limit', () => {
    expect(sessionCommand(DEFAULT_QUICK_COMMANDS[0]!)).toBe('help');
    expect(DEFAULT_QUICK_COMMANDS.length).toBeLessThanOrEqual(MAX_QUICK_COMMANDS);
    expect(new Set(DEFAULT_QUICK_COMMANDS).size).toBe(DEFAULT_QUICK_COMMANDS.length);
  });
});
