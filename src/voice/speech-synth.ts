/**
 * The platform's speech synthesizer, chosen in this one place: `say` on macOS, espeak-ng elsewhere
 * (speech-synth-darwin.ts, speech-synth-linux.ts export the same names).
 */
import * as darwin from './speech-synth-darwin.js';
import * as linux from './speech-synth-linux.js';

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

export function platformSynth(platform: NodeJS.Platform = process.platform): Synth {
  const m = platform === 'darwin' ? darwin : linux;
  return { name: m.SYNTH_NAME, synthCommand: m.synthCommand, missingSynthMessage: m.missingSynthMessage };
}
