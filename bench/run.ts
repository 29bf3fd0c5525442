/**
 * `npm run bench`: speed figures, printed, never asserted.
 *
 * Each section is independent; one that cannot run here (no desktop session, say) prints why and
 * the others still run.
 */
import { GERMAN_COMMANDS, TWENTY_WORD_COMMANDS, benchGrammar } from './grammar.js';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { benchAgent } from './agent.js';
import { benchApps } from './apps.js';
import { benchAxBridge } from './ax-bridge.js';
import { benchCli } from './cli.js';
import { benchEffortStats } from './effort-stats.js';
import { benchListening } from './listening.js';
import { benchOrdinal } from './ordinal.js';
import { benchLanguages } from './languages.js';
import { benchTextUnits } from './text-units.js';
import { benchProviders } from './providers.js';
import { benchScan } from './scan.js';
import { benchSpeechOut } from './speech-out.js';
import { formatMs } from './stats.js';
import { benchValidator } from './validator.js';
import { benchVoice } from './voice.js';

type Section = readonly [title: string, run: () => void | Promise<void>];

const SECTIONS: readonly Section[] = [
  [
    'grammar planner (parseCommand), per command',
    () => {
      const g = benchGrammar();
      console.log(
        `  whole mix        median ${formatMs(g.medianMs)}   p99 ${formatMs(g.p99Ms)}   (${g.commands.toLocaleString('en-US')} timed calls, matches and no-matches)`,
      );
      const long = benchGrammar(2000, TWENTY_WORD_COMMANDS);
      console.log(
        `  20-word commands median ${formatMs(long.medianMs)}   p99 ${formatMs(long.p99Ms)}   (${long.commands.toLocaleString('en-US')} timed calls)`,
      );
      const de = benchGrammar(2000, GERMAN_COMMANDS, { language: 'de', platform: 'linux' });
      console.log(
        `  German mix       median ${formatMs(de.medianMs)}   p99 ${formatMs(de.p99Ms)}   (${de.commands.toLocaleString('en-US')} timed calls, language German)`,
      );
    },
  ],
  [
    'validator (validatePlannerOutput), per intent',
    () => {
      for (const { name, timing } of benchValidator()) {
        console.log(`  ${name.padEnd(36)} median ${formatMs(timing.medianMs)}   p99 ${formatMs(timing.p99Ms)}`);
      }
    },
  ],
  [
    'an element by its rank ("the third button in the toolbar"), per command, on a tree already read',
    () => {
      for (const { name, timing } of benchOrdinal()) {
        console.log(`  ${name.padEnd(44)} median ${formatMs(timing.medianMs)}   p99 ${formatMs(timing.p99Ms)}`);
      }
    },
  ],
  [
    'a second language (issue #32 item 6): risk words of every language per label, answers per utterance',
    () => {
      for (const { name, timing } of benchLanguages()) {
        console.log(`  ${name.padEnd(48)} median ${formatMs(timing.medianMs)}   p99 ${formatMs(timing.p99Ms)}`);
      }
    },
  ],
  [
    "editing any text (issue #32): the place a command names, found in the field's text already read",
    () => {
      for (const { name, timing } of benchTextUnits()) {
        console.log(`  ${name.padEnd(44)} median ${formatMs(timing.medianMs)}   p99 ${formatMs(timing.p99Ms)}`);
      }
    },
  ],
  [
    'stats (issue #31): per-day effort from a full audit log (4 files of 5 MiB), read, parsed and summed',
    async () => {
      const s = await benchEffortStats();
      console.log(
        `  median ${formatMs(s.timing.medianMs)}   max ${formatMs(s.timing.p99Ms)}   (${s.lines.toLocaleString('en-US')} lines, ${s.tasks.toLocaleString('en-US')} tasks, ${s.days} days; heap grew ≤ ${s.heapMiB.toFixed(0)} MiB in a run)`,
      );
    },
  ],
  ['predictive switch scanning (issue #31): simulated one-switch user on the recorded screens, row/column against ranked', () => benchScan()],
  [
    'assistant loop overhead per command (instant planner and engine, audit record written; model and OS time excluded)',
    async () => {
      const { grammar, observeThenAct } = await benchAgent();
      console.log(`  grammar command        median ${formatMs(grammar.medianMs)}   p99 ${formatMs(grammar.p99Ms)}   (target ≤ 5 ms median)`);
      console.log(`  LLM observe, then act  median ${formatMs(observeThenAct.medianMs)}   p99 ${formatMs(observeThenAct.p99Ms)}`);
    },
  ],
  ['command line start-up: plan through the bundle next to node -e 0 and the tsx sources; run to its action (private headless desktop)', () => benchCli()],
  ['LLM planners against loopback servers (planner overhead, model time excluded)', () => benchProviders()],
  ['voice: whisper.cpp warm vs. a process per utterance, end of speech → transcript, capture pipeline', () => benchVoice()],
  ['continuous listening: voice detector and segmenter in the core (idle CPU, end of speech, cost per second of audio)', () => benchListening()],
  ['speech out: speech-dispatcher over SSIP against a process per line, and the screen reader check', () => benchSpeechOut()],
  ['accessibility bridge (AT-SPI, private headless desktop), against pyatspi in the same run', () => benchAxBridge()],
  ['real apps: gedit, a Firefox page, LibreOffice Writer and Calc (private headless desktop), against pyatspi in the same run', () => benchApps()],
  [
    'execution engine (private headless desktop)',
    () => {
      // In a child process: nut-js keeps its own X connection, and Xlib ends the process (exit 1)
      // when the benchmark's private display goes away.
      const script = fileURLToPath(new URL('./execution.ts', import.meta.url));
      spawnSync(process.execPath, ['--import', 'tsx', script], { stdio: 'inherit' });
    },
  ],
  [
    'editing any text: far from both ends of an 80-line text view, through the bridge and by keys (private headless desktop)',
    // In a child process, as above: the loop's nut-js holds an X connection to the private display.
    () => void spawnSync(process.execPath, ['--import', 'tsx', fileURLToPath(new URL('./text-editing.ts', import.meta.url))], { stdio: 'inherit' }),
  ],
  [
    'safety gate: cost per step, attack cases and benign commands (private headless desktop)',
    () => {
      // In a child process, as above: the engine's nut-js holds an X connection to the private display.
      spawnSync(process.execPath, ['--import', 'tsx', fileURLToPath(new URL('./safety-gate.ts', import.meta.url))], { stdio: 'inherit' });
    },
  ],
  [
    'consent: effects no label names, declined (issue #27; private headless desktop)',
    () => {
      spawnSync(process.execPath, ['--import', 'tsx', fileURLToPath(new URL('./safety-gate.ts', import.meta.url)), '--consent'], { stdio: 'inherit' });
    },
  ],
  [
    'panel: Enter to the first entries, grammar planner (the bundle in Chromium on the real loop, private headless desktop)',
    () => {
      // In a child process, as above: the engine's nut-js holds an X connection to the private display.
      spawnSync(process.execPath, ['--import', 'tsx', fileURLToPath(new URL('./panel.ts', import.meta.url))], { stdio: 'inherit' });
    },
  ],
  [
    '“show numbers”: command → numbers drawn, 260 and 1,500 elements, cold and unchanged (the real core, the overlay page in Chromium, private headless desktop)',
    () => {
      // In a child process, as above: the engine's nut-js holds an X connection to the private display.
      spawnSync(process.execPath, ['--import', 'tsx', fileURLToPath(new URL('./overlay.ts', import.meta.url))], { stdio: 'inherit' });
    },
  ],
  [
    'screen pictures: capture + masks and marks + PNG for 1280 × 800, and image tokens per provider (issue #29 item 4; private headless desktop)',
    () => {
      spawnSync(process.execPath, ['--import', 'tsx', fileURLToPath(new URL('./screen-picture.ts', import.meta.url))], { stdio: 'inherit' });
    },
  ],
];

console.log(`Assistive Control benchmarks — Node ${process.version}, ${process.platform}/${process.arch}\n`);
for (const [title, run] of SECTIONS) {
  console.log(`== ${title}`);
  try {
    await run();
  } catch (e) {
    console.log(`  not measured: ${e instanceof Error ? e.message : String(e)}`);
  }
  console.log();
}
