/**
 * Grammar planner timing: median and p99 time per command over a realistic mix.
 *
 * The mix has short commands, 20-word commands (chains, long labels, dictated text) and phrases
 * that end in no_match, because the planner's promise is "fast either way". Figures are printed by
 * bench/run.ts, not asserted: timings depend on the machine.
 */
import { parseCommand, type GrammarOptions } from '../src/intent/grammar/grammar-planner.js';

const COMMANDS: readonly string[] = [
  'open Safari',
  'click the Send button',
  'press cmd+shift+t',
  'type "Hello, World."',
  'scroll down 3',
  'click 12',
  'what app is this?',
  'move the mouse to 640, 480',
  'press the escape key',
  'I want to delete everything',
  // Twenty words each.
  'please open Mail then click the New Message button then type "lunch at noon tomorrow with Sam" then press enter',
  'could you click the Remember me on this computer checkbox in the Safari app and then scroll down three times',
  'type Dear Sam, thank you for the notes from yesterday, I will read them tonight and reply tomorrow morning early',
  'open the Notes app and type shopping list then press enter then type milk eggs bread butter then press cmd+s',
  'please click the Show all results from the last thirty days link in Mail then scroll down by five lines',
  'can you open the pod bay doors please hal I really need to get back inside the ship right now',
];

/** The same kind of mix in German (issue #32 item 6), read with the language set to German; the last two have no German verb and are read as English too. */
export const GERMAN_COMMANDS: readonly string[] = [
  'öffne Firefox',
  'klicke auf den Knopf Senden',
  'drücke Strg+Umschalt+T',
  'tippe „Hallo, Welt.“',
  'scrolle 3 mal nach unten',
  'klicke 12',
  'welche App ist das?',
  'klicke auf den dritten Knopf in der Werkzeugleiste',
  'ich möchte alles löschen',
  'bitte öffne Mail, dann klicke auf den Knopf Neue Nachricht, dann tippe „Mittagessen morgen um zwölf mit Sam“ und drücke Eingabe',
  'schreibe Lieber Sam, danke für die Notizen von gestern, ich lese sie heute Abend und antworte morgen früh',
  'click the Send button',
  'scroll down 3',
];

/** The twenty-word commands of the mix: the yardstick ("well under 1 ms for a 20-word command"). */
export const TWENTY_WORD_COMMANDS: readonly string[] = COMMANDS.filter((c) => c.split(/\s+/).length >= 20);

function timeOnce(command: string, options: GrammarOptions): number {
  const start = process.hrtime.bigint();
  parseCommand(command, options);
  return Number(process.hrtime.bigint() - start) / 1e6;
}

function percentile(sorted: readonly number[], p: number): number {
  const i = Math.min(sorted.length - 1, Math.max(0, Math.ceil(p * sorted.length) - 1));
  return sorted[i] as number;
}

/** Time parseCommand over the mix; each command is timed on its own after a warm-up. */
export function benchGrammar(
  iterations = 2000,
  commands: readonly string[] = COMMANDS,
  options: GrammarOptions = {},
): { medianMs: number; p99Ms: number; commands: number } {
  // Warm-up: let the JIT compile the parser before anything is measured.
  for (let i = 0; i < 500; i++) for (const c of commands) parseCommand(c, options);
  const samples: number[] = [];
  for (let i = 0; i < iterations; i++) for (const c of commands) samples.push(timeOnce(c, options));
  samples.sort((a, b) => a - b);
  return { medianMs: percentile(samples, 0.5), p99Ms: percentile(samples, 0.99), commands: samples.length };
}
