/**
 * The voice controls (issue #8, #15): Listen; while listening the level meter, Done and Cancel; the
 * review; with continuous listening on, Start / Stop listening, the meter and what to say.
 */
import type { Ref } from 'preact';
import { useLayoutEffect, useRef } from 'preact/hooks';
import type { VoiceState } from './voice-state.js';

/** The voice controls: Listen; while listening the level meter, Done and Cancel; then the review. */
export function VoicePanel({ voice }: { readonly voice: VoiceState }) {
  const focusTarget = useRef<HTMLButtonElement>(null);
  const { phase } = voice;
  // Each step puts the focus on its main button: Done while listening, Run in the review, back on Listen
  // at the end. At the commit, not after the paint: the button that had it (Listen, Done) is gone by
  // then, and a key pressed at once would land on the page.
  useLayoutEffect(() => {
    if (phase.kind === 'listening' || phase.kind === 'review' || phase.kind === 'transcribing') focusTarget.current?.focus();
  }, [phase.kind]);
  if (!voice.enabled) return null;

  return (
    <section class="voice" aria-label="Voice">
      {phase.kind === 'idle' && voice.continuous !== undefined && <ContinuousControls voice={voice} />}
      {phase.kind === 'idle' && voice.continuous === undefined && (
        <>
          <button type="button" class="big listen" onClick={voice.listen} aria-describedby="voice-help">
            Listen
          </button>
          <p id="voice-help" class="help">
            Say a command after pressing Listen{voice.shortcut ? ` (or ${voice.shortcut} from any app)` : ''}, then press Done.
            {voice.hold && voice.shortcut ? ` Here in the panel you can also hold ${voice.shortcut} while you speak and let go to send.` : ''}
          </p>
        </>
      )}
      {phase.kind === 'starting' && <p class="help">Starting the microphone…</p>}
      {phase.kind === 'listening' && (
        <>
          <div
            class="voice-meter"
            role="meter"
            aria-label="Microphone level"
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={voice.level}
            aria-valuetext={`${voice.level}%`}
          >
            <div class="voice-meter-fill" style={{ width: `${voice.level}%` }} />
          </div>
          <Actions buttons={[['Done', voice.finish]]} cancel={voice.cancel} focus={focusTarget} />
        </>
      )}
      {phase.kind === 'transcribing' && (
        <>
          <p class="help">{phase.progress?.message ?? 'Working out what you said…'}</p>
          {phase.progress?.percent !== undefined && <progress aria-label="Speech model download" max={100} value={phase.progress.percent} />}
          <Actions buttons={[]} cancel={voice.cancel} focus={focusTarget} />
        </>
      )}
      {phase.kind === 'review' && (
        <>
          <p class="voice-heard">
            Heard: <strong data-testid="voice-transcript">{phase.text}</strong>
          </p>
          <Actions
            label={`What to do with: ${phase.text}`}
            buttons={[
              ['Run', voice.run],
              ['Edit', voice.editTranscript],
            ]}
            cancel={voice.cancel}
            focus={focusTarget}
          />
        </>
      )}
      {voice.problem && phase.kind === 'idle' && (
        <p class="voice-problem" data-testid="voice-problem">
          {voice.problem}
        </p>
      )}
    </section>
  );
}

/** Continuous listening: Start or Stop listening, the level meter, and what to say. */
function ContinuousControls({ voice }: { readonly voice: VoiceState }) {
  const mode = voice.continuous;
  if (mode === 'off' || mode === undefined) {
    return (
      <>
        <button type="button" class="big listen" onClick={voice.listen} aria-describedby="voice-help">
          Start listening
        </button>
        <p id="voice-help" class="help">
          Listening is off. Start listening{voice.shortcut ? ` (or press ${voice.shortcut} from any app)` : ''}, then say commands; no key is needed between
          them.
        </p>
      </>
    );
  }
  return (
    <>
      {mode !== 'starting' && (
        <div
          class="voice-meter"
          role="meter"
          aria-label="Microphone level"
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={voice.level}
          aria-valuetext={`${voice.level}%`}
        >
          <div class="voice-meter-fill" style={{ width: `${voice.level}%` }} />
        </div>
      )}
      <p id="voice-help" class="help" data-testid="listening-help">
        {mode === 'sleeping'
          ? 'Sleeping: I act on nothing until you say “wake up”.'
          : mode === 'starting'
            ? 'Starting the microphone…'
            : 'Listening: say a command. Say “go to sleep” to pause, “wake up” to resume.'}
      </p>
      <button type="button" class="big" onClick={voice.stopListening} aria-describedby="voice-help">
        Stop listening
      </button>
    </>
  );
}

/** A row of big buttons ending in Cancel; the first one takes the focus (Cancel when it is alone). */
function Actions({
  buttons,
  cancel,
  focus,
  label,
}: {
  readonly buttons: ReadonlyArray<readonly [string, () => void]>;
  readonly cancel: () => void;
  readonly focus: Ref<HTMLButtonElement>;
  readonly label?: string;
}) {
  return (
    <div class="actions" {...(label ? { role: 'group', 'aria-label': label } : {})}>
      {buttons.map(([text, onClick], i) => (
        <button key={text} type="button" class={i === 0 ? 'big primary' : 'big'} ref={i === 0 ? focus : undefined} onClick={onClick}>
          {text}
        </button>
      ))}
      <button type="button" class="big" ref={buttons.length === 0 ? focus : undefined} onClick={cancel}>
        Cancel
      </button>
    </div>
  );
}
