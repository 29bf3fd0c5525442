// open_url through the gate and the real opener (issue #18): it asks at moderate, nothing runs
// unless confirmed, and a confirmed one really reaches the default browser. The "browser" is a
// real desktop handler: a .desktop file registered as this user's default for http and https in a
// private XDG data and config folder, which the system's own xdg-open finds and runs; it writes the
// arguments it got to a file. Only the browser itself is a stand-in (none is installed here).
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { execFileSync } from 'node:child_process';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { AssistantLoop, type ConfirmationRequest } from '../../src/agent/assistant-loop.js';
import { ExecutionEngine } from '../../src/execution/engine.js';
import type { AccessibilityDriver } from '../../src/execution/engine-types.js';
import type { InputDriver } from '../../src/execution/input/input-driver.js';
import { openInBrowser } from '../../src/execution/open-url.js';
import { dispatchIntent, type EngineApi } from '../../src/registry/dispatch.js';
import { eventLog } from '../agent/loop-fakes.js';

function hasXdgOpen(): boolean {
  try {
    execFileSync('xdg-open', ['--version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

const runnable = process.platform === 'linux' && hasXdgOpen();
if (!runnable) console.log(`open-url.test: skipped on ${process.platform}: it drives the system's xdg-open (Linux, xdg-utils installed).`);

describe.runIf(runnable)('open_url through the gate and xdg-open (issue #18)', () => {
  let dir: string;
  let argvFile: string;

  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'open-url-'));
    argvFile = join(dir, 'argv.txt');
    const handler = join(dir, 'browser.sh');
    writeFileSync(handler, `#!/bin/sh\nprintf '%s\\n' "$@" > '${argvFile}'\n`);
    chmodSync(handler, 0o755);
    mkdirSync(join(dir, 'data', 'applications'), { recursive: true });
    mkdirSync(join(dir, 'config'), { recursive: true });
    writeFileSync(
      join(dir, 'data', 'applications', 'test-browser.desktop'),
      `[Desktop Entry]\nType=Application\nName=Test Browser\nExec=${handler} %u\nMimeType=x-scheme-handler/http;x-scheme-handler/https;\n`,
    );
    writeFileSync(
      join(dir, 'config', 'mimeapps.list'),
      '[Default Applications]\nx-scheme-handler/https=test-browser.desktop\nx-scheme-handler/http=test-browser.desktop\n',
    );
    // A desktop xdg-open cannot name, so it uses the handler registered for the scheme (it needs a display name only to look).
    for (const [name, value] of Object.entries({
      XDG_DATA_HOME: join(dir, 'data'),
      XDG_CONFIG_HOME: join(dir, 'config'),
      XDG_DATA_DIRS: join(dir, 'none'),
      XDG_CONFIG_DIRS: join(dir, 'none'),
      DISPLAY: process.env.DISPLAY || ':250',
      XDG_CURRENT_DESKTOP: '',
      DESKTOP_SESSION: '',
      KDE_FULL_SESSION: '',
      GNOME_DESKTOP_SESSION_ID: '',
      DBUS_SESSION_BUS_ADDRESS: '',
      BROWSER: '',
    })) {
      vi.stubEnv(name, value);
    }
  });

  afterAll(() => {
    vi.unstubAllEnvs();
    rmSync(dir, { recursive: true, force: true });
  });

  beforeEach(() => rmSync(argvFile, { force: true }));

  /** The real engine's openUrl (its bridge and input are not used by it). */
  const engine = (): ExecutionEngine => new ExecutionEngine({ bridge: {} as AccessibilityDriver, input: {} as InputDriver });

  it('the opener hands the address to the default browser as one argument, and says what opened', async () => {
    const url = 'https://example.com/a?b=1&c=$(touch%20pwned);d=`id`';
    const result = await openInBrowser(url);
    expect(result).toEqual({ kind: 'success', message: `Opened ${new URL(url).href} in the default browser.` });
    expect(readFileSync(argvFile, 'utf8')).toBe(`${new URL(url).href}\n`);
    expect(existsSync(join(dir, 'pwned'))).toBe(false);
  });

  it('asks at moderate: approved only as harmless, nothing is opened', async () => {
    const result = await dispatchIntent({ intent: 'open_url', url: 'https://example.com/' }, engine() as unknown as EngineApi);
    expect(result).toMatchObject({ kind: 'needs_confirmation', level: 'moderate' });
    expect(existsSync(argvFile)).toBe(false);
  });

  it('confirmed at moderate, it really runs', async () => {
    const result = await dispatchIntent({ intent: 'open_url', url: 'https://example.com/page' }, engine() as unknown as EngineApi, { approved: 'moderate' });
    expect(result).toEqual({ kind: 'success', message: 'Opened https://example.com/page in the default browser.' });
    expect(readFileSync(argvFile, 'utf8')).toBe('https://example.com/page\n');
  });

  it('an address refused by the schema is refused by the engine too, if anything ever hands one past it', async () => {
    const result = await engine().openUrl('file:///etc/passwd');
    expect(result).toMatchObject({ kind: 'failure', code: 'refused', reason: expect.stringContaining('“file:” address is refused') });
    expect(existsSync(argvFile)).toBe(false);
  });

  it('without xdg-open: a sentence that says what to install, and nothing is opened', async () => {
    const result = await openInBrowser('https://example.com/', { env: { ...process.env, PATH: join(dir, 'empty') } });
    expect(result).toEqual({
      kind: 'failure',
      code: 'unsupported',
      reason:
        'xdg-open is not installed, so no browser can be opened: install xdg-utils (for example “sudo apt install xdg-utils”), or open https://example.com/ yourself.',
    });
    expect(existsSync(argvFile)).toBe(false);
  });

  it('through the real loop: "open example.com" plans open_url offline, shows the address in full, asks, and opens it once confirmed', async () => {
    const long = `example.com/${'very-long-segment/'.repeat(12)}end`;
    const asked: ConfirmationRequest[] = [];
    const log = eventLog();
    const loop = new AssistantLoop({
      engine: engine() as unknown as EngineApi,
      emit: log.emit,
      confirm: async (request) => {
        asked.push(request);
        return 'confirmed';
      },
    });
    const result = await loop.run(`open ${long}`);
    expect(asked).toHaveLength(1);
    expect(asked[0]?.summary).toBe(`Open https://${long} in the default browser.`);
    expect(asked[0]?.risk.level).toBe('moderate');
    expect(result.outcome).toBe('done');
    expect(result.message).toBe(`Opened https://${long} in the default browser.`);
    expect(readFileSync(argvFile, 'utf8')).toBe(`https://${long}\n`);
  });

  it('through the real loop, declined: nothing is opened', async () => {
    const loop = new AssistantLoop({ engine: engine() as unknown as EngineApi, emit: () => {}, confirm: async () => 'declined' });
    const result = await loop.run('go to https://example.org');
    expect(result.outcome).toBe('refused');
    expect(existsSync(argvFile)).toBe(false);
  });
});
