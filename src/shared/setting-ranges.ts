/**
 * The ranges of the settings that are numbers (beside SWITCH_LIMITS in switch-access.ts): the
 * schema enforces them and the panel's fields show them. Plain constants, no zod, so the panel's
 * bundle can import them.
 */

/** Speech rate in words per minute (both `say` and espeak-ng count this way). */
export const SPEECH_RATE = { min: 80, max: 450 } as const;

/** End-to-end time budget of one LLM plan, in seconds, retries included. */
export const PLANNER_TIMEOUT_SECONDS = { min: 2, max: 120 } as const;

/** How long a confirmation waits for an answer before it ends, cancelled, in seconds (issue #27). */
export const CONFIRM_TIMEOUT_SECONDS = { min: 10, max: 3600 } as const;

/** Cells per side of the mouse grid (issue #29): 3 is the 3 × 3 grid. */
export const MOUSE_GRID_CELLS = { min: 2, max: 9 } as const;

/** Steps a long run takes before it asks to go on (issue #32); a sequence has at most 100 steps. */
export const STEP_BUDGET = { min: 5, max: 100 } as const;

/** A confidence threshold. */
export const THRESHOLD = { min: 0, max: 1 } as const;
