// Secure fields and secure commands: a field named for a secret is secure even when the platform
// does not say so, and a command that would type a secret never reaches a planner.
import { describe, expect, it } from 'vitest';
import { isSecureFieldName, isSecureTypingCommand, SECURE_REFUSAL } from '../../src/shared/secure-fields.js';
import { itAnswers } from '../support/yes-no.js';

describe('isSecureFieldName', () => {
  // Ordinary fields: the secret words count as whole words only.
  itAnswers(
    '%j is a secret field: %s',
    (name: string) => isSecureFieldName(name),
    [
      'Password',
      'Confirm password',
      'PIN',
      'Enter your PIN code',
      'CVV',
      'CVC2',
      'Security code',
      'Card number',
      'Credit card number',
      'One-time code',
      'One time password',
      'OTP',
      '2FA code',
      'Two-factor code',
      'Verification code',
      'Recovery phrase',
      'API key',
      'Social security number',
      'Passphrase',
    ],
    ['Username', 'Email', 'Search', 'Pinned messages', 'Spinner', 'Passport number', 'Card holder name', 'Code editor', 'Keyboard', 'Otter', 'Pinterest'],
  );

  it('sees through disguises: a zero-width space or a Cyrillic letter in "Password"', () => {
    expect(isSecureFieldName('P\u200Bassword')).toBe(true);
    expect(isSecureFieldName('P\u0430ssword')).toBe(true);
  });

  it('looks at every text given (name or description) and skips missing ones', () => {
    expect(isSecureFieldName(undefined, 'Your account password')).toBe(true);
    expect(isSecureFieldName('Field 3', undefined, 'PIN')).toBe(true);
    expect(isSecureFieldName(undefined, '')).toBe(false);
    expect(isSecureFieldName()).toBe(false);
  });
});

describe('isSecureTypingCommand', () => {
  // Let through: a command that names a secret field but types nothing into it.
  itAnswers(
    '%j is refused: %s',
    isSecureTypingCommand,
    [
      'type hunter2 in the password box',
      'my PIN is 1234',
      'enter 4111 1111 1111 1111 as the card number',
      'fill in the one-time code 123456',
      'paste my API key',
      'write the recovery phrase here',
      'Set the password to swordfish',
    ],
    [
      'click Forgot password',
      'show the password field',
      'press enter in the PIN field',
      'hit enter on the password box',
      'type hello',
      'open Passwords and Keys',
      '',
    ],
  );

  it('finds the secret in a command longer than the label normaliser reads, wherever it sits', () => {
    const filler = 'and then scroll down '.repeat(120);
    expect(filler.length).toBeGreaterThan(2000);
    expect(isSecureTypingCommand(`type 1234 in the PIN field ${filler}`)).toBe(true);
    expect(isSecureTypingCommand(`${filler} type 1234 in the PIN field`)).toBe(true);
    expect(isSecureTypingCommand(`${filler.slice(0, 880)} type 1234 in the PIN field ${filler}`)).toBe(true);
    expect(isSecureTypingCommand(filler)).toBe(false);
  });
});

describe('SECURE_REFUSAL', () => {
  it('says what is never done and what the user does instead', () => {
    expect(SECURE_REFUSAL).toMatch(/^Passwords, PINs, card numbers and one-time codes are never typed/);
    expect(SECURE_REFUSAL).toMatch(/type them yourself\.$/);
  });
});
