/**
 * A confirmation's Confirm and Cancel (issue #27). Confirm takes only a press the user began on it
 * once it could be seen: for a moment after it appears it is marked unavailable (aria-disabled, so
 * it keeps the focus and is read out) and takes nothing; a key held down from before (its repeats)
 * or a key whose press began elsewhere (Enter held in the command box, Space released after the
 * focus moved here) does nothing. Cancel is never held back.
 */
import { useEffect, useRef, useState } from 'preact/hooks';

/** For this long after Confirm appears, a press of it is taken as begun before it (ms). */
export const CONFIRM_SETTLE_MS = 750;

export function ConfirmButtons({ text, onAnswer }: { readonly text: string; readonly onAnswer: (answer: 'confirm' | 'cancel') => void }) {
  const [ready, setReady] = useState(false);
  /** A key press (Enter or Space) that went down on Confirm itself, once ready, not a repeat. */
  const keyDownHere = useRef(false);
  useEffect(() => {
    const timer = setTimeout(() => setReady(true), CONFIRM_SETTLE_MS);
    return () => clearTimeout(timer);
  }, []);
  const onKeyDown = (e: KeyboardEvent): void => {
    if (e.key !== 'Enter' && e.key !== ' ') return;
    if (e.repeat || !ready) {
      e.preventDefault();
      keyDownHere.current = false;
      return;
    }
    keyDownHere.current = true;
  };
  const onClick = (e: MouseEvent): void => {
    // A click from a key has no pointer detail: it counts only when its key went down here.
    const byKey = e.detail === 0;
    const ok = ready && (!byKey || keyDownHere.current);
    keyDownHere.current = false;
    if (!ok) {
      e.preventDefault();
      return;
    }
    onAnswer('confirm');
  };
  return (
    <div class="options" role="group" aria-label={`Confirm: ${text}`}>
      <button type="button" class="big confirm" aria-disabled={ready ? undefined : 'true'} onKeyDown={onKeyDown} onClick={onClick}>
        Confirm
      </button>
      <button type="button" class="big cancel" onClick={() => onAnswer('cancel')}>
        Cancel
      </button>
    </div>
  );
}
