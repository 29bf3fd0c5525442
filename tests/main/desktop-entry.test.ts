// The Linux launcher and autostart entries, written by the real code into a temporary folder and
// checked by desktop-file-validate (desktop-file-utils, installed by scripts/setup.sh) and read back
// by GLib, as the desktop reads them.
import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, readFile, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { applicationsDir, desktopEntry, installLauncher, LAUNCHER_FILE_NAME, packagedCommand, systemDataDirs } from '../../src/main/desktop-entry.js';
import { ensureLauncher } from '../../src/main/linux-desktop.js';
import { applyLaunchAtLogin } from '../../src/main/login-item.js';
import { SYSTEM_PYTHON } from '../support/desktop.js';

const run = promisify(execFile);
const notLinux = process.platform !== 'linux';
if (notLinux)
  console.log(`[desktop-entry] desktop-file-validate and GLib checks skipped: desktop entries are written on Linux only, this is ${process.platform}.`);

/** A command with every character the Exec rules treat specially. */
const COMMAND = ['/opt/Assistive Control/electron', '/home/me/my "apps"/$HOME`x`/back\\slash/100% done'];

async function bothEntries(): Promise<{ launcher: string; autostart: string }> {
  const dir = await mkdtemp(join(tmpdir(), 'ac-desktop-entry-'));
  const launcherDir = join(dir, 'applications');
  const autostartDir = join(dir, 'autostart');
  await installLauncher(launcherDir, COMMAND);
  await applyLaunchAtLogin({ app: { setLoginItemSettings: () => undefined, isPackaged: true }, platform: 'linux', autostartDir, command: COMMAND }, true);
  return { launcher: join(launcherDir, LAUNCHER_FILE_NAME), autostart: join(autostartDir, LAUNCHER_FILE_NAME) };
}

/** The Exec line as GLib's key file and shell parser read it, then %% as GIO expands it (what GIO runs). */
async function execArgv(file: string): Promise<string[]> {
  const script =
    "import sys, json\nfrom gi.repository import GLib\nk = GLib.KeyFile()\nk.load_from_file(sys.argv[1], GLib.KeyFileFlags.NONE)\nprint(json.dumps(GLib.shell_parse_argv(k.get_string('Desktop Entry', 'Exec'))[1]))";
  const { stdout } = await run(SYSTEM_PYTHON, ['-c', script, file]);
  return (JSON.parse(stdout) as string[]).map((arg) => arg.replace(/%%/g, '%'));
}

describe.skipIf(notLinux)('desktop entries are valid (issue #16)', () => {
  it('desktop-file-validate accepts the launcher and the autostart entry, without errors or warnings', async () => {
    const { launcher, autostart } = await bothEntries();
    for (const file of [launcher, autostart]) {
      const { stdout, stderr } = await run('desktop-file-validate', [file]).catch((e: { stdout?: string; stderr?: string }) => {
        throw new Error(`desktop-file-validate refused ${file}: ${e.stdout ?? ''}${e.stderr ?? ''}`);
      });
      expect(`${stdout}${stderr}`, file).not.toMatch(/error|warning/i);
    }
  });

  it('GLib reads each Exec back as exactly the command, quotes, $, `, \\ and % included', async () => {
    const { launcher, autostart } = await bothEntries();
    expect(await execArgv(launcher)).toEqual(COMMAND);
    expect(await execArgv(autostart)).toEqual(COMMAND);
  });
});

describe('the launcher file', () => {
  it('is written when missing, kept when current, rewritten when the app moved, and a user’s own is left alone', async () => {
    const dir = join(await mkdtemp(join(tmpdir(), 'ac-launcher-')), 'applications');
    const file = join(dir, LAUNCHER_FILE_NAME);
    expect(await installLauncher(dir, ['/old/electron'])).toBe(true);
    expect((await stat(file)).mode & 0o777).toBe(0o644);
    expect(await installLauncher(dir, ['/old/electron'])).toBe(false);
    expect(await installLauncher(dir, ['/new/electron'])).toBe(true);
    expect(await readFile(file, 'utf8')).toBe(desktopEntry('launcher', ['/new/electron']));
    const own = '[Desktop Entry]\nType=Application\nName=Assistive Control\nExec=env FOO=1 /new/electron\n';
    await writeFile(file, own);
    expect(await installLauncher(dir, ['/newer/electron'])).toBe(false);
    expect(await readFile(file, 'utf8')).toBe(own);
  });

  it('says which folder it could not write', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'ac-launcher-'));
    await writeFile(join(dir, 'file'), '');
    await expect(installLauncher(join(dir, 'file', 'applications'), ['/x'])).rejects.toThrow(
      /^Assistive Control could not add itself to your applications \(.*\)\. Check that .*applications is writable; meanwhile start it as you did this time\.$/,
    );
  });

  it('lives in $XDG_DATA_HOME/applications, or ~/.local/share/applications when that is unset or relative', () => {
    expect(applicationsDir({ XDG_DATA_HOME: '/data' }, '/home/me')).toBe('/data/applications');
    expect(applicationsDir({}, '/home/me')).toBe('/home/me/.local/share/applications');
    expect(applicationsDir({ XDG_DATA_HOME: 'data' }, '/home/me')).toBe('/home/me/.local/share/applications');
  });
});

describe('where a package installed the launcher (issue #30)', () => {
  /** A user's applications folder and a system data folder, as a deb leaves them. */
  async function folders(): Promise<{ mine: string; system: string; logged: string[] }> {
    const root = await mkdtemp(join(tmpdir(), 'ac-packaged-launcher-'));
    return { mine: join(root, 'home', 'applications'), system: join(root, 'usr', 'share'), logged: [] };
  }

  it('writes no launcher of its own, and removes the one it wrote before the package came', async () => {
    const { mine, system, logged } = await folders();
    await ensureLauncher(mine, ['/tmp/old.AppImage'], [system], (line) => logged.push(line));
    expect(await readFile(join(mine, LAUNCHER_FILE_NAME), 'utf8')).toBe(desktopEntry('launcher', ['/tmp/old.AppImage']));
    await mkdir(join(system, 'applications'), { recursive: true });
    await writeFile(join(system, 'applications', LAUNCHER_FILE_NAME), '[Desktop Entry]\nType=Application\nName=Assistive Control\nExec=/opt/x\n');
    await ensureLauncher(mine, ['/opt/Assistive Control/assistive-control'], ['/nowhere', system], (line) => logged.push(line));
    await expect(stat(join(mine, LAUNCHER_FILE_NAME))).rejects.toThrow(/ENOENT/);
    expect(logged).toEqual([
      'Assistive Control added itself to your applications.',
      `Assistive Control removed its own launcher: the installed package's (${join(system, 'applications', LAUNCHER_FILE_NAME)}) is used.`,
    ]);
  });

  it('leaves a launcher the user wrote alone', async () => {
    const { mine, system } = await folders();
    await mkdir(join(system, 'applications'), { recursive: true });
    await writeFile(join(system, 'applications', LAUNCHER_FILE_NAME), '[Desktop Entry]\n');
    await mkdir(mine, { recursive: true });
    const own = '[Desktop Entry]\nType=Application\nName=Assistive Control\nExec=env FOO=1 /opt/x\n';
    await writeFile(join(mine, LAUNCHER_FILE_NAME), own);
    await ensureLauncher(mine, ['/opt/x'], [system], () => undefined);
    expect(await readFile(join(mine, LAUNCHER_FILE_NAME), 'utf8')).toBe(own);
  });

  it('looks in $XDG_DATA_DIRS, or /usr/local/share and /usr/share when it is unset or holds no absolute folder', () => {
    expect(systemDataDirs({ XDG_DATA_DIRS: '/a:relative:/b' })).toEqual(['/a', '/b']);
    expect(systemDataDirs({})).toEqual(['/usr/local/share', '/usr/share']);
    expect(systemDataDirs({ XDG_DATA_DIRS: 'x:y' })).toEqual(['/usr/local/share', '/usr/share']);
  });
});

describe('the command the desktop starts a package by', () => {
  it('is the AppImage file itself, not the executable inside its mount, so the launcher and autostart outlive the app', () => {
    expect(packagedCommand('/tmp/.mount_AssistXyz/assistive-control', { APPIMAGE: '/home/me/Apps/Assistive Control.AppImage' })).toEqual([
      '/home/me/Apps/Assistive Control.AppImage',
    ]);
  });

  it('follows the AppImage when it moves (the entries are rewritten from it at the next start)', async () => {
    const dir = join(await mkdtemp(join(tmpdir(), 'ac-appimage-')), 'applications');
    expect(await installLauncher(dir, packagedCommand('/tmp/.mount_a/x', { APPIMAGE: '/home/me/a.AppImage' }))).toBe(true);
    expect(await installLauncher(dir, packagedCommand('/tmp/.mount_b/x', { APPIMAGE: '/home/me/Apps/a.AppImage' }))).toBe(true);
    expect(await readFile(join(dir, LAUNCHER_FILE_NAME), 'utf8')).toContain('Exec="/home/me/Apps/a.AppImage"');
  });

  it('is the executable for a deb, or where $APPIMAGE is not an absolute path', () => {
    expect(packagedCommand('/opt/Assistive Control/assistive-control', {})).toEqual(['/opt/Assistive Control/assistive-control']);
    expect(packagedCommand('/opt/x/assistive-control', { APPIMAGE: 'a.AppImage' })).toEqual(['/opt/x/assistive-control']);
  });
});
