/**
 * Linux speech output: espeak-ng, with the text on standard input (`--stdin`), never in an
 * argument and never through a shell, so quotes, newlines, a leading "-" or Scheme-looking text are
 * only ever spoken. Not festival through `say`: its Linux path pastes text into Scheme code.
 */
import type { Language } from '../shared/language.js';
import type { SynthCommand } from './synth-command.js';

export const SYNTH_NAME = 'espeak-ng';

/** espeak-ng's voice per language (`-v`): its own voice of that language. */
export function synthCommand(text: string, rateWpm: number, wavPath?: string, language?: Language): SynthCommand {
  return {
    file: 'espeak-ng',
    args: [...(language ? ['-v', language] : []), '-s', String(rateWpm), ...(wavPath ? ['-w', wavPath] : []), '--stdin'],
    stdin: text,
  };
}

export function missingSynthMessage(): string {
  return 'Spoken feedback needs espeak-ng, which is not installed: install it with "sudo apt install espeak-ng", or turn spoken feedback off in the settings.';
}
