/**
 * German spoken frames (issue #32 item 6): the sentences spoken feedback wraps around an event.
 * What comes from the screen or the engine (an element's name, the summary of a step, a reason) is
 * spoken as it is; only the frame is German. The answers they name ("ja", "nein", "bestätigen",
 * "stopp", "weiter") are German answer and session words.
 */
import type { SpokenFrames } from '../spoken-frames.js';

export const DE_SPOKEN: SpokenFrames = {
  done: (message) => `Erledigt: ${message}`,
  failed: (message) => `Das hat nicht geklappt: ${message}`,
  problem: (message) => `Ein Problem: ${message}`,
  notUnderstood: () => 'Ich habe das nicht verstanden. Sag „was kann ich sagen“, um die Befehle zu hören.',
  choose: (question, options) => (options.length > 0 ? `${question} ${options.join(', oder ')}?` : question),
  outlined: (label) => (label === undefined ? ' Die Stelle ist auf dem Bildschirm markiert.' : ` „${label}“ ist auf dem Bildschirm umrandet.`),
  confirmModerate: (summary, where) => `Soll ich das tun? ${summary}${where} Sag ja oder nein.`,
  confirmDestructive: (summary, where) =>
    `Soll ich das tun? ${summary}${where} Das lässt sich nicht rückgängig machen: sag bestätigen, um es zu tun, oder nein zum Abbrechen.`,
  paused: (step, total) => `Angehalten vor Schritt ${step} von ${total}. Sag weiter, um fortzufahren, oder stopp.`,
  mode: (mode) =>
    mode === 'dictation'
      ? 'Diktieren ist an: was du sagst, wird in das Feld geschrieben. Sag stopp, um zu den Befehlen zurückzukehren.'
      : 'Diktieren ist aus: Befehle werden wieder ausgeführt.',
  // Counted after "mit": the dative plural.
  effortUnits: { presses: ['Schalterdruck', 'Schalterdrücken'], utterances: ['Äußerung', 'Äußerungen'], keystrokes: ['Taste', 'Tasten'] },
  and: 'und',
  effortDone: (list) => `Erledigt mit ${list}.`,
};
