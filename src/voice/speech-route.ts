/**
 * Which way each spoken line goes, decided per line from what runs now (docs/settings.md):
 *
 * | quiet with a screen reader (setting) | a screen reader runs | speech-dispatcher answers | the line goes        |
 * | ------------------------------------ | -------------------- | ------------------------- | -------------------- |
 * | on                                   | yes                  | either                    | nowhere (quiet)      |
 * | on or off                            | no, or not asked     | yes                       | speech-dispatcher    |
 * | on or off                            | no, or not asked     | no                        | the synthesizer      |
 *
 * With the setting off a screen reader is not looked for: speech-dispatcher's queue already keeps
 * the two voices apart. A screen reader runs when Orca's process does, or when the desktop's
 * accessibility bus says one is on (org.a11y.Status ScreenReaderEnabled, which Orca and GNOME set).
 */
import { execFile } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { dbusSend } from '../shared/dbus-send.js';
import type { SpeechOutput } from './speech-output.js';
import type { SpeechdOutput } from './speechd-output.js';

export type SpeechRouteKind = 'quiet' | 'speech-dispatcher' | 'synth';

export interface RouteFacts {
  readonly quietWithScreenReader: boolean;
  /** Undefined when it was not looked for (the setting is off). */
  readonly screenReader: boolean | undefined;
  readonly speechDispatcher: boolean;
}

/** The decision table above, as a function. */
export function speechRoute(facts: RouteFacts): SpeechRouteKind {
  if (facts.quietWithScreenReader && facts.screenReader === true) return 'quiet';
  return facts.speechDispatcher ? 'speech-dispatcher' : 'synth';
}

/** Screen readers known by their process name. */
const SCREEN_READER_PROCESSES = new Set(['orca']);

/** A screen reader's process runs (Linux: the names in /proc/<pid>/comm). */
export function screenReaderProcess(procDir = '/proc'): boolean {
  let pids: string[];
  try {
    pids = readdirSync(procDir).filter((name) => /^\d+$/.test(name));
  } catch {
    return false;
  }
  for (const pid of pids) {
    try {
      if (SCREEN_READER_PROCESSES.has(readFileSync(join(procDir, pid, 'comm'), 'utf8').trim())) return true;
    } catch {
      // The process ended while the list was read.
    }
  }
  return false;
}

/** The desktop's "a screen reader is on" flag on the accessibility bus; false when it cannot be read within the deadline. */
export async function screenReaderFlag(env: NodeJS.ProcessEnv, deadlineMs = 1000): Promise<boolean> {
  const reply = await dbusSend(
    execFile,
    [
      '--print-reply=literal',
      '--dest=org.a11y.Bus',
      '/org/a11y/bus',
      'org.freedesktop.DBus.Properties.Get',
      'string:org.a11y.Status',
      'string:ScreenReaderEnabled',
    ],
    env,
    deadlineMs,
  );
  return reply !== undefined && /boolean\s+true/.test(reply);
}

export interface SpeechRouterOptions {
  /** The synthesizer run per line (espeak-ng, `say`). */
  readonly synth: SpeechOutput;
  /** speech-dispatcher's queue, where the platform has one (Linux). */
  readonly sharedQueue?: SpeechdOutput;
  /** Whether a screen reader runs now; without it none is ever found. */
  readonly screenReader?: () => Promise<boolean>;
}

export interface SpeechRouter {
  /** The output for the next line, or 'quiet'. */
  route(quietWithScreenReader: boolean): Promise<SpeechOutput | 'quiet'>;
  close(): void;
}

export function createSpeechRouter(options: SpeechRouterOptions): SpeechRouter {
  return {
    async route(quietWithScreenReader) {
      const screenReader = quietWithScreenReader && options.screenReader ? await options.screenReader() : undefined;
      if (quietWithScreenReader && screenReader) return 'quiet';
      const speechDispatcher = options.sharedQueue ? await options.sharedQueue.ready() : false;
      const kind = speechRoute({ quietWithScreenReader, screenReader, speechDispatcher });
      if (kind === 'quiet') return 'quiet';
      return kind === 'speech-dispatcher' && options.sharedQueue ? options.sharedQueue : options.synth;
    },
    close: () => options.sharedQueue?.close(),
  };
}
