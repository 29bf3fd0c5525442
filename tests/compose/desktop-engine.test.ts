// The desktop engine both front ends use (src/compose/desktop-engine.ts) offers every call the
// layers above look for, the optional ones too: a call it leaves out is not an error anywhere, the
// feature just says it is not available (window commands did, in the app and the command line).
// Opened on a desktop that cannot start, each says the bridge's sentence instead of throwing.
import { describe, expect, it } from 'vitest';
import { openDesktopEngine } from '../../src/compose/desktop-engine.js';
import type { ExecutionEngine } from '../../src/execution/engine.js';

/** The engine's calls the loop, dispatch, dictation and "take it back" look for when they are there. */
const OPTIONAL = ['windowCommand', 'readFocusedText', 'placeInFocusedText', 'observedElement', 'locate', 'stillAsLeft', 'restoreRecorded'] as const;

const cannotStart = (): ExecutionEngine => {
  throw new Error('no display');
};

describe('the desktop engine', () => {
  it.each(OPTIONAL)('offers %s', (name) => {
    const api = openDesktopEngine({}, cannotStart) as unknown as Record<string, unknown>;
    expect(typeof api[name]).toBe('function');
  });

  it('a desktop that cannot start: each call answers with the sentence, never a throw', async () => {
    const api = openDesktopEngine({}, cannotStart) as unknown as Pick<ExecutionEngine, 'windowCommand' | 'readFocusedText' | 'placeInFocusedText'>;
    const sentence = { kind: 'failure', code: 'no_accessibility', reason: 'The accessibility bridge could not start: no display' };
    expect(await api.windowCommand('maximize', undefined)).toEqual(sentence);
    expect(await api.readFocusedText()).toEqual({ ok: false, result: sentence });
    expect(await api.placeInFocusedText({ role: 'text_field', name: 'Message', value: 'hello' }, 0, 5)).toEqual({ ok: false, result: sentence });
  });
});
