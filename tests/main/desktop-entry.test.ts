// The Linux launcher and autostart entries, written by the real code into a temporary folder and
// checked by desktop-file-validate (desktop-file-utils, installed by scripts/setup.sh) and read back
// by GLib, as the desktop reads them.
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { applicationsDir, desktopEntry, installLauncher, LAUNCHER_FILE_NAME } from '../../src/main/desktop-entry.js';
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
