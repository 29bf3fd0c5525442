/**
 * Firefox for the desktop tests: whether it is installed, and a fresh, quiet profile (no first-run
 * pages, no update or telemetry notices, no default-browser question) with the shop page open.
 */
import { spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'vitest';
import { alive, descendants } from '../../scripts/desktop-session.js';
import { startApp, stopApps, until } from '../support/desktop.js';
import { startShopServer, type ShopServer } from './shop-pages.js';

export const hasFirefox = (): boolean => spawnSync('sh', ['-c', 'command -v firefox-esr'], { encoding: 'utf8' }).status === 0;

const PREFS = [
  ['browser.aboutwelcome.enabled', false],
  ['browser.shell.checkDefaultBrowser', false],
  ['browser.startup.homepage_override.mstone', '"ignore"'],
  ['startup.homepage_welcome_url', '""'],
  ['startup.homepage_welcome_url.additional', '""'],
  ['datareporting.policy.dataSubmissionEnabled', false],
  ['toolkit.telemetry.reportingpolicy.firstRun', false],
  ['app.update.auto', false],
  ['browser.sessionstore.resume_from_crash', false],
  ['browser.tabs.warnOnClose', false],
]
  .map(([k, v]) => `user_pref("${String(k)}", ${String(v)});`)
  .join('\n');

export interface StartedFirefox {
  readonly child: ChildProcess;
  readonly pid: number;
  /** Quits Firefox, removes the profile, and returns the pids of its processes still running after 15 s (killed). */
  stop(): Promise<number[]>;
}

/** Starts Firefox with a new profile on `url`. */
export function startFirefox(url: string): StartedFirefox {
  if (!hasFirefox()) throw new Error('Firefox is not installed: run `bash scripts/setup.sh` (it installs firefox-esr).');
  const profile = mkdtempSync(join(tmpdir(), 'ac-firefox-'));
  writeFileSync(join(profile, 'user.js'), `${PREFS}\n`);
  // Firefox exposes its tree only when it believes an assistive technology runs (this worker's apps only).
  process.env.GNOME_ACCESSIBILITY = '1';
  const child = startApp('firefox-esr', ['--profile', profile, '--no-remote', '--new-instance', url]);
  const pid = child.pid ?? 0;
  return {
    child,
    pid,
    stop: async () => {
      const tree = pid ? [pid, ...descendants(pid)] : [];
      await stopApps();
      // Firefox's content processes end with it; whatever is left after 15 s is killed and reported.
      const left = await until('Firefox and its processes to end', async () => (tree.some(alive) ? undefined : []), 15_000).catch(() => tree.filter(alive));
      for (const p of left) process.kill(p, 'SIGKILL');
      rmSync(profile, { recursive: true, force: true });
      return left;
    },
  };
}

export interface FirefoxOnShop {
  readonly server: ShopServer;
  readonly firefox: StartedFirefox;
  /** Quits Firefox and the server, and fails when a Firefox process is still running after it was asked to quit. */
  close(): Promise<void>;
}

/** The shop server, and Firefox with a new profile on its page `path` ("/shop?links=first"). */
export async function firefoxOnShop(path: string): Promise<FirefoxOnShop> {
  const server = await startShopServer();
  let firefox: StartedFirefox;
  try {
    firefox = startFirefox(`${server.url}${path}`);
  } catch (e) {
    await server.close();
    throw e;
  }
  return {
    server,
    firefox,
    async close() {
      const left = await firefox.stop();
      await server.close();
      expect(left, 'Firefox processes still running after it was asked to quit').toEqual([]);
    },
  };
}
