/**
 * The words that ask the assistant to use a picture of the screen (issue #29 item 4): "describe the
 * screen" and "what's this?" ask for a sentence about it; "look at the screen" asks to plan from
 * it, alone (the previous command, again, with the picture) or with a command ("look at the screen
 * and click the red icon"). Matched on the whole command, case and end punctuation aside. German's
 * words are in src/intent/grammar/de/vision-words-de.ts.
 */
import { DE_DESCRIBE_WORDS, DE_LOOK_RE } from './grammar/de/vision-words-de.js';

export type VisionRequest =
  | { readonly kind: 'describe' }
  /** `command`: what to plan from the picture; undefined means the command before this one. */
  | { readonly kind: 'look'; readonly command?: string };

const fold = (text: string): string =>
  text
    .toLowerCase()
    .replace(/[’‘`]/g, "'")
    .replace(/[.!?…]+$/u, '')
    .replace(/\s+/g, ' ')
    .trim();

const DESCRIBE = new Set([
  // German's (issue #32 item 6): no English command reads like them, so they count whatever the language.
  ...DE_DESCRIBE_WORDS,
  'describe the screen',
  'describe my screen',
  'describe the window',
  'describe this window',
  "what's this",
  'what is this',
  "what's on the picture",
  'what do you see',
  'tell me what you see',
]);

const LOOK = /^(?:please )?(?:look at|check) (?:the|my) screen(?:,? and| then|,)?(?: (.*))?$/i;

/** What a command asks of the screen picture, or undefined when it is an ordinary command. */
export function visionRequest(text: string): VisionRequest | undefined {
  if (DESCRIBE.has(fold(text))) return { kind: 'describe' };
  // The command after the phrase keeps the user's own words (case, quotes).
  const said = text
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/[.!]+$/u, '');
  const look = LOOK.exec(said) ?? DE_LOOK_RE.exec(said);
  if (!look) return undefined;
  const rest = look[1]?.trim();
  return rest ? { kind: 'look', command: rest } : { kind: 'look' };
}
