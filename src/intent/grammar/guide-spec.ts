/**
 * The shape of "what can I say"'s tables (command-guide.ts builds the guide; each language gives its
 * groups: English in command-guide.ts, German in de/command-guide-de.ts).
 */
import type { Intent } from '../schema.js';

/** What an example must parse to: the intent kind, and for app examples the label it must keep whole. */
export interface Example {
  readonly say: string;
  readonly intent: Intent['intent'];
  readonly label?: string;
}

/** Names taken from the app: what can be clicked, and the fields that take text. */
export interface Names {
  readonly app: string;
  readonly clickable: readonly string[];
  readonly fields: readonly string[];
}

export interface GroupSpec {
  readonly title: string;
  readonly generic: readonly Example[];
  readonly fromApp?: (names: Names) => readonly Example[];
}

export const ex = (say: string, intent: Intent['intent'], label?: string): Example => ({ say, intent, ...(label === undefined ? {} : { label }) });
