/**
 * Pictures of the screen in the settings view (issue #29 item 4): where a picture may go (off, this
 * computer only, or cloud services too, each with the sentence of what it means) and the model that
 * looks at it. Plain labelled radio buttons and a text field: reachable by Tab and the arrow keys,
 * and the choice by switch through the settings scan (settings-scan.ts).
 */
import type { SettingsUpdate } from '../../shared/contracts/ipc-contract.js';
import { ChoiceRadios } from './choice-radios.js';
import { DEFAULT_OLLAMA_VISION_MODEL, SCREEN_PICTURE_OPTIONS, type ScreenPictureChoice } from '../../shared/screen-picture-options.js';

export function ScreenPictureFields({
  draft,
  saved,
  onChange,
}: {
  readonly draft: SettingsUpdate;
  /** What the file says, for a draft from an older form that does not carry the choice. */
  readonly saved: ScreenPictureChoice;
  readonly onChange: (d: SettingsUpdate) => void;
}) {
  return (
    <div class="fields">
      <ChoiceRadios
        legend="Where pictures of the screen may go"
        name="screen-pictures"
        options={SCREEN_PICTURE_OPTIONS}
        value={draft.screenPictures ?? saved}
        onChoose={(choice) => onChange({ ...draft, screenPictures: choice })}
      >
        <p class="help">
          When the accessibility tree cannot answer, or you say “look at the screen”, a model that takes images is shown a picture of the front window.
        </p>
      </ChoiceRadios>
      <label for="vision-model">Model for pictures of the screen</label>
      <input
        id="vision-model"
        type="text"
        autocomplete="off"
        spellcheck={false}
        maxLength={200}
        value={draft.visionModel ?? ''}
        aria-describedby="vision-model-help"
        onInput={(e) => onChange({ ...draft, visionModel: e.currentTarget.value.trim() })}
      />
      <p id="vision-model-help" class="help">
        On the AI planner’s service. Empty: {DEFAULT_OLLAMA_VISION_MODEL} on Ollama (ollama pull {DEFAULT_OLLAMA_VISION_MODEL}), the planner’s own model
        elsewhere.
      </p>
    </div>
  );
}
