/**
 * The panel's Dictate / Stop dictating button (issue #18): it sends "start dictation" or "stop
 * dictation" like a typed command, and while dictation is on says what happens to what is said.
 * The mode itself comes from the loop's `mode` event (conversation.ts keeps it).
 */
import type { SessionMode } from '../shared/contracts/events.js';

export function DictationToggle({ mode, busy, send }: { readonly mode: SessionMode; readonly busy: boolean; readonly send: (command: string) => void }) {
  const on = mode === 'dictation';
  return (
    <>
      <button
        type="button"
        class="dictation"
        data-mode={mode}
        disabled={busy}
        aria-describedby={on ? 'dictation-note' : undefined}
        onClick={() => send(on ? 'stop dictation' : 'start dictation')}
      >
        {on ? 'Stop dictating' : 'Dictate'}
      </button>
      {on && (
        <p id="dictation-note" class="help">
          Dictation is on: what you say or type is written into the focused field.
        </p>
      )}
    </>
  );
}
