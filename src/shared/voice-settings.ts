/**
 * The voice settings' vocabulary, shared by the settings file (src/config), the panel's settings view
 * and the speech composer: which engine turns speech into text, which local model, and the
 * push-to-talk shortcut's default.
 */
import type { HeardDecision } from './listening.js';

/** `local`: whisper.cpp on this computer (offline); `online`: an OpenAI-compatible transcription endpoint. */
export const VOICE_ENGINES = ['local', 'online'] as const;
export type VoiceEngineChoice = (typeof VOICE_ENGINES)[number];

/** whisper.cpp model sizes (src/voice/model-manager.ts has their files, sizes and checksums). */
export const VOICE_MODEL_SIZES = ['tiny.en', 'base.en', 'small.en', 'tiny', 'base', 'small'] as const;
export type VoiceModelSize = (typeof VOICE_MODEL_SIZES)[number];
export const DEFAULT_VOICE_MODEL: VoiceModelSize = 'base.en';

/** Starts and stops listening from any app ("L" for listen; the panel's own shortcut uses Space). */
export const DEFAULT_VOICE_SHORTCUT = 'CommandOrControl+Shift+L';

/**
 * How the push-to-talk shortcut works. `toggle`: press to listen, press again to send. `hold`: while
 * the panel has the focus, listen while the keys are held and send on release (the page sees the
 * release; a global shortcut never does), so from other apps the shortcut still toggles.
 */
export const PUSH_TO_TALK_MODES = ['toggle', 'hold'] as const;
export type PushToTalkMode = (typeof PUSH_TO_TALK_MODES)[number];

/** What the panel shows while the speech engine gets ready (a model download, for example). */
export interface VoiceProgress {
  /** A sentence: "Downloading the speech model (base.en): 42%." */
  readonly message: string;
  /** 0–100 while a download runs; absent when the step has no measure. */
  readonly percent?: number;
}

/**
 * How a spoken command was transcribed, or why not (a sentence the user can act on).
 *
 * `uncertain` (issue #27): the engine said it likely heard no speech, or was not confident of the
 * words; such a transcript is never taken as an answer to what waits. `heard`: for an utterance of
 * continuous listening, the core's sleep/wake decision (whether to act on it, and what to say).
 */
export type VoiceReply =
  | {
      readonly ok: true;
      readonly text: string;
      readonly engine: string;
      readonly ms: number;
      readonly uncertain?: boolean;
      readonly heard?: HeardDecision;
    }
  | { readonly ok: false; readonly code: string; readonly message: string; readonly heard?: HeardDecision };
