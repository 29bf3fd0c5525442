/**
 * Effort per task (issue #31): how many inputs one command cost the user, from its first input to its
 * `done`, the answers to its questions included. Counts only, never what was typed or said.
 *
 * The figures a simulator reports too, so the two can be compared: switch presses, utterances,
 * keystrokes typed in the panel's command box, scan steps (highlight moves, by the clock or by the
 * move switch), and seconds from the first input to done (written by the core, which sees the done).
 */
import * as z from 'zod';
import { DEFAULT_LANGUAGE, type Language } from './language.js';
import { spokenFramesFor } from './lang/spoken.js';

/** One input count may not exceed this (a task of a day's typing is still far below it). */
export const MAX_EFFORT_COUNT = 100_000;

const count = z.number().int().min(0).max(MAX_EFFORT_COUNT);

/** What the panel sends with a command or an answer: bounded counts, nothing else (the core trusts no more). */
export const effortPayload = z.strictObject({ presses: count, utterances: count, keystrokes: count, scanSteps: count });
export type Effort = z.infer<typeof effortPayload>;

/**
 * The effort sent with a command or an answer: the counts since the last one sent and, with a command,
 * when its first input came (ms since the epoch), from which the task's seconds are counted.
 */
export const effortReport = effortPayload.extend({ firstInputAt: z.number().int().nonnegative().optional() });
export type EffortReport = z.infer<typeof effortReport>;

export const NO_EFFORT: Effort = { presses: 0, utterances: 0, keystrokes: 0, scanSteps: 0 };

const clamp = (n: number): number => Math.min(MAX_EFFORT_COUNT, Math.max(0, Math.trunc(n)));

/** The sum of two tallies, each count kept within its bound. */
export function addEffort(a: Effort, b: Partial<Effort>): Effort {
  return {
    presses: clamp(a.presses + (b.presses ?? 0)),
    utterances: clamp(a.utterances + (b.utterances ?? 0)),
    keystrokes: clamp(a.keystrokes + (b.keystrokes ?? 0)),
    scanSteps: clamp(a.scanSteps + (b.scanSteps ?? 0)),
  };
}

export function isNoEffort(e: Effort): boolean {
  return e.presses === 0 && e.utterances === 0 && e.keystrokes === 0;
}

/**
 * The effort in words, in the user's language, as a screen reader reads it well: "Done in 3 presses",
 * "Done in 2 utterances and 14 keys", "Erledigt mit 3 Schalterdrücken". Scan steps are left out (the
 * presses are what the user made); undefined when nothing was counted (a button clicked with the mouse).
 */
export function effortWords(e: Effort, language: Language = DEFAULT_LANGUAGE): string | undefined {
  const say = spokenFramesFor(language);
  const parts: string[] = [];
  for (const unit of ['presses', 'utterances', 'keystrokes'] as const) {
    const n = e[unit];
    const [one, many] = say.effortUnits[unit];
    if (n > 0) parts.push(`${n} ${n === 1 ? one : many}`);
  }
  if (parts.length === 0) return undefined;
  const list = parts.length === 1 ? parts[0] : `${parts.slice(0, -1).join(', ')} ${say.and} ${parts[parts.length - 1]}`;
  return say.effortDone(list ?? '');
}
