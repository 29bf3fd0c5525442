/** The "Take it back" button and its key (take-back-offer.ts says when it is offered). */
import { useEffect, useRef } from 'preact/hooks';
import { isTakeBackKey, TAKE_BACK_COMMAND } from './take-back-offer.js';

export function TakeBackOffer({ offered, send }: { readonly offered: boolean; readonly send: (command: string) => void }) {
  // The latest offer and send, for the one key listener.
  const latest = useRef({ offered, send });
  latest.current = { offered, send };
  useEffect(() => {
    const onKey = (e: KeyboardEvent): void => {
      if (!isTakeBackKey(e) || !latest.current.offered) return;
      e.preventDefault();
      latest.current.send(TAKE_BACK_COMMAND);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
  if (!offered) return null;
  return (
    <button type="button" class="take-back" aria-keyshortcuts="Alt+Backspace" onClick={() => send(TAKE_BACK_COMMAND)}>
      Take it back
    </button>
  );
}
