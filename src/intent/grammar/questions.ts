/** The grammar's questions: which app is in front, what is on screen ("what can I click in Safari"), what is open. */
import type { Intent } from '../schema.js';
import { APPS_QUESTIONS, FRONTMOST_QUESTIONS, QUESTION_FOLD, SCREEN_QUESTIONS } from './lexicon.js';
import { ok, type Read, readAppName } from './phrases.js';
import { isWord, type Token } from './tokens.js';

export function matchQuestion(tokens: readonly Token[]): Read<Intent> | null {
  const words: string[] = [];
  for (const t of tokens) {
    if (t.quoted || words.length > 12) return null;
    const folded = QUESTION_FOLD.get(t.low);
    if (folded !== undefined) words.push(...folded);
    else words.push(t.low);
  }
  const phrase = words.join(' ');
  if (FRONTMOST_QUESTIONS.has(phrase)) return ok({ intent: 'get_frontmost_app' });
  if (SCREEN_QUESTIONS.has(phrase)) return ok({ intent: 'get_screen_elements' });
  if (APPS_QUESTIONS.has(phrase)) return ok({ intent: 'list_applications' });
  // "what can I click in Safari": a screen question narrowed to one app.
  const inAt = tokens.findIndex((t, i) => i > 0 && isWord(t, 'in'));
  if (inAt < 0) return null;
  const head = words.slice(0, words.length - (tokens.length - inAt)).join(' ');
  if (!SCREEN_QUESTIONS.has(head)) return null;
  const app = readAppName(tokens.slice(inAt + 1));
  if (!app.ok) return app;
  return ok({ intent: 'get_screen_elements', app: app.value });
}
