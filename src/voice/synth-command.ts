/** What each platform's speech output module gives: the program to run for a text (speech-synth.ts picks one). */
import type { Language } from '../shared/language.js';

/** One synthesizer run: a program and its arguments (never a shell line), and what goes to its stdin. */
export interface SynthCommand {
  readonly file: string;
  readonly args: readonly string[];
  readonly stdin?: string;
}

export interface Synth {
  readonly name: string;
  /** `language`: the voice's language (the `language` setting); absent: the synthesizer's default voice. */
  synthCommand(text: string, rateWpm: number, wavPath?: string, language?: Language): SynthCommand;
  missingSynthMessage(): string;
}
