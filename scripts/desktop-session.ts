/**
 * A private, headless, accessible Linux desktop: Xvfb + a session D-Bus + the AT-SPI bus + openbox.
 *
 * The test harness (tests/support/desktop-global-setup.ts) and the benchmark start one; run this
 * file directly to get one in a shell:
 *
 *   npx tsx scripts/desktop-session.ts      # prints `export …` lines, stops on Ctrl-C
 *
 * Only the processes started here (and the ones they spawned, found through /proc) are stopped.
 */
import { spawn, execFile, type ChildProcess } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** Variables a process needs to join the session. */
export interface DesktopEnv {
  DISPLAY: string;
  DBUS_SESSION_BUS_ADDRESS: string;
  XDG_RUNTIME_DIR: string;
  GDK_BACKEND: string;
  GSETTINGS_BACKEND: string;
  LANG: string;
  QT_LINUX_ACCESSIBILITY_ALWAYS_ON: string;
}

export interface DesktopSession {
  readonly env: DesktopEnv;
  /** Stops every process the session started. Safe to call twice. */
  stop(): Promise<void>;
}

const REQUIRED = ['Xvfb', 'dbus-daemon', 'dbus-send', 'openbox'] as const;

function onPath(command: string): boolean {
  return (process.env.PATH ?? '').split(delimiter).some((dir) => dir !== '' && existsSync(join(dir, command)));
}

/** Why a desktop session cannot start here, or undefined when it can. */
export function desktopUnavailableReason(): string | undefined {
  if (process.platform !== 'linux') return `the headless desktop runs on Linux only (this is ${process.platform})`;
  const missing = REQUIRED.filter((c) => !onPath(c));
  if (missing.length > 0) return `missing ${missing.join(', ')}: run \`bash scripts/setup.sh\``;
  return undefined;
}

function readLine(stream: NodeJS.ReadableStream, what: string, timeoutMs: number): Promise<string> {
  return new Promise((resolve, reject) => {
    let buffer = '';
    const timer = setTimeout(() => reject(new Error(`${what} did not start within ${timeoutMs} ms`)), timeoutMs);
    const onData = (chunk: Buffer): void => {
      buffer += chunk.toString('utf8');
      const nl = buffer.indexOf('\n');
      if (nl >= 0) {
        clearTimeout(timer);
        stream.off('data', onData);
        resolve(buffer.slice(0, nl).trim());
      }
    };
    stream.on('data', onData);
    stream.on('end', () => {
      clearTimeout(timer);
      reject(new Error(`${what} exited before it was ready`));
    });
  });
}

/** Every live descendant of pid, deepest first (Linux /proc). */
export function descendants(pid: number): number[] {
  const children = new Map<number, number[]>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      const list = children.get(ppid) ?? [];
      list.push(Number(entry));
      children.set(ppid, list);
    } catch {
      // exited while we were reading
    }
  }
  const out: number[] = [];
  const walk = (p: number): void => {
    for (const c of children.get(p) ?? []) {
      walk(c);
      out.push(c);
    }
  };
  walk(pid);
  return out;
}

export function alive(pid: number): boolean {
  try {
    const state = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return state.slice(state.lastIndexOf(')') + 2, state.lastIndexOf(')') + 3) !== 'Z';
  } catch {
    return false;
  }
}

async function stopPids(pids: readonly number[]): Promise<void> {
  for (const pid of pids) {
    try {
      process.kill(pid, 'SIGTERM');
    } catch {
      // already gone
    }
  }
  const until = Date.now() + 2000;
  while (pids.some(alive) && Date.now() < until) await new Promise((r) => setTimeout(r, 25));
  for (const pid of pids.filter(alive)) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // already gone
    }
  }
}

export interface DesktopOptions {
  /** Xvfb's screen as WIDTHxHEIGHTxDEPTH; the shared session's is 1280x800x24. */
  readonly screen?: string;
}

/** Starts a private desktop session. Throws a sentence naming what is missing when it cannot. */
export async function startDesktopSession(options: DesktopOptions = {}): Promise<DesktopSession> {
  const reason = desktopUnavailableReason();
  if (reason) throw new Error(`Cannot start a headless desktop: ${reason}.`);
  const dir = mkdtempSync(join(tmpdir(), 'ac-desktop-'));
  const runtimeDir = join(dir, 'runtime');
  mkdirSync(runtimeDir);
  chmodSync(runtimeDir, 0o700);
  const started: ChildProcess[] = [];
  const roots: number[] = [];
  let stopped = false;

  const stop = async (): Promise<void> => {
    if (stopped) return;
    stopped = true;
    // Children first (the a11y bus, the registry, apps activated over D-Bus), then the roots.
    const all = [...roots.flatMap((pid) => descendants(pid)), ...roots.slice().reverse()];
    await stopPids(all);
    rmSync(dir, { recursive: true, force: true });
  };

  try {
    const xvfb = spawn('Xvfb', ['-displayfd', '3', '-screen', '0', options.screen ?? '1280x800x24', '-nolisten', 'tcp'], {
      stdio: ['ignore', 'ignore', 'ignore', 'pipe'],
    });
    started.push(xvfb);
    roots.push(xvfb.pid ?? 0);
    const displayNumber = await readLine(xvfb.stdio[3] as NodeJS.ReadableStream, 'Xvfb', 10_000);

    const env: DesktopEnv = {
      DISPLAY: `:${displayNumber}`,
      DBUS_SESSION_BUS_ADDRESS: '',
      XDG_RUNTIME_DIR: runtimeDir,
      GDK_BACKEND: 'x11',
      GSETTINGS_BACKEND: 'memory',
      LANG: process.env.LANG && /utf-?8/i.test(process.env.LANG) ? process.env.LANG : 'C.UTF-8',
      QT_LINUX_ACCESSIBILITY_ALWAYS_ON: '1',
    };
    // Services D-Bus activates (the AT-SPI bus launcher) inherit the daemon's environment, so it
    // must already name the display. NO_AT_BRIDGE would hide GTK apps from AT-SPI.
    const childEnv: NodeJS.ProcessEnv = { ...process.env, ...env };
    delete childEnv.NO_AT_BRIDGE;
    delete childEnv.GTK_MODULES;
    delete childEnv.DBUS_SESSION_BUS_ADDRESS;

    const dbus = spawn('dbus-daemon', ['--session', '--nofork', '--nopidfile', '--print-address=1'], {
      env: childEnv,
      stdio: ['ignore', 'pipe', 'ignore'],
    });
    started.push(dbus);
    roots.push(dbus.pid ?? 0);
    env.DBUS_SESSION_BUS_ADDRESS = await readLine(dbus.stdout as NodeJS.ReadableStream, 'dbus-daemon', 10_000);
    childEnv.DBUS_SESSION_BUS_ADDRESS = env.DBUS_SESSION_BUS_ADDRESS;

    // Let D-Bus activate the AT-SPI bus launcher (starting it by hand races the activation).
    await run('dbus-send', ['--session', '--print-reply=literal', '--dest=org.a11y.Bus', '/org/a11y/bus', 'org.a11y.Bus.GetAddress'], {
      env: childEnv,
      timeout: 10_000,
    });
    // The launcher is D-Bus's child only until it daemonizes: record it by its bus name.
    const { stdout } = await run(
      'dbus-send',
      [
        '--session',
        '--print-reply=literal',
        '--dest=org.freedesktop.DBus',
        '/org/freedesktop/DBus',
        'org.freedesktop.DBus.GetConnectionUnixProcessID',
        'string:org.a11y.Bus',
      ],
      { env: childEnv, timeout: 10_000 },
    );
    const launcher = Number(/(\d+)\s*$/.exec(stdout.trim())?.[1]);
    if (Number.isInteger(launcher) && launcher > 1) roots.push(launcher);

    const wm = spawn('openbox', ['--sm-disable'], { env: childEnv, stdio: 'ignore' });
    started.push(wm);
    roots.push(wm.pid ?? 0);
    await new Promise((r) => setTimeout(r, 300));
    return { env, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

/** Sets the session's variables in this process (and so in every child it starts from now on). */
export function enterDesktopSession(env: DesktopEnv): void {
  Object.assign(process.env, env);
  delete process.env.NO_AT_BRIDGE;
}

const invokedDirectly = process.argv[1] !== undefined && /desktop-session\.[tj]s$/.test(process.argv[1]);
if (invokedDirectly) {
  const session = await startDesktopSession();
  for (const [k, v] of Object.entries(session.env)) console.log(`export ${k}='${v}'`);
  console.error(`# desktop session running; stop it with Ctrl-C or \`kill -INT ${process.pid}\``);
  const quit = (): void => {
    void session.stop().then(() => process.exit(0));
  };
  process.on('SIGINT', quit);
  process.on('SIGTERM', quit);
  setInterval(() => undefined, 1 << 30);
}
