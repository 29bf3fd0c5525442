/**
 * The platform's speech synthesizer, chosen in this one place: `say` on macOS, espeak-ng elsewhere
 * (speech-synth-darwin.ts, speech-synth-linux.ts export the same names).
 */
import * as darwin from './speech-synth-darwin.js';
import * as linux from './speech-synth-linux.js';
import type { Synth } from './synth-command.js';

export type { Synth, SynthCommand } from './synth-command.js';

export function platformSynth(platform: NodeJS.Platform = process.platform): Synth {
  const m = platform === 'darwin' ? darwin : linux;
  return { name: m.SYNTH_NAME, synthCommand: m.synthCommand, missingSynthMessage: m.missingSynthMessage };
}
