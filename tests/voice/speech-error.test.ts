// The voice layer's one error: a code, a sentence, whether trying again may help, and no key in it.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cancelledError, seconds, SpeechError, withoutSecrets } from '../../src/voice/speech-error.js';

describe('SpeechError', () => {
  it('is an Error with its code, message and name, and not retryable unless said', () => {
    const e = new SpeechError('timeout', 'Too slow.');
    expect(e).toBeInstanceOf(Error);
    expect(e).toMatchObject({ name: 'SpeechError', code: 'timeout', message: 'Too slow.', retryable: false });
    expect(new SpeechError('rate_limited', 'Wait.', true).retryable).toBe(true);
  });
});

describe('cancelledError', () => {
  it('says nothing was transcribed and nothing was done', () => {
    const e = cancelledError();
    expect(e.code).toBe('cancelled');
    expect(e.retryable).toBe(false);
    expect(e.message).toBe('Listening was cancelled: nothing was transcribed, and nothing was done.');
  });
});

describe('seconds', () => {
  it('rounds up to whole seconds, at least one, in the singular for one', () => {
    expect(seconds(0)).toBe('1 second');
    expect(seconds(-5)).toBe('1 second');
    expect(seconds(1)).toBe('1 second');
    expect(seconds(1000)).toBe('1 second');
    expect(seconds(1001)).toBe('2 seconds');
    expect(seconds(30_000)).toBe('30 seconds');
  });
});

describe('withoutSecrets', () => {
  it('hides every occurrence of each secret', () => {
    expect(withoutSecrets('key abcd1234 then abcd1234 again', ['abcd1234'])).toBe('key [key hidden] then [key hidden] again');
    expect(withoutSecrets('one AAAA two BBBB', ['AAAA', 'BBBB'])).toBe('one [key hidden] two [key hidden]');
  });

  it('leaves secrets shorter than four characters alone (they would blank ordinary words)', () => {
    expect(withoutSecrets('the cat sat', ['at', 'the'])).toBe('the cat sat');
    expect(withoutSecrets('the cat sat', [''])).toBe('the cat sat');
  });

  it('hides anything shaped like a provider key, even when it was not given', () => {
    expect(withoutSecrets('Incorrect API key provided: sk-proj-Ab_3-xyz.', [])).toBe('Incorrect API key provided: [key hidden].');
    expect(withoutSecrets('sk-abc is too short, task-abcdef is no key', [])).toBe('sk-abc is too short, task-abcdef is no key');
  });

  it('never lets a given secret through, wherever it sits in the text (property)', () => {
    // A key-shaped secret (letters, digits, "-" and "_") cannot span the brackets of "[key hidden]",
    // so it is in the output only if it leaked, or if it is a word of the placeholder itself.
    const secret = fc.stringMatching(/^[A-Za-z0-9_-]{4,40}$/).filter((s) => !'[key hidden]'.includes(s));
    fc.assert(
      fc.property(fc.string(), secret, fc.string(), (before, key, after) => {
        expect(withoutSecrets(`${before}${key}${after}`, [key])).not.toContain(key);
      }),
    );
  });
});
