/** English spoken frames: the sentences as they always were (src/core/voice-feedback.ts speaks them). */
import type { SpokenFrames } from '../spoken-frames.js';

export const EN_SPOKEN: SpokenFrames = {
  done: (message) => message,
  failed: (message) => message,
  problem: (message) => message,
  notUnderstood: (message) => message,
  choose: (question, options) => (options.length > 0 ? `${question} ${options.join(', or ')}?` : question),
  outlined: (label) => (label === undefined ? ' The point is marked on the screen.' : ` “${label}” is outlined on the screen.`),
  confirmModerate: (summary, where) => `${summary}${where} Say yes to do it, or no to cancel.`,
  confirmDestructive: (summary, where) => `${summary}${where} This cannot be undone: say confirm to do it, or no to cancel.`,
  paused: (step, total) => `Paused before step ${step} of ${total}. Say go on to continue, or stop.`,
  mode: (_mode, message) => message,
  effortUnits: { presses: ['press', 'presses'], utterances: ['utterance', 'utterances'], keystrokes: ['key', 'keys'] },
  and: 'and',
  effortDone: (list) => `Done in ${list}.`,
};
