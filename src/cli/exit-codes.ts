/** The CLI's exit codes, one meaning each, the same for every subcommand. */
export const EXIT = {
  ok: 0,
  failed: 1,
  usage: 2,
  /** Nothing matched, the plan was rejected, or the user must answer (a clarification or a confirmation). */
  needsUser: 3,
  /** Refused: invalid or blocked. */
  refused: 4,
  cancelled: 130,
} as const;
