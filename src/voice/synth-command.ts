/** What each platform's speech output module gives: the program to run for a text (speech-synth.ts picks one). */
/** One synthesizer run: a program and its arguments (never a shell line), and what goes to its stdin. */
export interface SynthCommand {
  readonly file: string;
  readonly args: readonly string[];
  readonly stdin?: string;
}

export interface Synth {
  readonly name: string;
  synthCommand(text: string, rateWpm: number, wavPath?: string): SynthCommand;
  missingSynthMessage(): string;
}
