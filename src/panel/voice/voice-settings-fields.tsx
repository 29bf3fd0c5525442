/**
 * The Voice part of the settings view: on/off, the engine (local whisper.cpp or an online
 * OpenAI-compatible service), the local model's size, the review step, the push-to-talk shortcut and
 * whether it toggles or is held, and continuous listening.
 */
import type { SettingsUpdate } from '../../shared/contracts/ipc-contract.js';
import type { PushToTalkMode, VoiceEngineChoice, VoiceModelSize } from '../../shared/voice-settings.js';

type Voice = NonNullable<SettingsUpdate['voice']>;

const MODEL_LABELS: ReadonlyArray<readonly [VoiceModelSize, string]> = [
  ['tiny.en', 'Tiny, English (75 MB): fastest, least accurate'],
  ['base.en', 'Base, English (142 MB): fast and accurate enough for commands'],
  ['small.en', 'Small, English (466 MB): more accurate, slower'],
  ['tiny', 'Tiny, many languages (75 MB)'],
  ['base', 'Base, many languages (142 MB)'],
  ['small', 'Small, many languages (466 MB)'],
];

const ENGINE_LABELS: Readonly<Record<VoiceEngineChoice, string>> = {
  local: 'On this computer (whisper.cpp; the model downloads once, then works offline)',
  online: 'Online (OpenAI, or a whisper server with an OpenAI-compatible address; uses the OpenAI key)',
};

const PUSH_TO_TALK_LABELS: Readonly<Record<PushToTalkMode, string>> = {
  toggle: 'Press once to listen, press again to send',
  hold: 'Hold to talk, release to send',
};

export function VoiceFields({ value, onChange }: { readonly value: Voice; readonly onChange: (next: Voice) => void }) {
  const set = <K extends keyof Voice>(key: K, v: Voice[K]): void => onChange({ ...value, [key]: v });
  return (
    <>
      <label class="choice" for="voice-enabled">
        <input id="voice-enabled" type="checkbox" checked={value.enabled} onChange={(e) => set('enabled', e.currentTarget.checked)} />
        <span>Voice commands (a Listen button and a push-to-talk shortcut)</span>
      </label>
      <fieldset>
        <legend>Speech recognition</legend>
        {(Object.keys(ENGINE_LABELS) as VoiceEngineChoice[]).map((engine) => (
          <label key={engine} class="choice" for={`voice-engine-${engine}`}>
            <input id={`voice-engine-${engine}`} type="radio" name="voice-engine" checked={value.engine === engine} onChange={() => set('engine', engine)} />
            <span>{ENGINE_LABELS[engine]}</span>
          </label>
        ))}
      </fieldset>
      {value.engine === 'local' ? (
        <>
          <label for="voice-model">Speech model</label>
          <select id="voice-model" value={value.model} onChange={(e) => set('model', e.currentTarget.value as VoiceModelSize)}>
            {MODEL_LABELS.map(([size, label]) => (
              <option key={size} value={size}>
                {label}
              </option>
            ))}
          </select>
        </>
      ) : (
        <>
          <label for="voice-url">Transcription service address</label>
          <input
            id="voice-url"
            type="url"
            autocomplete="off"
            spellcheck={false}
            maxLength={500}
            value={value.transcriptionUrl}
            aria-describedby="voice-asleep-privacy"
            onInput={(e) => set('transcriptionUrl', e.currentTarget.value)}
          />
          <p id="voice-asleep-privacy" class="help">
            While listening sleeps, nothing is sent to this service except a short phrase that may be “wake up” (none at all when a local speech model is
            downloaded: it checks for “wake up” on this computer).
          </p>
        </>
      )}
      <label class="choice" for="voice-continuous">
        <input
          id="voice-continuous"
          type="checkbox"
          checked={value.continuous === true}
          aria-describedby="voice-continuous-help"
          onChange={(e) => set('continuous', e.currentTarget.checked)}
        />
        <span>Listen all the time (continuous listening)</span>
      </label>
      <p id="voice-continuous-help" class="help">
        Each command you say runs when you pause, with no key to press. Say “go to sleep” to pause and “wake up” to resume; the assistant does not listen while
        it speaks. The shortcut turns listening on and off.
      </p>
      <label class="choice" for="voice-review">
        <input id="voice-review" type="checkbox" checked={value.review} onChange={(e) => set('review', e.currentTarget.checked)} />
        <span>Show what was heard, with Run, Edit and Cancel, before it runs</span>
      </label>
      <label for="voice-shortcut">Push-to-talk shortcut</label>
      <input
        id="voice-shortcut"
        type="text"
        autocomplete="off"
        spellcheck={false}
        maxLength={100}
        value={value.shortcut}
        aria-describedby="voice-shortcut-help"
        onInput={(e) => set('shortcut', e.currentTarget.value)}
      />
      <p id="voice-shortcut-help" class="help">
        Works from any app. Modifiers and a key joined by “+”, for example CommandOrControl+Shift+L.
      </p>
      <fieldset aria-describedby="voice-push-to-talk-help">
        <legend>Push-to-talk</legend>
        {(Object.keys(PUSH_TO_TALK_LABELS) as PushToTalkMode[]).map((mode) => (
          <label key={mode} class="choice" for={`voice-push-to-talk-${mode}`}>
            <input
              id={`voice-push-to-talk-${mode}`}
              type="radio"
              name="voice-push-to-talk"
              checked={(value.pushToTalk ?? 'toggle') === mode}
              onChange={() => set('pushToTalk', mode)}
            />
            <span>{PUSH_TO_TALK_LABELS[mode]}</span>
          </label>
        ))}
        <p id="voice-push-to-talk-help" class="help">
          Hold works while the panel has the focus; from other apps the shortcut toggles.
        </p>
      </fieldset>
    </>
  );
}
