/**
 * Where a spoken line goes: a synthesizer program run once per line (espeak-ng, `say`), or
 * speech-dispatcher's shared queue (speechd-output.ts). `spoken-feedback.ts` keeps the queue policy
 * and asks `speech-route.ts` which output each line takes.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import type { Language } from '../shared/language.js';
import { SpeechError } from './speech-error.js';
import type { Synth } from './synth-command.js';

/** How one line ended: said in full, stopped on purpose, or an error with a sentence for the user. */
export type UtteranceEnd = 'spoken' | 'stopped' | SpeechError;

export interface Utterance {
  readonly done: Promise<UtteranceEnd>;
  /** Silences the line now; `done` then ends 'stopped'. */
  stop(): void;
}

export interface SpeechOutput {
  /** The program or service, as the user would name it ("espeak-ng", "speech-dispatcher"). */
  readonly name: string;
  /** `language`: the voice's language (espeak-ng's -v, speech-dispatcher's LANGUAGE); absent: its default. */
  say(text: string, rateWpm: number, language?: Language): Utterance;
}

/** A line never takes longer than this (a stuck audio device or server is ended). */
export function utteranceLimitMs(text: string, rateWpm: number): number {
  const words = text.split(/\s+/).length;
  return 10_000 + (words / rateWpm) * 60_000 * 3;
}

/** The synthesizer program, run once per line with the text on stdin or after "--", never through a shell. */
export function processOutput(synth: Synth, wavPath?: string): SpeechOutput {
  return {
    name: synth.name,
    say(text, rateWpm, language) {
      const cmd = synth.synthCommand(text, rateWpm, wavPath, language);
      let child: ChildProcess;
      try {
        child = spawn(cmd.file, [...cmd.args], { stdio: [cmd.stdin === undefined ? 'ignore' : 'pipe', 'ignore', 'ignore'], shell: false });
      } catch {
        return {
          done: Promise.resolve(new SpeechError('tts_failed', 'Spoken feedback could not start, so this message was shown but not read aloud.')),
          stop: () => undefined,
        };
      }
      let stopped = false;
      const done = new Promise<UtteranceEnd>((resolve) => {
        const limit = setTimeout(() => child.kill('SIGKILL'), utteranceLimitMs(text, rateWpm));
        let settled = false;
        const settle = (end: UtteranceEnd) => {
          if (settled) return;
          settled = true;
          clearTimeout(limit);
          resolve(end);
        };
        child.on('error', (e: NodeJS.ErrnoException) =>
          settle(
            e.code === 'ENOENT'
              ? new SpeechError('tts_unavailable', synth.missingSynthMessage())
              : new SpeechError('tts_failed', `Spoken feedback failed (${synth.name} could not run), so messages are shown but not read aloud.`),
          ),
        );
        child.on('close', (code) => {
          if (stopped) return settle('stopped');
          if (code === 0) return settle('spoken');
          settle(
            new SpeechError(
              'tts_failed',
              `Spoken feedback failed (${synth.name} stopped with an error): check the sound output, or turn spoken feedback off in the settings.`,
            ),
          );
        });
      });
      if (cmd.stdin !== undefined && child.stdin) {
        child.stdin.on('error', () => undefined); // the synthesizer may exit before reading it all
        child.stdin.end(cmd.stdin, 'utf8');
      }
      return {
        done,
        stop() {
          stopped = true;
          child.kill('SIGTERM');
        },
      };
    },
  };
}
