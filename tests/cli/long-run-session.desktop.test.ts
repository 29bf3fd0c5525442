// A long run at the terminal (issue #32 item 5) through a real pseudo-terminal (util-linux `script`),
// on the headless desktop: the bundle the bin runs, the real loop and engine, the loop fixture app.
// 30 clicks typed as one command print "step n of m" lines, ask at the step budget (25), and, told
// no, stop there: the app's counter shows 25. "pause" with nothing long running says so.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AxBridge } from '../../src/execution/accessibility/ax-bridge.js';
import { desktopSkipReason, openFixture, type Fixture } from '../support/desktop.js';
import { openTerminalSession } from '../support/terminal-session.js';

const skip = desktopSkipReason();
if (skip) console.log(`[long-run session] skipped: ${skip}`);
const BIN = resolve(import.meta.dirname, '../../bin/assistive-control.mjs');

describe.skipIf(skip !== '')('a long run at the terminal', () => {
  let app: Fixture;
  let dir: string;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'ac-long-session-'));
    app = await openFixture('loop', AxBridge.open());
  }, 30_000);

  afterAll(async () => {
    if (app) await app.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('prints each step, asks at the budget, and stops at 25 of 30 when told no', async () => {
    const env = { ...process.env, HOME: dir, ASSISTIVE_CONTROL_CONFIG_DIR: join(dir, 'config'), XDG_STATE_HOME: join(dir, 'state'), TERM: 'dumb' };
    const command = `exec ${JSON.stringify(process.execPath)} ${JSON.stringify(BIN)} --provider grammar`;
    const { child, output, exited, expectText, type } = openTerminalSession(command, env, 20_000);
    try {
      await expectText('> ');
      type('pause\r');
      await expectText('Nothing long is running to pause');
      await expectText('> ');
      const start = await app.counter('Count: ');
      type(`${Array.from({ length: 30 }, () => 'click Increment').join(' then ')}\r`);
      await expectText('step 1 of 30: Click “Increment”.');
      await expectText('step 25 of 30: Click “Increment”.');
      await expectText('25 of 30 steps done: go on? Do it? [y/N] ');
      expect((await app.counter('Count: ')) - start).toBe(25);
      type('n\r');
      await expectText('You did not say to go on after 25 of 30 steps. Stopped before step 26 of 30 (Click “Increment”). Steps 1–25 were done.');
      await expectText('> ');
      expect(output()).not.toContain('  step 26 of 30:');
      expect((await app.counter('Count: ')) - start).toBe(25);
      type('\x04');
      expect(await exited).toBe(0);
    } finally {
      if (child.exitCode === null) child.kill();
    }
  }, 60_000);
});
