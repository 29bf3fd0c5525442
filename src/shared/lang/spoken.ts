/** The spoken frames of each language (src/shared/lang/<language>/spoken.ts), chosen by the setting. */
import { DEFAULT_LANGUAGE, type Language } from '../language.js';
import { DE_SPOKEN } from './de/spoken.js';
import { EN_SPOKEN } from './en/spoken.js';
import type { SpokenFrames } from './spoken-frames.js';

const FRAMES: Readonly<Record<Language, SpokenFrames>> = { en: EN_SPOKEN, de: DE_SPOKEN };

export function spokenFramesFor(language: Language = DEFAULT_LANGUAGE): SpokenFrames {
  return FRAMES[language];
}
