/**
 * The Electron shell (src/main/shell.ts) started for a test with `electron` replaced by a recording
 * fake (tests/main/electron-fake.ts; no Electron binary runs here) and node-mac-permissions answered
 * as a test says (it is darwin-only and absent here). Real: the shell's modules, the settings file,
 * the bounds file, the autostart entry, the panel's protocol handler over built files, and the RPC to
 * the core process. Importing this module mocks both for the test file, and resets the fake before
 * each test.
 */
import { mkdtemp, mkdir, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, expect, vi } from 'vitest';
import { CONFIG_DIR_ENV } from '../../src/config/settings-path.js';
import type { FakeElectron } from './electron-fake.js';

const hoisted = vi.hoisted(() => ({ electron: undefined as FakeElectron | undefined }));
const access = vi.hoisted(() => ({ answer: 'authorized' }));
vi.mock('node-mac-permissions', () => ({ getAuthStatus: () => access.answer }));
vi.mock('electron', async () => {
  const { FakeElectron } = await import('./electron-fake.js');
  hoisted.electron = new FakeElectron();
  return hoisted.electron.module();
});

/** What node-mac-permissions answers on the macOS runs: granted unless a test says not. */
export const macAccess = access;

const { startShell } = await import('../../src/main/shell.js');
export type ShellOptions = Parameters<typeof startShell>[0];
export const fake = (): FakeElectron => {
  if (!hoisted.electron) throw new Error('electron was not mocked');
  return hoisted.electron;
};

export interface Setup {
  readonly dir: string;
  readonly settingsDir: string;
  readonly panelDir: string;
  readonly configHome: string;
}

export async function setup(settings: Record<string, unknown> = {}): Promise<Setup> {
  const dir = await mkdtemp(join(tmpdir(), 'ac-shell-'));
  const settingsDir = join(dir, 'settings');
  const panelDir = join(dir, 'panel');
  await mkdir(settingsDir);
  await mkdir(panelDir);
  await writeFile(join(settingsDir, 'settings.json'), JSON.stringify(settings));
  await writeFile(join(panelDir, 'index.html'), '<!doctype html><title>Assistive Control</title>');
  await writeFile(join(dir, 'secret.txt'), 'not for the panel');
  return { dir, settingsDir, panelDir, configHome: join(dir, 'config') };
}

/**
 * Starts the shell; on Linux a tray host runs unless `more` says otherwise. The settings folder is
 * `s.settingsDir` through ASSISTIVE_CONTROL_CONFIG_DIR unless `more.env` sets that variable itself.
 */
export function start(s: Setup, platform: NodeJS.Platform = 'darwin', more: Partial<ShellOptions> = {}) {
  const { env, ...rest } = more;
  return startShell({
    preloadPath: '/app/out/preload/panel-preload.cjs',
    panelDir: s.panelDir,
    iconDir: '/app/assets/tray',
    coreEntry: '/app/out/main/core-process.js',
    platform,
    env: { [CONFIG_DIR_ENV]: s.settingsDir, ...(env ?? { XDG_CONFIG_HOME: s.configHome }) },
    homedir: s.dir,
    log: (line) => {
      if (process.env.SHELL_TEST_LOG) console.log(line);
    },
    trayHost: async () => 'present',
    ...rest,
  });
}

export async function running(s: Setup, platform: NodeJS.Platform = 'darwin', more: Partial<ShellOptions> = {}) {
  const shell = await start(s, platform, more);
  if (!shell) throw new Error('the shell did not start');
  const window = fake().state.windows[0];
  if (!window) throw new Error('no window');
  return { shell, window };
}

/** The invoke event of a request from the panel's own main frame. */
export const panelEvent = (window: { webContents: unknown & { mainFrame: unknown } }) => ({
  sender: window.webContents,
  senderFrame: window.webContents.mainFrame,
});

export const notices = (window: { webContents: { sent: [string, unknown][] } }) =>
  window.webContents.sent.filter(([, e]) => (e as { code?: string }).code === 'shell_notice').map(([, e]) => (e as { message: string }).message);

/** Quits and waits until the app has really quit (the shell first writes the panel's bounds). */
export async function quit(): Promise<void> {
  fake().app.quit();
  await vi.waitFor(() => expect(fake().state.quit).toBe(true));
}

beforeEach(() => {
  fake().reset();
  macAccess.answer = 'authorized';
});
afterEach(() => vi.useRealTimers());
