/**
 * Linux speech output: espeak-ng, with the text on standard input (`--stdin`), never in an
 * argument and never through a shell, so quotes, newlines, a leading "-" or Scheme-looking text are
 * only ever spoken. Not festival through `say`: its Linux path pastes text into Scheme code.
 */
import type { SynthCommand } from './synth-command.js';

export const SYNTH_NAME = 'espeak-ng';

export function synthCommand(text: string, rateWpm: number, wavPath?: string): SynthCommand {
  return {
    file: 'espeak-ng',
    args: ['-s', String(rateWpm), ...(wavPath ? ['-w', wavPath] : []), '--stdin'],
    stdin: text,
  };
}

export function missingSynthMessage(): string {
  return 'Spoken feedback needs espeak-ng, which is not installed: install it with "sudo apt install espeak-ng", or turn spoken feedback off in the settings.';
}
