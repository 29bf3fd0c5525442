// scripts/setup.sh picks the system packages by the system /etc/os-release names (issue #30 item 1):
// the names of Debian 12 and 13 and Ubuntu 22.04 and 24.04 from scripts/system-packages.txt, only
// what the assistant needs to run unless --test, Node.js and npm only where there are none, and a
// package the system has no candidate for said in a sentence while the run goes on. The script runs
// for real, with os-release files written here (AC_OS_RELEASE); the package lists asked are this
// machine's own.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '../..');
const SETUP = join(ROOT, 'scripts/setup.sh');
const dir = mkdtempSync(join(tmpdir(), 'ac-setup-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const SYSTEMS = {
  'Debian 12': 'PRETTY_NAME="Debian GNU/Linux 12 (bookworm)"\nID=debian\nVERSION_ID="12"\n',
  'Debian 13': 'PRETTY_NAME="Debian GNU/Linux 13 (trixie)"\nID=debian\nVERSION_ID="13"\n',
  'Ubuntu 22.04': 'PRETTY_NAME="Ubuntu 22.04.5 LTS"\nID=ubuntu\nID_LIKE=debian\nVERSION_ID="22.04"\n',
  'Ubuntu 24.04': 'PRETTY_NAME="Ubuntu 24.04.1 LTS"\nID=ubuntu\nID_LIKE=debian\nVERSION_ID="24.04"\n',
  'Linux Mint 22': 'PRETTY_NAME="Linux Mint 22"\nID=linuxmint\nID_LIKE="ubuntu debian"\nVERSION_ID="22"\n',
  'Fedora 41': 'PRETTY_NAME="Fedora Linux 41"\nID=fedora\nVERSION_ID=41\n',
} as const;
type System = keyof typeof SYSTEMS;

function osRelease(system: System): string {
  const file = join(dir, `${system.replace(/\W/g, '-')}.os-release`);
  if (!existsSync(file)) writeFileSync(file, SYSTEMS[system]);
  return file;
}

function setup(system: System, args: readonly string[], env: NodeJS.ProcessEnv = process.env) {
  return spawnSync('bash', [SETUP, ...args], { encoding: 'utf8', env: { ...env, AC_OS_RELEASE: osRelease(system) } });
}

function names(system: System, args: readonly string[], env?: NodeJS.ProcessEnv): string[] {
  const r = setup(system, ['--print', ...args], env);
  expect(r.status, r.stderr).toBe(0);
  return r.stdout.split('\n').filter((line) => line && !line.startsWith('setup:'));
}

describe.skipIf(process.platform !== 'linux')('the system packages, by system', () => {
  if (process.platform !== 'linux') console.log('setup.sh installs packages on Linux only: skipped on', process.platform);

  it('the table has a name or "-" for every system, and what the package is for', () => {
    const rows = readFileSync(join(ROOT, 'scripts/system-packages.txt'), 'utf8')
      .split('\n')
      .filter((line) => line && !line.startsWith('#'));
    expect(rows.length).toBeGreaterThan(30);
    for (const row of rows) {
      const [columns = '', purpose] = row.split('|');
      expect(columns.trim().split(/\s+/), row).toHaveLength(5);
      expect(columns.trim().split(/\s+/)[0], row).toMatch(/^(node|run|test)$/);
      expect(purpose?.trim().length, row).toBeGreaterThan(5);
    }
  });

  it('Debian 12: Chromium, Firefox ESR and clang-format 14 by their Debian names', () => {
    const list = names('Debian 12', ['--test']);
    expect(list).toEqual(expect.arrayContaining(['chromium', 'firefox-esr', 'clang-format-14', 'libgtk-3-0', 'libatk-bridge2.0-0', 'xvfb']));
    expect(list).not.toContain('chromium-browser');
  });

  it('Debian 13: the 64-bit time libraries (t64), and no clang-format 14', () => {
    const list = names('Debian 13', ['--test']);
    expect(list).toEqual(expect.arrayContaining(['chromium', 'firefox-esr', 'libgtk-3-0t64', 'libatk-bridge2.0-0t64']));
    expect(list).not.toContain('libgtk-3-0');
    expect(list.some((name) => name.startsWith('clang-format'))).toBe(false);
  });

  it("Ubuntu 22.04: chromium-browser and firefox (Ubuntu's names), the libraries without t64", () => {
    const list = names('Ubuntu 22.04', ['--test']);
    expect(list).toEqual(expect.arrayContaining(['chromium-browser', 'firefox', 'libgtk-3-0', 'libatk-bridge2.0-0', 'clang-format-14']));
    expect(list).not.toContain('firefox-esr');
    expect(list).not.toContain('chromium');
  });

  it('Ubuntu 24.04: chromium-browser and firefox, the t64 libraries', () => {
    const list = names('Ubuntu 24.04', ['--test']);
    expect(list).toEqual(expect.arrayContaining(['chromium-browser', 'firefox', 'libgtk-3-0t64', 'libatk-bridge2.0-0t64', 'clang-format-14']));
    expect(list).not.toContain('firefox-esr');
  });

  it('without --test only what the assistant needs to run: the bridge build, AT-SPI, speech, Electrons libraries', () => {
    const list = names('Ubuntu 24.04', []);
    expect(list).toEqual(expect.arrayContaining(['build-essential', 'libatspi2.0-dev', 'at-spi2-core', 'espeak-ng', 'libxtst6', 'libgtk-3-0t64']));
    for (const test of ['xvfb', 'chromium-browser', 'firefox', 'libreoffice-calc', 'gedit', 'clang-format-14', 'openbox']) expect(list).not.toContain(test);
  });

  it('a system like Ubuntu takes Ubuntu 24.04 names and says so; one like neither stops with a sentence', () => {
    const mint = setup('Linux Mint 22', ['--print', '--test']);
    expect(mint.status).toBe(0);
    expect(mint.stdout).toContain(
      'setup: Linux Mint 22 is not one of the systems this is tested on (Debian 12 and 13, Ubuntu 22.04 and 24.04); using the package names of Ubuntu 24.04.',
    );
    expect(mint.stdout).toContain('chromium-browser\n');
    const fedora = setup('Fedora 41', ['--print']);
    expect(fedora.status).toBe(1);
    expect(fedora.stderr).toBe('setup: Fedora Linux 41 is not Debian or Ubuntu: install the equivalents of the packages in scripts/system-packages.txt.\n');
  });

  it('Node.js and npm only where there are no node and npm commands', () => {
    // A PATH with the few commands --print uses, and no node or npm.
    const bin = join(dir, 'bin-without-node');
    mkdirSync(bin, { recursive: true });
    for (const tool of ['dirname', 'uname']) {
      const found = spawnSync('bash', ['-c', `command -v ${tool}`], { encoding: 'utf8' }).stdout.trim();
      if (!existsSync(join(bin, tool))) symlinkSync(found, join(bin, tool));
    }
    const bash = spawnSync('bash', ['-c', 'command -v bash'], { encoding: 'utf8' }).stdout.trim();
    const r = spawnSync(bash, [SETUP, '--print'], { encoding: 'utf8', env: { PATH: bin, AC_OS_RELEASE: osRelease('Debian 12') } });
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout.split('\n').slice(0, 2)).toEqual(['nodejs', 'npm']);
    // This machine has both (the suite runs on Node): neither is asked for.
    expect(names('Debian 12', [])).not.toContain('nodejs');
    expect(names('Debian 12', [])).not.toContain('npm');
  });

  it('an unknown option is refused in a sentence', () => {
    const r = setup('Debian 12', ['--everything']);
    expect(r.status).toBe(2);
    expect(r.stderr).toBe('setup: unknown option --everything. Use --test, --print or --dry-run.\n');
  });
});

const hasApt = process.platform === 'linux' && spawnSync('bash', ['-c', 'command -v dpkg-query && command -v apt-cache']).status === 0;

// apt-cache reads the whole package lists: seconds, or tens of them on a loaded machine.
describe.skipIf(!hasApt)("what this system's package lists lack is said, and the rest goes on", { timeout: 120_000 }, () => {
  if (!hasApt) console.log('no dpkg-query or apt-cache here (not Debian or Ubuntu): the package list checks are skipped');

  it("Ubuntu 24.04's names asked of Debian 12's lists: each one it lacks in a sentence, exit 0", () => {
    // Nothing is installed (--dry-run). Debian 12 has no chromium-browser, firefox or t64 libraries.
    const r = setup('Ubuntu 24.04', ['--test', '--dry-run']);
    expect(r.status, r.stderr).toBe(0);
    for (const [name, purpose] of [
      ['chromium-browser', "Chromium, which the panel's tests run in"],
      ['libgtk-3-0t64', "GTK 3, which the panel's Electron needs"],
    ]) {
      expect(r.stderr).toContain(`setup: Ubuntu 24.04.1 LTS has no package ${name} (${purpose}); install it another way, or go on without it.\n`);
    }
    for (const line of r.stderr.trim().split('\n'))
      expect(line).toMatch(/^setup: Ubuntu 24\.04\.1 LTS has no package \S+ \(.+\); install it another way, or go on without it\.$/);
  });

  it('a package the table says a system has none of is said too (Debian 13, clang-format 14)', () => {
    const r = setup('Debian 13', ['--test', '--dry-run']);
    expect(r.status, r.stderr).toBe(0);
    expect(r.stderr).toContain(
      "setup: Debian GNU/Linux 13 (trixie) has no package of clang-format 14, which checks the bridge's source format; install it another way, or go on without it.\n",
    );
  });
});
