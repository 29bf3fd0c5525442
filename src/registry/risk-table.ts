/**
 * The data behind risk classification: words in a target's label and key combinations.
 *
 * Kept as data so it can be read, reviewed and extended without touching logic. Phrases match whole
 * words, case-insensitively, anywhere in a label ("Delete message" matches "delete"). The words of
 * each language are a table of their own (src/registry/risk-words/<language>.ts), all merged here:
 * they apply whatever language the assistant speaks, since the labels are the app's.
 */
import type { RiskLevel } from '../shared/risk-level.js';
import { DE_DROP_TARGET_WORDS, DE_LABEL_RULES } from './risk-words/de.js';
import { EN_DROP_TARGET_WORDS, EN_LABEL_RULES } from './risk-words/en.js';
import { destructive, type WordRule } from './risk-words/word-rule.js';

export type { WordRule } from './risk-words/word-rule.js';

/** Every language's label words. */
export const LABEL_RULES: readonly WordRule[] = [...EN_LABEL_RULES, ...DE_LABEL_RULES];

/** Words that make a drop target destructive: dragging onto them deletes. */
export const DROP_TARGET_RULES: readonly WordRule[] = destructive([...EN_DROP_TARGET_WORDS, ...DE_DROP_TARGET_WORDS], 'delete what is dropped there');

export interface ChordRule {
  /** Canonical chords as written by `formatChord` ("ctrl+alt+delete"); one rule covers its spellings on each platform. */
  readonly chords: readonly string[];
  readonly level: Exclude<RiskLevel, 'harmless'>;
  readonly consequence: string;
}

export const CHORD_RULES: readonly ChordRule[] = [
  { chords: ['cmd+q', 'ctrl+q', 'alt+f4'], level: 'destructive', consequence: 'quit the app and lose unsaved work' },
  { chords: ['alt+cmd+escape', 'alt+shift+cmd+escape'], level: 'destructive', consequence: 'force an app to quit' },
  { chords: ['ctrl+alt+delete', 'ctrl+alt+backspace'], level: 'destructive', consequence: 'end your session or restart' },
  { chords: ['shift+cmd+q', 'alt+shift+cmd+q'], level: 'destructive', consequence: 'log you out' },
  { chords: ['cmd+backspace', 'cmd+delete', 'shift+delete'], level: 'destructive', consequence: 'delete the selected files' },
  {
    chords: ['shift+cmd+backspace', 'shift+cmd+delete', 'alt+shift+cmd+backspace', 'alt+cmd+backspace', 'alt+cmd+delete'],
    level: 'destructive',
    consequence: 'empty the trash or delete files immediately',
  },
  { chords: ['cmd+w', 'ctrl+w', 'shift+cmd+w', 'ctrl+shift+w', 'ctrl+f4', 'alt+cmd+w'], level: 'moderate', consequence: 'close windows or tabs' },
  { chords: ['cmd+enter', 'ctrl+enter', 'shift+cmd+d'], level: 'moderate', consequence: 'send or submit' },
  { chords: ['ctrl+cmd+q', 'ctrl+alt+l'], level: 'moderate', consequence: 'lock the screen' },
  { chords: ['ctrl+shift+delete'], level: 'moderate', consequence: 'open a dialog that clears browsing data' },
];
