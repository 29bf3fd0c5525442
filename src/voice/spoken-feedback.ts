/**
 * Spoken feedback: short confirmations ("Opened Safari"), and questions and confirmation requests
 * read aloud, through the platform's synthesizer (speech-synth.ts).
 *
 * Queue policy (docs/decisions/0068-spoken-feedback-espeak-ng-reads-standard-input.md): a confirmation follows the one being
 * spoken; a question, a confirmation request or an error interrupts whatever is speaking and drops
 * what waits, because the user must answer it now. At most a few lines wait; older ones are dropped.
 * `stop()` silences everything at once. Nothing here throws into the assistant loop: each `speak`
 * resolves with what happened, and a missing synthesizer is reported once through `onError`.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { SpeechError } from './speech-error.js';
import { platformSynth, type Synth } from './speech-synth.js';

export type SpeakOutcome = 'spoken' | 'off' | 'stopped' | 'dropped' | 'failed';

export interface SpeakOptions {
  /** Speak now, cutting off the current line and dropping waiting ones (questions, errors). */
  readonly interrupt?: boolean;
}

export interface SpokenFeedbackOptions {
  readonly enabled: boolean;
  /** Words per minute, 80–450 (the settings' range). */
  readonly rate: number;
  readonly synth?: Synth;
  /** Write each utterance to this WAV file instead of the speakers (tests, machines without sound). */
  readonly wavPath?: string;
  /** Told once per failure kind, with a sentence for the user. */
  readonly onError?: (error: SpeechError) => void;
}

export interface SpokenFeedback {
  speak(text: string, options?: SpeakOptions): Promise<SpeakOutcome>;
  /** Silences the current line and drops the waiting ones. */
  stop(): void;
  setEnabled(enabled: boolean): void;
  setRate(rateWpm: number): void;
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
  const synth = options.synth ?? platformSynth();
  let enabled = options.enabled;
  let rate = clampRate(options.rate);
  const waiting: Item[] = [];
  let current: { child: ChildProcess; item: Item; stopped: boolean } | undefined;
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
    const cmd = synth.synthCommand(item.text, rate, options.wavPath);
    let child: ChildProcess;
    try {
      child = spawn(cmd.file, [...cmd.args], { stdio: [cmd.stdin === undefined ? 'ignore' : 'pipe', 'ignore', 'ignore'], shell: false });
    } catch {
      item.resolve('failed');
      report(new SpeechError('tts_failed', 'Spoken feedback could not start, so this message was shown but not read aloud.'));
      return next();
    }
    const run = { child, item, stopped: false };
    current = run;
    // A synthesizer that hangs (a stuck audio device) is ended: a line never takes longer than this.
    const words = item.text.split(/\s+/).length;
    const limit = setTimeout(() => child.kill('SIGKILL'), 10_000 + (words / rate) * 60_000 * 3);
    let settled = false;
    const settle = (outcome: SpeakOutcome) => {
      if (settled) return;
      settled = true;
      clearTimeout(limit);
      if (current === run) current = undefined;
      item.resolve(outcome);
      next();
    };
    child.on('error', (e: NodeJS.ErrnoException) => {
      report(
        e.code === 'ENOENT'
          ? new SpeechError('tts_unavailable', synth.missingSynthMessage())
          : new SpeechError('tts_failed', `Spoken feedback failed (${synth.name} could not run), so messages are shown but not read aloud.`),
      );
      settle('failed');
    });
    child.on('close', (code) => {
      if (settled) return; // after 'error' (a synthesizer that could not start)
      if (run.stopped) return settle('stopped');
      if (code === 0) return settle('spoken');
      report(
        new SpeechError(
          'tts_failed',
          `Spoken feedback failed (${synth.name} stopped with an error): check the sound output, or turn spoken feedback off in the settings.`,
        ),
      );
      settle('failed');
    });
    if (cmd.stdin !== undefined && child.stdin) {
      child.stdin.on('error', () => undefined); // the synthesizer may exit before reading it all
      child.stdin.end(cmd.stdin, 'utf8');
    }
  };

  const stopAll = () => {
    for (const item of waiting.splice(0)) item.resolve('dropped');
    if (current) {
      current.stopped = true;
      current.child.kill('SIGTERM');
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
    speaking: () => current !== undefined,
  };
}
