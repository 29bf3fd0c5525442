/**
 * Editing any text (issue #32 item 3) on a private headless desktop: a GTK text view of 80 lines
 * (3,279 characters), said to the real loop and read back exactly. The same edits with the bridge's
 * own selection (AT-SPI Text SetSelection / SetCaretOffset) and with keys only (the bridge's caret
 * call left out, as on a platform half without it), near the end where keys reach, and in the middle
 * where only the bridge does (keys refuse past 600 presses).
 *
 * Starts its own desktop (scripts/desktop-session.ts). Run alone with `npx tsx bench/text-editing.ts`.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { enterDesktopSession, startDesktopSession } from '../scripts/desktop-session.js';
import { AssistantLoop } from '../src/agent/assistant-loop.js';
import { AxBridge } from '../src/execution/accessibility/ax-bridge.js';
import type { AxSnapshot } from '../src/execution/accessibility/types.js';
import { ExecutionEngine } from '../src/execution/engine.js';
import { createNutInputDriver } from '../src/execution/input/input-driver.js';
import { formatMs, summarize } from './stats.js';

const PYTHON = '/usr/bin/python3';
const FIXTURE = fileURLToPath(new URL('../tests/fixtures/dictation-fixture-app.py', import.meta.url));
const LINES = Array.from({ length: 80 }, (_, i) => `Line ${String(i + 1).padStart(2, '0')} of the long report, plain and long.`);
const RUNS = 7;

/** Prints the figures; throws a sentence when they cannot be measured here. */
export async function benchTextEditing(): Promise<void> {
  if (process.platform !== 'linux') throw new Error(`the text-editing benchmark drives AT-SPI and XTest on Linux (this is ${process.platform})`);
  const session = await startDesktopSession();
  enterDesktopSession(session.env);
  let app: ChildProcess | undefined;
  try {
    const bridge = AxBridge.open();
    await bridge.permission({ prompt: true });
    app = spawn(PYTHON, [FIXTURE], { stdio: 'ignore' });
    const pid = app.pid ?? 0;
    const body = (s: AxSnapshot) => s.elements.find((e) => e.name === 'Body');
    await bridge.waitForApp({ pid }, { timeoutMs: 15_000 });
    // Drawn once its tree shows the text view.
    for (let tries = 0; !body(await bridge.snapshot({ pid })); tries++) {
      if (tries > 200) throw new Error('the text view did not appear on the accessibility bus');
      await new Promise((r) => setTimeout(r, 50));
    }
    const loopOf = (b: AxBridge): AssistantLoop =>
      new AssistantLoop({ engine: new ExecutionEngine({ bridge: b, input: createNutInputDriver() }), emit: () => undefined, confirm: async () => 'confirmed' });
    const withBridge = loopOf(bridge);
    const keysOnly = loopOf(Object.create(bridge, { setTextSelection: { value: undefined } }) as AxBridge);
    const text = LINES.join('\n');
    const setText = async (): Promise<void> => {
      const s = await bridge.snapshot({ pid });
      await bridge.setValue({ generation: s.generation, id: body(s)!.id }, text);
    };
    const run = async (loop: AssistantLoop, command: string): Promise<number> => {
      await setText();
      const started = performance.now();
      const result = await loop.run(command);
      const ms = performance.now() - started;
      if (result.outcome !== 'done') throw new Error(`${command}: ${result.message}`);
      return ms;
    };
    if ((await withBridge.run('click Body')).outcome !== 'done') throw new Error('the text view could not be clicked');
    const rows: readonly (readonly [what: string, loop: AssistantLoop, command: string])[] = [
      ['select the last line, bridge', withBridge, 'select the last line'],
      ['select the last line, keys', keysOnly, 'select the last line'],
      ['correct in line 79, bridge', withBridge, 'correct Line 79 to Row 79'],
      ['correct in line 79, keys', keysOnly, 'correct Line 79 to Row 79'],
      ['correct in line 40, bridge', withBridge, 'correct Line 40 to Row 40'],
      ['select the 40th line, bridge', withBridge, 'select the 40th line'],
    ];
    for (const [what, loop, command] of rows) {
      const times: number[] = [];
      for (let i = 0; i < RUNS; i++) times.push(await run(loop, command));
      console.log(`  ${what.padEnd(30)} median ${formatMs(summarize(times).medianMs).padStart(9)}   (${RUNS} runs, read back exactly)`);
    }
    const far = await keysOnly.run('select the 40th line');
    console.log(`  select the 40th line, keys      ${far.outcome === 'done' ? 'done' : `refused: ${far.message}`}`);
  } finally {
    app?.kill();
    await session.stop();
  }
}

const invokedDirectly = process.argv[1] !== undefined && /bench[/\\]text-editing\.[tj]s$/.test(process.argv[1]);
if (invokedDirectly) {
  benchTextEditing().catch((e: unknown) => {
    console.error(e instanceof Error ? e.message : String(e));
    process.exitCode = 1;
  });
}
