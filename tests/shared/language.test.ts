// The languages list (src/shared/language.ts): the default is one of them, each is named in itself,
// and each has its answer words and spoken frames.
import { describe, expect, it } from 'vitest';
import { DEFAULT_LANGUAGE, LANGUAGE_NAMES, LANGUAGES } from '../../src/shared/language.js';
import { answerWordsFor } from '../../src/shared/lang/answers.js';
import { spokenFramesFor } from '../../src/shared/lang/spoken.js';

describe('languages', () => {
  it('defaults to English, one of the languages', () => {
    expect(DEFAULT_LANGUAGE).toBe('en');
    expect(LANGUAGES).toContain(DEFAULT_LANGUAGE);
  });

  it('names each language in itself, and only those', () => {
    expect(Object.keys(LANGUAGE_NAMES).sort()).toEqual([...LANGUAGES].sort());
    expect(LANGUAGE_NAMES).toEqual({ en: 'English', de: 'Deutsch' });
  });

  it.each(LANGUAGES)('has answer words and spoken frames for %s', (language) => {
    expect(answerWordsFor(language).confirm.length).toBeGreaterThan(0);
    expect(spokenFramesFor(language).and.length).toBeGreaterThan(0);
  });
});
