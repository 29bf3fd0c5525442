// The interactive command line (issue #16 item 5) through a real pseudo-terminal (util-linux
// `script`), on the headless desktop: the bundle the bin runs, the real loop and engine, a GTK app.
// Typed bytes go through the terminal's line discipline, so Ctrl-C is a real SIGINT and Ctrl-D a
// real end of file.
import { spawn } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import { mkdirSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AxBridge } from '../../src/execution/accessibility/ax-bridge.js';
import { activateWindow, desktopSkipReason, openFixture, until, type Fixture } from '../support/desktop.js';
import { openTerminalSession } from '../support/terminal-session.js';

const skip = desktopSkipReason();
if (skip) console.log(`[session] skipped: ${skip}`);
const BIN = resolve(import.meta.dirname, '../../bin/assistive-control.mjs');

describe.skipIf(skip !== '')('assistive-control at a terminal: a session', () => {
  let bridge: AxBridge;
  let app: Fixture;
  let dir: string;
  /** An Ollama address that accepts every request and never answers: a command that runs until stopped. */
  let silent: Server;

  const counter = (prefix: string): Promise<number> => app.counter(prefix);

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'ac-session-'));
    bridge = AxBridge.open();
    app = await openFixture('loop', bridge);
    silent = createServer(() => undefined);
    await new Promise<void>((r) => silent.listen(0, '127.0.0.1', r));
  }, 30_000);

  afterAll(async () => {
    silent?.closeAllConnections();
    silent?.close();
    if (app) await app.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('two commands, "do that again", a confirmation and a question answered at the prompt, Ctrl-C stops a command, Ctrl-D leaves', async () => {
    const port = (silent.address() as AddressInfo).port;
    const env = { ...process.env, HOME: dir, ASSISTIVE_CONTROL_CONFIG_DIR: join(dir, 'config'), XDG_STATE_HOME: join(dir, 'state'), TERM: 'dumb' };
    // `exec`: `script` runs the command with $SHELL -c, and dash (CI's /bin/sh) stays as the parent,
    // takes the Ctrl-C itself and exits 130 whatever the CLI returns; exec leaves the CLI alone there.
    const command = `exec ${JSON.stringify(process.execPath)} ${JSON.stringify(BIN)} --provider ollama --base-url http://127.0.0.1:${port}`;
    // `script` gives the CLI a pseudo-terminal; its own stdin is a pipe whose bytes are typed there.
    const { child, output, exited, expectText, type } = openTerminalSession(command, env);
    /** Types `bytes`, then waits for each of `shown` in turn. */
    const exchange = async (bytes: string, ...shown: string[]) => {
      type(bytes);
      for (const text of shown) await expectText(text);
    };
    try {
      await expectText('Type a command and press Enter');
      await expectText('> ');
      const count = await counter('Count: ');
      await exchange('click Increment\r', 'Clicked “Increment”.');
      await until('the count to go up', async () => ((await counter('Count: ')) === count + 1 ? true : undefined));

      type('do that again\r');
      await until('the count to go up again', async () => ((await counter('Count: ')) === count + 2 ? true : undefined));
      await expectText('> ');

      const deleted = await counter('Deleted: ');
      await exchange('click Delete everything\r', 'Do it? [y/N] ');
      expect(await counter('Deleted: ')).toBe(deleted);
      type('y\r');
      await until('the destructive button, confirmed', async () => ((await counter('Deleted: ')) === deleted + 1 ? true : undefined));
      await expectText('> ');

      // Pasted with its "yes" (issue #27): the "y" came before the question, so it answers nothing.
      await exchange('click Delete everything\ry\r', 'Set aside a line typed before this question', 'Do it? [y/N] ');
      // Neither a yes nor a no: it says so and asks again (a typo never decides).
      await exchange('maybe later\r', '“maybe later” is not a yes or a no, so nothing was done.', 'Do it? [y/N] ');
      await exchange('n\r', '> ');
      expect(await counter('Deleted: ')).toBe(deleted + 1);

      const right = await counter('Right presses: ');
      const left = await counter('Left presses: ');
      await exchange('click OK\r', 'which one?', '2. “OK” in “Right”');
      type('2\r');
      await until('the Right OK to be pressed', async () => ((await counter('Right presses: ')) === right + 1 ? true : undefined));
      expect(await counter('Left presses: ')).toBe(left);

      // Not the grammar's: it goes to the planner, which never answers, until Ctrl-C.
      await exchange('tidy up my desktop please\r', 'tidy up my desktop please');
      await exchange('\x03', 'Stopped. Nothing more was done.', '> ');
      await exchange('\x04', 'Goodbye.');
      expect(await exited).toBe(0);
      // Plain lines only: no cursor movement or colour escapes for a screen reader to read out.
      expect(output().includes('\u001b[')).toBe(false);
    } finally {
      child.kill();
    }
  }, 90_000);

  it("the quick start's first command: setup checked, nothing reinstalled, no Electron here, so the command line starts and works", async () => {
    const root = resolve(import.meta.dirname, '../..');
    // The quick start runs `npm ci` only when the dependencies are older than the lock file: here they
    // must not be (a reinstall in the middle of the suite would pull node_modules from under it).
    const installed = statSync(join(root, 'node_modules/.package-lock.json')).mtimeMs;
    expect(installed).toBeGreaterThanOrEqual(statSync(join(root, 'package-lock.json')).mtimeMs);
    const noElectron = join(dir, 'no-electron');
    mkdirSync(noElectron, { recursive: true });
    // The real Electron check, pointed at a folder without the binary (no download can succeed on CI anyway).
    const env = {
      ...process.env,
      HOME: dir,
      ASSISTIVE_CONTROL_CONFIG_DIR: join(dir, 'config'),
      XDG_STATE_HOME: join(dir, 'state'),
      TERM: 'dumb',
      ELECTRON_OVERRIDE_DIST_PATH: noElectron,
    };
    const child = spawn('script', ['-qfec', 'exec bash scripts/quickstart.sh', '/dev/null'], { cwd: root, env, stdio: ['pipe', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (c: Buffer) => (output += c.toString()));
    child.stderr.on('data', (c: Buffer) => (output += c.toString()));
    const exited = new Promise<number | null>((r) => child.on('exit', (code) => r(code)));
    const expectText = (text: string) =>
      until(`"${text}" (output so far: ${JSON.stringify(output.slice(-400))})`, async () => (output.includes(text) ? true : undefined), 60_000);
    try {
      await expectText('setup: all system packages are installed.');
      await expectText("The panel cannot open here: Electron's binary is not at");
      await expectText('Starting the command line instead.');
      await expectText('> ');
      child.stdin.write('what can I say\r');
      await expectText('Click a button, link or tab: click Send');
      // "my commands" (the panel opens its list) prints the user's commands here, without the loop or a planner.
      child.stdin.write('my commands\r');
      await expectText(`# ${join(dir, 'config', 'commands.json')}`);
      await expectText('No commands of your own yet.');
      const count = await counter('Count: ');
      await activateWindow('^Loop Fixture$');
      child.stdin.write('click Increment\r');
      await until('the count to go up', async () => ((await counter('Count: ')) === count + 1 ? true : undefined));
      child.stdin.write('\x04');
      await expectText('Goodbye.');
      expect(await exited).toBe(0);
      // Nothing was reinstalled.
      expect(statSync(join(root, 'node_modules/.package-lock.json')).mtimeMs).toBe(installed);
    } finally {
      child.kill();
    }
  }, 120_000);
});
