/**
 * Whether the loop itself reads a sentence "what can I say" lists for the assistant: a session word,
 * "do that again", "take it back", "forget my choices" or the start of dictation.
 */
import { readForgetChoices } from '../../../src/agent/forget-choices.js';
import { isRepeatRequest } from '../../../src/agent/session-memory.js';
import { isTakeBackRequest } from '../../../src/agent/take-back.js';
import { isDictationStart } from '../../../src/intent/dictation-text.js';
import type { Language } from '../../../src/shared/language.js';
import { sessionCommand } from '../../../src/shared/session-commands.js';

export function readByTheLoop(say: string, language: Language = 'en'): boolean {
  return (
    sessionCommand(say, language) !== undefined ||
    isRepeatRequest(say) ||
    isTakeBackRequest(say) ||
    readForgetChoices(say) !== undefined ||
    isDictationStart(say)
  );
}
