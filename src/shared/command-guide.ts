/**
 * "What can I say" (issue #15): the commands the offline grammar understands, grouped, with examples,
 * as plain data that crosses from the core to the panel in a `command_guide` event. Built in
 * src/intent/grammar/command-guide.ts from the grammar's own tables; every example shown parses.
 */
import type { Language } from './language.js';

/** One group of commands: what it does, examples to say, and the other words the grammar takes for its verb. */
export interface GuideGroup {
  readonly title: string;
  readonly examples: readonly string[];
  /** Other ways to say the verb ("start", "launch"), from the grammar's verb table; empty when none. */
  readonly alsoSaid: readonly string[];
}

export interface CommandGuide {
  /** The app the examples were taken from; absent when they are generic. */
  readonly app?: string;
  /** The language of the examples and titles (issue #32 item 6); absent: English. */
  readonly language?: Language;
  /** What the guide is for now: everything, only the answers to what waits, or the mouse grid's words while it is up. */
  readonly scope: 'commands' | 'confirmation' | 'question' | 'running' | 'grid';
  readonly groups: readonly GuideGroup[];
}

/** The first sentence of a guide that waits for an answer, runs or shows the grid, in each language. */
const WAITING_TITLES: Readonly<Record<Language, Readonly<Record<Exclude<CommandGuide['scope'], 'commands'>, string>>>> = {
  en: {
    confirmation: 'A confirmation is waiting: you can answer it.',
    question: 'A question is waiting: you can answer it.',
    running: 'A command is running: you can stop it.',
    grid: 'The mouse grid is up: say a cell’s number to zoom in, then “click”.',
  },
  de: {
    confirmation: 'Eine Bestätigung wartet: du kannst sie beantworten.',
    question: 'Eine Frage wartet: du kannst sie beantworten.',
    running: 'Ein Befehl läuft: du kannst ihn anhalten.',
    grid: 'Das Mausraster ist da: sag die Nummer eines Feldes, um hineinzuzoomen, dann „klicke“.',
  },
};

/** The guide's first sentence: where its examples come from. */
export function guideTitle(guide: CommandGuide): string {
  const language = guide.language ?? 'en';
  if (guide.scope !== 'commands') return WAITING_TITLES[language][guide.scope];
  if (language === 'de') return guide.app ? `Was du sagen kannst, mit Beispielen aus „${guide.app}“.` : 'Was du sagen kannst, mit Beispielen.';
  return guide.app ? `What you can say, with examples from “${guide.app}”.` : 'What you can say, with examples.';
}

/** The guide read aloud: its title, then each group with its first example (the panel shows them all); under a minute. */
export function spokenGuide(guide: CommandGuide): string {
  const groups = guide.groups.map((g) => `${g.title}: ${guide.scope === 'commands' ? g.examples[0] : g.examples.join(', ')}.`);
  return [guideTitle(guide), ...groups].join(' ');
}
