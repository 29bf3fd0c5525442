// The keyboard's real owner (issue #27): an app that keeps claiming the focus after losing it (a
// stale claimant, here the hostile AT-SPI app in its stale-active mode, whose field claims the focus
// too) while an X client without accessibility (xev, which logs every key it gets) has the keyboard.
// The gate reads the claimant's field; the keys would go to xev. The window system names the
// keyboard's owner, so the gate knows what it read is not what the key reaches: Enter and a typed
// line break ask, declined nothing reaches xev, confirmed they do.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enterDesktopSession, startDesktopSession, type DesktopSession } from '../../scripts/desktop-session.js';
import { createDesktopEngine } from '../../src/compose/desktop-engine.js';
import { AxBridge } from '../../src/execution/accessibility/ax-bridge.js';
import { activateWindow, desktopSkipReason, openFixture, stopApp, stopApps, until } from '../support/desktop.js';
import { LLM_COMMAND, scriptedRunner, type ScriptedRunner } from './gate-lab.js';

const skip = desktopSkipReason();

describe.skipIf(skip !== '')('keys judged where they really go: the window system names the keyboard’s owner', () => {
  let session: DesktopSession;
  let bridge: AxBridge;
  let runner: ScriptedRunner;
  let stale: ChildProcess;
  let xev: ChildProcess;
  let dir = '';
  const keysSeen = () => readFileSync(join(dir, 'xev.log'), 'utf8');

  beforeAll(async () => {
    session = await startDesktopSession();
    enterDesktopSession(session.env);
    dir = mkdtempSync(join(tmpdir(), 'ac-keyboard-owner-'));
    bridge = AxBridge.open();
    stale = (await openFixture('hostile', bridge, { args: ['--mode', 'stale-active', '--focused-field', '--name', 'Stale App'] })).app;
    const log = openSync(join(dir, 'xev.log'), 'w');
    // Line-buffered, so each key is in the log as soon as xev prints it.
    xev = spawn('stdbuf', ['-oL', 'xev', '-event', 'keyboard'], { env: process.env, stdio: ['ignore', log, 'ignore'] });
    await until(
      'xev to hold the keyboard',
      async () => {
        await activateWindow('^Event Tester$').catch(() => undefined);
        const owner = await bridge.keyboardOwner();
        return owner !== null && owner !== stale.pid ? true : undefined;
      },
      15_000,
    );
    await until('the stale app to be taken for the frontmost', async () => ((await bridge.frontmostApp()).pid === stale.pid ? true : undefined));
    runner = await scriptedRunner(createDesktopEngine(process.env, { bridge, ownPids: [] }));
  }, 60_000);

  afterAll(async () => {
    await runner?.close();
    if (xev) await stopApp(xev);
    await stopApps();
    await session?.stop();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('Enter on the claimant’s one-line field asks, naming a window it cannot read; declined, xev gets nothing; confirmed, it does', async () => {
    const plan = [{ intent: 'press_key', key: 'enter' }];
    const declined = await runner.run(LLM_COMMAND, plan, 'declined');
    expect(declined.confirmations.map((q) => q.risk)).toEqual([
      expect.objectContaining({ level: 'destructive', rule: 'focus-unread', reason: expect.stringMatching(/^The keyboard is in a window I cannot read/) }),
    ]);
    expect(declined.result.outcome).toBe('refused');
    // The input driver's Enter is the keypad's (KP_Enter) or the main one (Return).
    expect(keysSeen()).not.toMatch(/keysym 0xff(0d|8d)/);
    const confirmed = await runner.run(LLM_COMMAND, plan, 'confirmed');
    expect(confirmed.result.outcome, confirmed.result.message).toBe('done');
    await until('xev to log the Enter', async () => (/keysym 0xff(0d, Return|8d, KP_Enter)/.test(keysSeen()) ? true : undefined));
  });

  it('a typed line break there is destructive too: asked again live, declined, nothing reaches xev', async () => {
    // The plan's own question (a line break, moderate) is answered yes; the live one is the gate's.
    const declined = await runner.run(LLM_COMMAND, [{ intent: 'type_text', text: 'rm\n' }], ['confirmed', 'declined']);
    expect(declined.confirmations.at(-1)?.risk).toMatchObject({ level: 'destructive', rule: 'focus-unread' });
    expect(declined.result.outcome).toBe('refused');
    expect(keysSeen()).not.toMatch(/keysym 0x72, r\)/);
  });
});
