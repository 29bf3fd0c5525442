// Is there a tray host? The real probe (dbus-send) against a private session bus, with and without
// a StatusNotifier watcher on it, and against buses that are missing or never answer.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp } from 'node:fs/promises';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { probeTrayHost, STATUS_NOTIFIER_WATCHER } from '../../src/main/tray-host-linux.js';
import { startSecretSession, waitForName, type SecretSession } from '../config/secret-session.js';
import { SYSTEM_PYTHON } from '../support/desktop.js';

const notLinux = process.platform !== 'linux';
if (notLinux) console.log(`[tray-host] skipped: the StatusNotifier probe runs on Linux only, this is ${process.platform}.`);

describe.skipIf(notLinux)('the tray host probe (issue #16)', () => {
  // The private bus of the keychain tests, without its keyring.
  let session: SecretSession;
  let watcher: ChildProcess | undefined;
  let silent: Server | undefined;
  const env = (): NodeJS.ProcessEnv => ({ PATH: process.env.PATH, DBUS_SESSION_BUS_ADDRESS: session.busAddress });

  beforeAll(async () => {
    session = await startSecretSession();
  }, 20_000);
  afterAll(async () => {
    watcher?.kill('SIGTERM');
    silent?.close();
    await session.stop();
  });

  it('no watcher on the bus (stock GNOME): absent', async () => {
    expect(await probeTrayHost(env())).toBe('absent');
  });

  it('a StatusNotifier watcher owns its name (KDE, AppIndicator): present', async () => {
    const own = `from gi.repository import Gio, GLib\nGio.bus_own_name(Gio.BusType.SESSION, '${STATUS_NOTIFIER_WATCHER}', 0, None, None, None)\nGLib.MainLoop().run()`;
    watcher = spawn(SYSTEM_PYTHON, ['-c', own], { env: env(), stdio: 'ignore' });
    await waitForName(env(), STATUS_NOTIFIER_WATCHER, 5_000);
    expect(await probeTrayHost(env())).toBe('present');
  });

  it('no bus, or no dbus-send: unknown', async () => {
    expect(await probeTrayHost({ PATH: process.env.PATH, DBUS_SESSION_BUS_ADDRESS: 'unix:path=/nonexistent/bus' })).toBe('unknown');
    expect(await probeTrayHost({ PATH: '/nonexistent', DBUS_SESSION_BUS_ADDRESS: session.busAddress })).toBe('unknown');
  });

  it('a bus that never answers: unknown at the deadline', async () => {
    const path = join(await mkdtemp(join(tmpdir(), 'ac-silent-bus-')), 'bus');
    silent = createServer(() => undefined); // accepts, never answers
    await new Promise<void>((r) => silent?.listen(path, r));
    const started = Date.now();
    expect(await probeTrayHost({ PATH: process.env.PATH, DBUS_SESSION_BUS_ADDRESS: `unix:path=${path}` }, 400)).toBe('unknown');
    expect(Date.now() - started).toBeLessThan(2_000);
  });
});
