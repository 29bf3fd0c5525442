// The spoken frames in force (src/shared/lang/spoken.ts): the chosen language's, English by default.
import { describe, expect, it } from 'vitest';
import { DE_SPOKEN } from '../../../src/shared/lang/de/spoken.js';
import { EN_SPOKEN } from '../../../src/shared/lang/en/spoken.js';
import { spokenFramesFor } from '../../../src/shared/lang/spoken.js';
import { itGives } from '../../support/tables.js';

describe('spokenFramesFor', () => {
  itGives('gives the %s frames for %s', spokenFramesFor, [
    ['en', EN_SPOKEN],
    ['de', DE_SPOKEN],
  ] as const);

  it('gives the English frames when no language is named', () => {
    expect(spokenFramesFor()).toBe(EN_SPOKEN);
  });
});
