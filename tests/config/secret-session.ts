/**
 * A private Secret Service for keychain tests: its own dbus-daemon (no service activation, so
 * nothing else gets started behind our back) and gnome-keyring-daemon, with HOME and XDG_* in a
 * temporary folder. Only the PIDs started here are ever killed.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll } from 'vitest';

export interface SecretSession {
  readonly busAddress: string;
  /** Starts gnome-keyring; `unlock` unlocks (or creates) the login keyring with a password. */
  startKeyring(unlock: boolean): Promise<void>;
  stopKeyring(): Promise<void>;
  stop(): Promise<void>;
}

function waitExit(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => child.once('exit', () => resolve()));
}

async function kill(child: ChildProcess | undefined): Promise<void> {
  if (!child || child.pid === undefined) return;
  const exited = waitExit(child);
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 2_000);
  await exited;
  clearTimeout(timer);
}

/** Resolves once `name` has an owner on the bus (checked with dbus-send, not with the code under test). */
export async function waitForName(env: NodeJS.ProcessEnv, name: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const owned = await new Promise<boolean>((resolve) => {
      const p = spawn(
        'dbus-send',
        ['--session', '--print-reply', '--dest=org.freedesktop.DBus', '/org/freedesktop/DBus', 'org.freedesktop.DBus.NameHasOwner', `string:${name}`],
        { env, stdio: ['ignore', 'pipe', 'ignore'] },
      );
      let out = '';
      p.stdout.on('data', (c: Buffer) => (out += c.toString()));
      p.on('exit', () => resolve(/boolean true/.test(out)));
      p.on('error', () => resolve(false));
    });
    if (owned) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`${name} did not appear on the private bus within ${timeoutMs} ms`);
}

export async function startSecretSession(): Promise<SecretSession> {
  const root = mkdtempSync(join(tmpdir(), 'ac-keyring-'));
  const run = join(root, 'run');
  mkdirSync(run, { mode: 0o700 });
  mkdirSync(join(root, '.local', 'share'), { recursive: true });
  const conf = join(root, 'bus.conf');
  writeFileSync(
    conf,
    `<!DOCTYPE busconfig PUBLIC "-//freedesktop//DTD D-Bus Bus Configuration 1.0//EN" "http://www.freedesktop.org/standards/dbus/1.0/busconfig.dtd">
<busconfig>
  <type>session</type>
  <listen>unix:dir=${run}</listen>
  <auth>EXTERNAL</auth>
  <policy context="default"><allow send_destination="*" eavesdrop="true"/><allow eavesdrop="true"/><allow own="*"/></policy>
</busconfig>
`,
  );
  const bus = spawn('dbus-daemon', [`--config-file=${conf}`, '--print-address=1', '--nofork'], { stdio: ['ignore', 'pipe', 'ignore'] });
  const busAddress = await new Promise<string>((resolve, reject) => {
    let out = '';
    bus.on('error', (e) => reject(new Error(`dbus-daemon could not start (${e.message}); run scripts/setup.sh`)));
    bus.stdout?.on('data', (c: Buffer) => {
      out += c.toString();
      const line = out.split('\n')[0];
      if (out.includes('\n') && line) resolve(line.trim());
    });
    setTimeout(() => reject(new Error('dbus-daemon printed no address')), 5_000);
  });
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    HOME: root,
    XDG_DATA_HOME: join(root, '.local', 'share'),
    XDG_CONFIG_HOME: join(root, '.config'),
    XDG_CACHE_HOME: join(root, '.cache'),
    XDG_RUNTIME_DIR: run,
    DBUS_SESSION_BUS_ADDRESS: busAddress,
  };
  let keyring: ChildProcess | undefined;

  return {
    busAddress,
    async startKeyring(unlock) {
      const args = ['--foreground', '--components=secrets', ...(unlock ? ['--unlock'] : [])];
      keyring = spawn('gnome-keyring-daemon', args, { env, stdio: ['pipe', 'ignore', 'ignore'] });
      // --unlock reads the password from stdin; without it, stdin just closes.
      keyring.stdin?.end(unlock ? 'test-password' : '');
      await waitForName(env, 'org.freedesktop.secrets', 5_000);
    },
    async stopKeyring() {
      await kill(keyring);
      keyring = undefined;
    },
    async stop() {
      await kill(keyring);
      await kill(bus);
      rmSync(root, { recursive: true, force: true });
    },
  };
}

/**
 * For a describe block: a private Secret Service with an unlocked keyring, with this process's
 * D-Bus pointed at it (the keyring library connects once per process, so one block per file), and
 * the bus address put back afterwards. Returns a getter for the session.
 */
export function useSecretSession(): () => SecretSession {
  let session: SecretSession | undefined;
  const savedBus = process.env.DBUS_SESSION_BUS_ADDRESS;
  beforeAll(async () => {
    session = await startSecretSession();
    process.env.DBUS_SESSION_BUS_ADDRESS = session.busAddress;
    await session.startKeyring(true);
  }, 20_000);
  afterAll(async () => {
    if (savedBus === undefined) delete process.env.DBUS_SESSION_BUS_ADDRESS;
    else process.env.DBUS_SESSION_BUS_ADDRESS = savedBus;
    await session?.stop();
  });
  return () => {
    if (!session) throw new Error('the Secret Service session has not started');
    return session;
  };
}
