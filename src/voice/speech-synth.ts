/**
 * The platform's speech output, chosen in this one place: `say` on macOS, espeak-ng elsewhere
 * (speech-synth-darwin.ts, speech-synth-linux.ts export the same names); on Linux speech-dispatcher's
 * shared queue first, when it answers, and the screen reader looked for (speech-route.ts).
 */
import * as darwin from './speech-synth-darwin.js';
import * as linux from './speech-synth-linux.js';
import { processOutput } from './speech-output.js';
import { createSpeechRouter, screenReaderFlag, screenReaderProcess, type SpeechRouter } from './speech-route.js';
import { speechDispatcherOutput } from './speechd-output.js';
import { ssipAddress } from './ssip-client.js';
import type { Synth } from './synth-command.js';

export type { Synth, SynthCommand } from './synth-command.js';

export function platformSynth(platform: NodeJS.Platform = process.platform): Synth {
  const m = platform === 'darwin' ? darwin : linux;
  return { name: m.SYNTH_NAME, synthCommand: m.synthCommand, missingSynthMessage: m.missingSynthMessage };
}

export interface PlatformSpeechOptions {
  readonly platform?: NodeJS.Platform;
  readonly env?: NodeJS.ProcessEnv;
  readonly synth?: Synth;
  /** Every line to this WAV file through the synthesizer alone (tests, machines without sound). */
  readonly wavPath?: string;
}

/** Where lines go on this platform: the synthesizer, and on Linux speech-dispatcher and the screen reader check. */
export function platformSpeechRouter(options: PlatformSpeechOptions = {}): SpeechRouter {
  const platform = options.platform ?? process.platform;
  const env = options.env ?? process.env;
  const synth = processOutput(options.synth ?? platformSynth(platform), options.wavPath);
  if (platform !== 'linux' || options.wavPath) return createSpeechRouter({ synth });
  return createSpeechRouter({
    synth,
    sharedQueue: speechDispatcherOutput(ssipAddress(env)),
    screenReader: async () => screenReaderProcess() || (await screenReaderFlag(env)),
  });
}
