/**
 * macOS speech output: the system's `say`, run with an argument array (no shell) and the text after
 * `--`, so text that starts with "-" is spoken, not read as an option.
 */
import type { Language } from '../shared/language.js';
import type { SynthCommand } from './synth-command.js';

/** The voice `say` is given per language (`-v`): the system's own voices; English keeps the user's default voice. Unverified on a Mac. */
const VOICES: Readonly<Record<Language, string | undefined>> = { en: undefined, de: 'Anna' };

export const SYNTH_NAME = 'say';

export function synthCommand(text: string, rateWpm: number, wavPath?: string, language?: Language): SynthCommand {
  const voice = language ? VOICES[language] : undefined;
  return {
    file: '/usr/bin/say',
    args: [...(voice ? ['-v', voice] : []), '-r', String(rateWpm), ...(wavPath ? ['-o', wavPath, '--data-format=LEI16@22050'] : []), '--', text],
  };
}

export function missingSynthMessage(): string {
  return 'Spoken feedback could not start the macOS voice (/usr/bin/say is missing): turn spoken feedback off in the settings, or reinstall macOS voices in System Settings → Accessibility → Spoken Content.';
}
