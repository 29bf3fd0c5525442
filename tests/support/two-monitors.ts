/**
 * Two monitors side by side on a private desktop of a test's own (docs/decisions 0237): the X screen
 * split into RandR 1.5 monitors that tests/fixtures/two-monitors.py holds until its input closes.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';
import type { GridArea } from '../../src/shared/mouse-grid.js';
import { SYSTEM_PYTHON, fixtureScript } from './desktop.js';

/** The X screen, and the two monitors it is split into. */
export const TWO_MONITOR_SCREEN: GridArea = { x: 0, y: 0, width: 2560, height: 1024 };
export const TWO_MONITORS: readonly GridArea[] = [
  { x: 0, y: 0, width: 1280, height: 1024 },
  { x: 1280, y: 0, width: 1280, height: 1024 },
];

/** Starts the monitor holder and reads the monitors the server then lists; end it with `holder.stdin.end()`. */
export async function splitScreen(monitors: readonly GridArea[] = TWO_MONITORS): Promise<{ holder: ChildProcess; listed: GridArea[] }> {
  const args = monitors.map((m) => `${m.width}x${m.height}+${m.x}+${m.y}`);
  const holder = spawn(SYSTEM_PYTHON, [fixtureScript('two-monitors'), ...args], { stdio: ['pipe', 'pipe', 'inherit'] });
  const lines = createInterface({ input: holder.stdout as NodeJS.ReadableStream });
  const listed: GridArea[] = [];
  await new Promise<void>((resolve, reject) => {
    holder.once('exit', (code) => reject(new Error(`two-monitors.py ended (${code}) before the monitors were set`)));
    lines.on('line', (line) => {
      const m = /^monitor (\d+) (\d+) (\d+) (\d+)$/.exec(line);
      if (m) listed.push({ x: Number(m[1]), y: Number(m[2]), width: Number(m[3]), height: Number(m[4]) });
      if (listed.length === monitors.length) resolve();
    });
  });
  return { holder, listed };
}
