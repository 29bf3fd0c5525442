// Where pictures of the screen may go (src/shared/screen-picture-options.ts): one option a choice, in
// the order most private first, the default among them, and each choice's name as the panel shows it.
import { describe, expect, it } from 'vitest';
import { DEFAULT_SCREEN_PICTURES, SCREEN_PICTURE_CHOICES, SCREEN_PICTURE_OPTIONS, screenPictureLabel } from '../../src/shared/screen-picture-options.js';
import { itGives } from '../support/tables.js';

describe('screen picture options', () => {
  it('offers each choice once, most private first, local by default', () => {
    expect(SCREEN_PICTURE_OPTIONS.map((o) => o.value)).toEqual(['off', 'local', 'cloud']);
    expect([...SCREEN_PICTURE_CHOICES]).toEqual(['off', 'local', 'cloud']);
    expect(DEFAULT_SCREEN_PICTURES).toBe('local');
  });

  itGives('names %s "%s"', screenPictureLabel, [
    ['off', 'Off'],
    ['local', 'On this computer only'],
    ['cloud', 'Also to cloud services'],
  ] as const);

  it('says in the cloud choice that pictures leave the computer, and in the local one that they do not', () => {
    const hint = (v: string): string => SCREEN_PICTURE_OPTIONS.find((o) => o.value === v)?.hint ?? '';
    expect(hint('cloud')).toContain('leave this computer');
    expect(hint('local')).toContain('never leaves it');
    expect(SCREEN_PICTURE_OPTIONS.every((o) => /^[A-Z].*[.]$/u.test(o.hint))).toBe(true);
  });
});
