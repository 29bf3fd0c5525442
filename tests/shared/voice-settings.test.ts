// The voice settings' vocabulary (src/shared/voice-settings.ts): the default model is one of the
// sizes, each size has its English-only twin or is one, and the shortcut's default is an accelerator
// the panel can read on every platform.
import { describe, expect, it } from 'vitest';
import { acceleratorKeys } from '../../src/shared/accelerator-keys.js';
import { DEFAULT_VOICE_MODEL, DEFAULT_VOICE_SHORTCUT, PUSH_TO_TALK_MODES, VOICE_ENGINES, VOICE_MODEL_SIZES } from '../../src/shared/voice-settings.js';

describe('voice settings', () => {
  it('offers the local engine first, and the default model among the sizes', () => {
    expect([...VOICE_ENGINES]).toEqual(['local', 'online']);
    expect(VOICE_MODEL_SIZES).toContain(DEFAULT_VOICE_MODEL);
    expect(DEFAULT_VOICE_MODEL.endsWith('.en')).toBe(true);
  });

  it.each(VOICE_MODEL_SIZES.filter((s) => !s.endsWith('.en')))('has %s in English only as well', (size) => {
    expect(VOICE_MODEL_SIZES).toContain(`${size}.en`);
  });

  it('toggles or holds', () => {
    expect([...PUSH_TO_TALK_MODES]).toEqual(['toggle', 'hold']);
  });

  it('listens on Ctrl (Cmd on macOS) + Shift + L by default', () => {
    expect(DEFAULT_VOICE_SHORTCUT.split('+')).toEqual(['CommandOrControl', 'Shift', 'L']);
    for (const mac of [false, true]) expect(acceleratorKeys(DEFAULT_VOICE_SHORTCUT, mac)).toBeDefined();
  });
});
