/**
 * LibreOffice on the private desktop, for the app tests and the benchmark (no vitest here).
 *
 * Each start gets its own profile (`-env:UserInstallation`), so no first-start wizard or recovery
 * dialog shows and the processes it leaves (oosplash, soffice.bin) can be found by that folder in
 * their command line and stopped by pid, never by name.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AxBridge } from '../../src/execution/accessibility/ax-bridge.js';
import type { AxSnapshot } from '../../src/execution/accessibility/types.js';

export type LibreOfficeModule = 'writer' | 'calc';

export interface LibreOfficeApp {
  /** The process that shows the document (soffice.bin), found on the accessibility bus. */
  readonly pid: number;
  readonly profile: string;
  /** Ends every process started with this profile, by pid, and removes the profile. */
  stop(): Promise<void>;
}

const FACTORY: Record<LibreOfficeModule, string> = { writer: 'private:factory/swriter', calc: 'private:factory/scalc' };

/** Resident memory of a process in MB, from /proc. */
export function rssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 'NaN');
  return kb / 1024;
}

/** Pids of the processes whose command line contains `text` (here: a profile folder). */
export function pidsWithArgument(text: string): number[] {
  const pids: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (readFileSync(`/proc/${entry}/cmdline`, 'utf8').includes(text)) pids.push(Number(entry));
    } catch {
      // gone meanwhile, or not ours to read
    }
  }
  return pids.filter((p) => p !== process.pid);
}

/**
 * Starts Writer or Calc with a fresh profile and the GTK 3 front end (the one that speaks AT-SPI),
 * and waits up to `timeoutMs` for the process whose tree holds the document (`isReady`).
 */
export async function startLibreOffice(
  bridge: AxBridge,
  module: LibreOfficeModule,
  isReady: (s: AxSnapshot) => boolean,
  timeoutMs = 150_000,
): Promise<LibreOfficeApp> {
  const profile = mkdtempSync(join(tmpdir(), `ac-${module}-`));
  const child: ChildProcess = spawn(
    'soffice',
    [`-env:UserInstallation=file://${profile}`, `--${module}`, '--norestore', '--nologo', '--nodefault', '--nofirststartwizard', FACTORY[module]],
    { stdio: 'ignore', env: { ...process.env, SAL_USE_VCLPLUGIN: 'gtk3' } },
  );
  child.on('error', () => undefined);
  const stop = async (): Promise<void> => {
    const pids = pidsWithArgument(profile);
    for (const pid of pids) {
      try {
        process.kill(pid, 'SIGTERM');
      } catch {
        // already gone
      }
    }
    const end = Date.now() + 5000;
    while (pidsWithArgument(profile).length > 0 && Date.now() < end) await new Promise((r) => setTimeout(r, 100));
    for (const pid of pidsWithArgument(profile)) {
      try {
        process.kill(pid, 'SIGKILL');
      } catch {
        // already gone
      }
    }
    rmSync(profile, { recursive: true, force: true });
  };
  const end = Date.now() + timeoutMs;
  try {
    for (;;) {
      // LibreOffice may put a launcher on the bus before the process that shows the document.
      const candidates = new Set(pidsWithArgument(profile));
      for (const app of await bridge.runningApps()) {
        if (!candidates.has(app.pid)) continue;
        const s = await bridge.snapshot({ pid: app.pid, deadlineMs: 3000 }).catch(() => undefined);
        if (s !== undefined && isReady(s)) return { pid: app.pid, profile, stop };
      }
      if (Date.now() > end) throw new Error(`LibreOffice ${module} did not show its document within ${timeoutMs / 1000} s`);
      await new Promise((r) => setTimeout(r, 250));
    }
  } catch (e) {
    await stop();
    throw e;
  }
}
