/**
 * The shape of one language's spoken frames (src/shared/lang/<language>/spoken.ts): the sentences
 * spoken feedback wraps around what an event carries (issue #32 item 6). The frame is the
 * language's; what comes from the screen or the engine (an element's name, a result's sentence) is
 * spoken as it is.
 */
import type { SessionMode } from '../contracts/events.js';

export interface SpokenFrames {
  /** A step done ("Clicked “Send”."). */
  done(message: string): string;
  /** A step that failed, with the engine's reason. */
  failed(message: string): string;
  /** A problem (an error event). */
  problem(message: string): string;
  /** The command was not understood and no planner can read it. */
  notUnderstood(message: string): string;
  /** A question with its options. */
  choose(question: string, options: readonly string[]): string;
  /** Where the overlay outlines what a confirmation is about: an element by its name, or a point. */
  outlined(label: string | undefined): string;
  /** The confirmation question of a moderate step: what it does (`summary`), where to look, what to say. */
  confirmModerate(summary: string, where: string): string;
  /** The confirmation question of a step that cannot be undone: it takes a deliberate answer (issue #27). */
  confirmDestructive(summary: string, where: string): string;
  /** A long run paused before a step. */
  paused(step: number, total: number): string;
  /** Dictation on or off (`message` is the session's own sentence). */
  mode(mode: SessionMode, message: string): string;
  /** What a task took (issue #31), shown and announced when it is done: each input's name, one and many, as counted. */
  readonly effortUnits: {
    readonly presses: readonly [string, string];
    readonly utterances: readonly [string, string];
    readonly keystrokes: readonly [string, string];
  };
  /** The word before the last of a list ("and", "und"). */
  readonly and: string;
  /** The sentence around the counted inputs ("Done in 3 presses."). */
  effortDone(list: string): string;
}
