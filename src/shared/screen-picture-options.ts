/**
 * Where pictures of the screen may go (`screenPictures`, issue #29 item 4), as the user is offered
 * it: each choice's name and the sentence of what it means, and the model that looks when none is
 * named. No zod here: the panel's bundle reads it (the settings view and the switch's settings
 * scan); the sentences that point the user at a choice quote the names.
 */

/** Nowhere, to a model on this computer only, or to a cloud service too. */
export const SCREEN_PICTURE_CHOICES = ['off', 'local', 'cloud'] as const;
export type ScreenPictureChoice = (typeof SCREEN_PICTURE_CHOICES)[number];
export const DEFAULT_SCREEN_PICTURES: ScreenPictureChoice = 'local';

/** The Ollama model that takes pictures unless `visionModel` names another. */
export const DEFAULT_OLLAMA_VISION_MODEL = 'qwen2.5vl';

export interface ScreenPictureOption {
  readonly value: ScreenPictureChoice;
  readonly label: string;
  readonly hint: string;
}

/** The default, "local", in the middle: off is the most private, cloud the least. */
export const SCREEN_PICTURE_OPTIONS: readonly ScreenPictureOption[] = [
  { value: 'off', label: 'Off', hint: 'No picture of the screen is taken; the assistant works from what the accessibility tree says.' },
  {
    value: 'local',
    label: 'On this computer only',
    hint: 'A picture goes only to a model running on this computer (Ollama, or a compatible server at a loopback address) and never leaves it.',
  },
  {
    value: 'cloud',
    label: 'Also to cloud services',
    hint: 'Pictures of your screen leave this computer: they are sent over the internet to Anthropic, OpenAI or the server set above. Password fields and the assistant’s own windows are blacked out first; everything else in the window is in the picture.',
  },
];

/** The name of a choice as the panel shows it. */
export function screenPictureLabel(choice: ScreenPictureChoice): string {
  return SCREEN_PICTURE_OPTIONS.find((o) => o.value === choice)?.label ?? choice;
}
