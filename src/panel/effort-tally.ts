/**
 * The panel's tally of a task's inputs (issue #31): switch presses, utterances, keys typed in the
 * command box and scan steps, counted as they come. `take` hands what came since the last send to the
 * command or answer being sent (the core adds them up and logs the task); `finish` ends the task with
 * its words ("Done in 3 presses."). Counts and one time only; nothing of what was typed or said.
 */
import { addEffort, effortWords, isNoEffort, NO_EFFORT, type Effort, type EffortReport } from '../shared/effort.js';
import type { Language } from '../shared/language.js';

export type EffortInput = 'press' | 'utterance' | 'keystroke' | 'scanStep';

const FIELD: Readonly<Record<EffortInput, keyof Effort>> = { press: 'presses', utterance: 'utterances', keystroke: 'keystrokes', scanStep: 'scanSteps' };

/** Keys that only change another key (a modifier alone is no keystroke). */
const MODIFIERS = new Set(['Shift', 'Control', 'Alt', 'Meta', 'AltGraph', 'CapsLock', 'OS']);

/** A key event in the command box that counts as a keystroke: not a modifier alone, not the key's auto-repeat. */
export function isKeystroke(e: { readonly key: string; readonly repeat: boolean }): boolean {
  return !e.repeat && !MODIFIERS.has(e.key);
}

export class EffortTally {
  private pending: Effort = NO_EFFORT;
  /** When the first input since the last send came (a scan step is no input of the user's). */
  private firstAt: number | undefined;
  private task: Effort = NO_EFFORT;

  /** One input; `at`: when it began (ms since the epoch; an utterance's start of speech). */
  count(input: EffortInput, at: number = Date.now()): void {
    this.pending = addEffort(this.pending, { [FIELD[input]]: 1 });
    if (input !== 'scanStep' && (this.firstAt === undefined || at < this.firstAt)) this.firstAt = at;
  }

  /**
   * The inputs since the last send, for the command or answer sent now, added to the task; undefined
   * when the user made none here (a button clicked with the mouse): scan steps alone chose nothing.
   */
  take(): EffortReport | undefined {
    const effort = this.pending;
    const firstAt = this.firstAt;
    this.pending = NO_EFFORT;
    this.firstAt = undefined;
    if (isNoEffort(effort)) return undefined;
    this.task = addEffort(this.task, effort);
    return { ...effort, ...(firstAt !== undefined ? { firstInputAt: firstAt } : {}) };
  }

  /**
   * Ends the task: its effort in words (undefined when none was counted), and a new task begins. The
   * scan steps seen while it ran chose nothing (the scan starts over on what the end shows); keys typed
   * meanwhile stay for the next command.
   */
  finish(language?: Language): string | undefined {
    const words = effortWords(this.task, language);
    this.task = NO_EFFORT;
    this.pending = { ...this.pending, scanSteps: 0 };
    return words;
  }
}
