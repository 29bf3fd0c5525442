/**
 * Speech out (issue #30 item 6): what a line costs on its way out, printed, never asserted.
 * - through speech-dispatcher over one SSIP connection (Debian's server with the tests' recording
 *   output module, which itself runs a shell per message: no voice synthesis in the figure);
 * - a process per line (the way espeak-ng and `say` run), with /bin/true as the program: the spawn
 *   alone, and espeak-ng itself writing a short line to a file;
 * - the screen reader check paid per line when "quiet while a screen reader runs" is on.
 * Run on its own with `npx tsx bench/speech-out.ts`; `npm run bench` runs it too.
 */
// Type only: brings in the vitest context declaration that the test helpers rely on.
import type { setup as _desktopSetup } from '../tests/support/desktop-global-setup.js';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { processOutput, type SpeechOutput } from '../src/voice/speech-output.js';
import { screenReaderFlag, screenReaderProcess } from '../src/voice/speech-route.js';
import { platformSynth } from '../src/voice/speech-synth.js';
import { speechDispatcherOutput } from '../src/voice/speechd-output.js';
import { ssipAddress } from '../src/voice/ssip-client.js';
import { speechDispatcherMissing, startSpeechDispatcher } from '../tests/support/speech-dispatcher.js';
import { formatMs, summarize } from './stats.js';

const LINES = 30;
const LINE = 'Clicked “Send”.';

async function perLine(output: SpeechOutput): Promise<string> {
  const times: number[] = [];
  for (let i = 0; i < LINES; i++) {
    const t0 = performance.now();
    const end = await output.say(LINE, 175).done;
    if (end !== 'spoken') return `did not speak (${typeof end === 'string' ? end : end.message})`;
    times.push(performance.now() - t0);
  }
  const t = summarize(times);
  return `median ${formatMs(t.medianMs)}   p99 ${formatMs(t.p99Ms)}   (${LINES} lines)`;
}

async function timed(fn: () => unknown, n: number): Promise<string> {
  const times: number[] = [];
  for (let i = 0; i < n; i++) {
    const t0 = performance.now();
    await fn();
    times.push(performance.now() - t0);
  }
  const t = summarize(times);
  return `median ${formatMs(t.medianMs)}   p99 ${formatMs(t.p99Ms)}   (${n} checks)`;
}

export async function benchSpeechOut(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'ac-bench-speech-'));
  try {
    const missing = speechDispatcherMissing();
    if (missing) console.log(`  speech-dispatcher  skipped: ${missing}`);
    else {
      const server = await startSpeechDispatcher(dir);
      const output = speechDispatcherOutput(ssipAddress({ SPEECHD_ADDRESS: server.address }));
      try {
        console.log(`  speech-dispatcher (SSIP, one connection)   ${await perLine(output)}`);
      } finally {
        output.close();
        await server.stop();
      }
    }
    const linux = platformSynth('linux');
    const spawnOnly = processOutput({ ...linux, name: 'true', synthCommand: () => ({ file: '/bin/true', args: [] }) });
    console.log(`  a process per line (/bin/true)            ${await perLine(spawnOnly)}`);
    console.log(`  espeak-ng per line, to a file             ${await perLine(processOutput(linux, join(dir, 'line.wav')))}`);
    console.log(`  screen reader check: processes (/proc)     ${await timed(() => screenReaderProcess(), 30)}`);
    const bus = process.env.DBUS_SESSION_BUS_ADDRESS ? 'a session bus' : 'no session bus: dbus-send fails';
    console.log(`  screen reader check: the bus's flag        ${await timed(() => screenReaderFlag(process.env), 30)} (${bus})`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

if (process.argv[1] !== undefined && /bench[/\\]speech-out\.[tj]s$/.test(process.argv[1])) await benchSpeechOut();
