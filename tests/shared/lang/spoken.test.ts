// The spoken frames in force (src/shared/lang/spoken.ts): the chosen language's, English by default.
import { describe, expect, it } from 'vitest';
import { DE_SPOKEN } from '../../../src/shared/lang/de/spoken.js';
import { EN_SPOKEN } from '../../../src/shared/lang/en/spoken.js';
import { spokenFramesFor } from '../../../src/shared/lang/spoken.js';

describe('spokenFramesFor', () => {
  it.each([
    ['en', EN_SPOKEN],
    ['de', DE_SPOKEN],
  ] as const)('gives the %s frames for %s', (language, frames) => {
    expect(spokenFramesFor(language)).toBe(frames);
  });

  it('gives the English frames when no language is named', () => {
    expect(spokenFramesFor()).toBe(EN_SPOKEN);
  });
});
