/**
 * Spoken feedback: short confirmations ("Opened Safari"), and questions and confirmation requests
 * read aloud, through the platform's speech output (speech-synth.ts): on Linux speech-dispatcher's
 * queue, shared with the screen reader, when it runs, espeak-ng otherwise; quiet while a screen
 * reader runs when the user asks for that (speech-route.ts).
 *
 * Queue policy (docs/decisions/0068-spoken-feedback-espeak-ng-reads-standard-input.md): a confirmation follows the one being
 * spoken; a question, a confirmation request or an error interrupts whatever is speaking and drops
 * what waits, because the user must answer it now. At most a few lines wait; older ones are dropped.
 * `stop()` silences everything at once. Nothing here throws into the assistant loop: each `speak`
 * resolves with what happened, and a missing synthesizer is reported once through `onError`.
 */
import type { Language } from '../shared/language.js';
import { SpeechError } from './speech-error.js';
import type { Utterance } from './speech-output.js';
import type { SpeechRouter } from './speech-route.js';
import { platformSpeechRouter, type Synth } from './speech-synth.js';

/** `quiet`: not said, because a screen reader runs and the user asked for quiet then. */
export type SpeakOutcome = 'spoken' | 'off' | 'quiet' | 'stopped' | 'dropped' | 'failed';

export interface SpeakOptions {
  /** Speak now, cutting off the current line and dropping waiting ones (questions, errors). */
  readonly interrupt?: boolean;
}

export interface SpokenFeedbackOptions {
  readonly enabled: boolean;
  /** Words per minute, 80–450 (the settings' range). */
  readonly rate: number;
  /** Stay quiet while a screen reader runs (the setting `spokenFeedback.quietWithScreenReader`). */
  readonly quietWithScreenReader?: boolean;
  readonly synth?: Synth;
  /** Write each utterance to this WAV file through the synthesizer, instead of the speakers (tests, machines without sound). */
  readonly wavPath?: string;
  /** Where each line goes (speech-route.ts); by default the platform's (speech-synth.ts). */
  readonly router?: SpeechRouter;
  readonly env?: NodeJS.ProcessEnv;
  /** Told once per failure kind, with a sentence for the user. */
  readonly onError?: (error: SpeechError) => void;
}

export interface SpokenFeedback {
  speak(text: string, options?: SpeakOptions): Promise<SpeakOutcome>;
  /** Silences the current line and drops the waiting ones. */
  stop(): void;
  setEnabled(enabled: boolean): void;
  setRate(rateWpm: number): void;
  /** The voice's language from the next line on (the `language` setting); absent until set: the output's default voice. */
  setLanguage(language: Language): void;
  setQuietWithScreenReader(on: boolean): void;
  /** A line is being spoken now (continuous listening pauses meanwhile: its own voice is no command). */
  speaking(): boolean;
}

/** Feedback lines are short; a longer text is cut at a word so a stuck line cannot talk for minutes. */
export const MAX_SPOKEN_CHARS = 1000;
const MAX_WAITING = 3;

/** The text as it is handed to the synthesizer: control characters (NUL included) become spaces. */
export function speakableText(text: string): string {
  const flat = text.replace(/[\p{Cc}\p{Cf}]+/gu, (m) => (/\n/.test(m) ? '\n' : ' ')).trim();
  if (flat.length <= MAX_SPOKEN_CHARS) return flat;
  const cut = flat.slice(0, MAX_SPOKEN_CHARS);
  return cut.slice(0, Math.max(cut.lastIndexOf(' '), MAX_SPOKEN_CHARS / 2));
}

function clampRate(rate: number): number {
  return Number.isFinite(rate) ? Math.round(Math.min(450, Math.max(80, rate))) : 175;
}

interface Item {
  readonly text: string;
  readonly resolve: (o: SpeakOutcome) => void;
}

export function createSpokenFeedback(options: SpokenFeedbackOptions): SpokenFeedback {
  const router =
    options.router ??
    platformSpeechRouter({
      ...(options.synth ? { synth: options.synth } : {}),
      ...(options.wavPath ? { wavPath: options.wavPath } : {}),
      ...(options.env ? { env: options.env } : {}),
    });
  let enabled = options.enabled;
  let rate = clampRate(options.rate);
  let quietWithScreenReader = options.quietWithScreenReader ?? false;
  let language: Language | undefined;
  const waiting: Item[] = [];
  let current: { item: Item; utterance?: Utterance; stopped: boolean } | undefined;
  const reported = new Set<string>();

  const report = (e: SpeechError) => {
    if (reported.has(e.code)) return;
    reported.add(e.code);
    options.onError?.(e);
  };

  const next = () => {
    if (current) return;
    const item = waiting.shift();
    if (!item) return;
    const run: { item: Item; utterance?: Utterance; stopped: boolean } = { item, stopped: false };
    current = run;
    const settle = (outcome: SpeakOutcome) => {
      if (current === run) current = undefined;
      item.resolve(outcome);
      next();
    };
    void (async (): Promise<SpeakOutcome> => {
      const output = await router.route(quietWithScreenReader);
      if (run.stopped) return 'stopped';
      if (output === 'quiet') return 'quiet';
      run.utterance = output.say(item.text, rate, language);
      const end = await run.utterance.done;
      if (end instanceof SpeechError) {
        report(end);
        return 'failed';
      }
      return end;
    })()
      .catch(() => 'failed' as const)
      .then(settle);
  };

  const stopAll = () => {
    for (const item of waiting.splice(0)) item.resolve('dropped');
    if (current) {
      current.stopped = true;
      current.utterance?.stop();
    }
  };

  return {
    speak(text, opts = {}) {
      if (!enabled) return Promise.resolve('off');
      const spoken = speakableText(text);
      if (!spoken) return Promise.resolve('dropped');
      return new Promise<SpeakOutcome>((resolve) => {
        if (opts.interrupt) stopAll();
        waiting.push({ text: spoken, resolve });
        while (waiting.length > MAX_WAITING) waiting.shift()?.resolve('dropped');
        next();
      });
    },
    stop: stopAll,
    setEnabled(on) {
      enabled = on;
      if (!on) stopAll();
    },
    setRate(wpm) {
      rate = clampRate(wpm);
    },
    setLanguage(l) {
      language = l;
    },
    setQuietWithScreenReader(on) {
      quietWithScreenReader = on;
    },
    speaking: () => current !== undefined,
  };
}
