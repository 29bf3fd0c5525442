/**
 * A long run's progress (issue #32): step n of m and what it does, or where it is paused, with one
 * button that pauses it or goes on. The Pause key does the same while the panel has the keyboard; Esc
 * and Stop still stop it. Not a live region: the status bar and the session's replies are announced.
 */
import { useEffect, useRef } from 'preact/hooks';
import type { RunProgress as Progress } from './conversation.js';

/** What the button (and the Pause key) sends now: the session words "pause" and "go on". */
export const paceCommand = (progress: Progress): 'pause' | 'go on' => (progress.paused ? 'go on' : 'pause');

export function RunProgress({ progress, send }: { readonly progress: Progress | undefined; readonly send: (command: string) => void }) {
  // The latest progress and send, for the one key listener.
  const latest = useRef({ progress, send });
  latest.current = { progress, send };
  useEffect(() => {
    const onKey = (e: KeyboardEvent): void => {
      const { progress: now, send: sendNow } = latest.current;
      if (e.key !== 'Pause' || !now) return;
      e.preventDefault();
      sendNow(paceCommand(now));
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
  if (!progress) return null;
  const { step, total, doing, paused } = progress;
  return (
    <section class="run-progress" aria-labelledby="run-progress-text">
      <p id="run-progress-text">{paused ? `Paused before step ${step} of ${total}: ${doing}` : `Step ${step} of ${total}: ${doing}`}</p>
      <progress max={total} value={step - 1} aria-label={`${step - 1} of ${total} steps done`} />
      <button type="button" onClick={() => send(paceCommand(progress))}>
        {paused ? 'Go on' : 'Pause'}
      </button>
    </section>
  );
}
