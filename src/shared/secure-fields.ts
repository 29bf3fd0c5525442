/**
 * Secure fields and secure commands: what the assistant never types, keeps or sends to a model.
 *
 * A field is secure when the platform says so (the password role) or when its name says it holds a
 * secret the platform does not mark: a PIN, a one-time code, a card number, a CVV. Web pages and
 * many toolkits expose such fields as ordinary text fields, so the name is the only fact there is.
 * Names are matched after label normalisation (label-text.ts), so "P\u200Bassword" or a Cyrillic
 * "Pаssword" are still passwords. The same words in a command that asks to type something make the
 * command secure: its text never reaches a planner, the conversation, the recent commands or a log.
 */
import { labelWords } from './text/label-text.js';

/** Phrases (normalised words) that name a field holding a secret. */
const SECURE_FIELD_PHRASES: readonly (readonly string[])[] = [
  'password',
  'passwords',
  'passcode',
  'passphrase',
  'pass phrase',
  'pin',
  'pin code',
  'cvv',
  'cvc',
  'cvv2',
  'cvc2',
  'csc',
  'security code',
  'card number',
  'credit card number',
  'card no',
  'one time code',
  'one time password',
  'otp',
  'totp',
  'verification code',
  'authentication code',
  'auth code',
  '2fa code',
  'two factor code',
  'mfa code',
  'recovery code',
  'backup code',
  'secret key',
  'private key',
  'api key',
  'seed phrase',
  'recovery phrase',
  'social security number',
  'ssn',
].map((p) => p.split(' '));

function containsPhrase(words: readonly string[], phrase: readonly string[]): boolean {
  outer: for (let i = 0; i + phrase.length <= words.length; i++) {
    for (let j = 0; j < phrase.length; j++) if (words[i + j] !== phrase[j]) continue outer;
    return true;
  }
  return false;
}

/** "one-time" and "2-factor" split into words the same way whatever the dash. */
function hasSecurePhrase(text: string): boolean {
  const { words, skeletonWords } = labelWords(text);
  return SECURE_FIELD_PHRASES.some((p) => containsPhrase(words, p) || containsPhrase(skeletonWords, p));
}

/** Does an element's name or description say it holds a secret? */
export function isSecureFieldName(...texts: readonly (string | undefined)[]): boolean {
  return texts.some((t) => !!t && hasSecurePhrase(t));
}

/** Verbs by which a command puts text somewhere. */
const TYPING_WORDS: ReadonlySet<string> = new Set([
  'type',
  'enter',
  'write',
  'put',
  'fill',
  'input',
  'paste',
  'insert',
  'dictate',
  'use',
  'is',
  'set',
  'change',
]);

const KEY_VERBS: ReadonlySet<string> = new Set(['press', 'hit', 'tap', 'push', 'the']);

/**
 * Does a command ask to put text into a secure field ("type hunter2 in the password box", "my PIN
 * is 1234")? Such a command is refused before any planner sees it: the user types secrets themselves.
 * Commands that only name such a field ("click Forgot password") are ordinary commands.
 */
export function isSecureTypingCommand(command: string): boolean {
  // Label normalisation reads 1,000 characters; a command may be longer: read it in overlapping windows.
  if (command.length > 900) {
    for (let at = 0; at < command.length; at += 800) if (isSecureTypingCommand(command.slice(at, at + 900))) return true;
    return false;
  }
  if (!hasSecurePhrase(command)) return false;
  const { words } = labelWords(command);
  // "press enter in the PIN field" presses a key: it carries no secret.
  return words.some((w, i) => TYPING_WORDS.has(w) && !(w === 'enter' && KEY_VERBS.has(words[i - 1] ?? '')));
}

/** The sentence for a secure command or a secure field: what the user can do instead. */
export const SECURE_REFUSAL =
  'Passwords, PINs, card numbers and one-time codes are never typed, kept or sent to an AI planner by the assistant: type them yourself.';
