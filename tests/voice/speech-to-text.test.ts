/** The vocabulary hint and transcript cleaning every engine shares. */
import { describe, expect, it } from 'vitest';
import { cleanTranscript, vocabularyPrompt } from '../../src/voice/speech-to-text.js';

describe('the vocabulary hint', () => {
  it('lists distinct names on one line each, without control characters, within what a prompt holds', () => {
    expect(vocabularyPrompt(['Send', 'send', ' Cancel\n', 'Sub\u0007ject', ''])).toBe('Send, Cancel, Sub ject');
    expect(vocabularyPrompt(undefined)).toBe('');
    const many = vocabularyPrompt(Array.from({ length: 500 }, (_, i) => `Button number ${i}`));
    expect(many.length).toBeLessThanOrEqual(600);
    expect(many.startsWith('Button number 0, Button number 1,')).toBe(true);
  });
});

describe('transcript cleaning', () => {
  // What whisper wrote → the transcript.
  const CLEANED: Readonly<Record<string, string>> = {
    '  Click\n Send. ': 'Click Send.',
    ' [BLANK_AUDIO] ': '',
    '(music) open Mail [ Silence ]': 'open Mail',
    '...': '',
  };

  it.each(Object.entries(CLEANED))("keeps words on one line and drops whisper's non-speech marks: %j → %j", (heard, text) => {
    expect(cleanTranscript(heard)).toBe(text);
  });
});
