/** What the voice hook (voice-control.tsx) gives the panel and its view (voice-panel.tsx). */
import type { ListeningMode } from './use-listening.js';
import type { VoicePhase } from './voice-machine.js';

export interface VoiceState {
  readonly enabled: boolean;
  readonly phase: VoicePhase;
  /** 0–100, while listening. */
  readonly level: number;
  /** The last problem, as a sentence (cleared when listening starts again). */
  readonly problem: string | undefined;
  /** What the status bar says instead of the assistant's status, while voice is at work. */
  readonly status: string | undefined;
  readonly shortcut: string | undefined;
  /** Hold-to-talk is on: the shortcut held in the panel listens until released. */
  readonly hold: boolean;
  /** Continuous listening (issue #15), when the setting is on: off, starting, listening or sleeping. */
  readonly continuous: ListeningMode | undefined;
  /** Listen: one push-to-talk command, or with continuous listening on, start listening continuously. */
  listen(): void;
  /** Stops continuous listening (the microphone closes). */
  stopListening(): void;
  finish(): void;
  cancel(): void;
  run(): void;
  editTranscript(): void;
}
