/**
 * Hold-to-talk (`pushToTalk: 'hold'`): while the panel has the focus the shell leaves the shortcut
 * to the page, which listens from the shortcut's keydown to its keyup. Auto-repeat is ignored; the
 * focus leaving the panel with the keys down counts as their release (that keyup never comes here).
 * What each press and release does is the voice reducer's (voice-machine.ts).
 */
import { useEffect, useRef } from 'preact/hooks';
import { acceleratorKeys } from '../../shared/accelerator-keys.js';
import type { VoiceEvent } from './voice-machine.js';

export function useHoldToTalk(shortcut: string | undefined, voice: { readonly apply: (event: VoiceEvent) => unknown; readonly holding: () => boolean }): void {
  // The caller's latest `apply` and `holding` (new functions each render), for the listeners registered once per shortcut.
  const latest = useRef(voice);
  latest.current = voice;
  useEffect(() => {
    const keys = shortcut ? acceleratorKeys(shortcut, /Mac/.test(navigator.platform)) : undefined;
    if (!keys) return;
    const onDown = (e: KeyboardEvent): void => {
      if (!keys.pressed(e)) return;
      e.preventDefault();
      if (!e.repeat) latest.current.apply({ type: 'hold_press' });
    };
    const onUp = (e: KeyboardEvent): void => {
      if (!latest.current.holding() || !keys.released(e)) return;
      e.preventDefault();
      latest.current.apply({ type: 'hold_release' });
    };
    const onBlur = (): void => void latest.current.apply({ type: 'hold_release' });
    window.addEventListener('keydown', onDown, true);
    window.addEventListener('keyup', onUp, true);
    window.addEventListener('blur', onBlur);
    return () => {
      latest.current.apply({ type: 'hold_off' });
      window.removeEventListener('keydown', onDown, true);
      window.removeEventListener('keyup', onUp, true);
      window.removeEventListener('blur', onBlur);
    };
  }, [shortcut]);
}
