// The packages built for real (issue #30 item 4): `npm run dist` (scripts/dist.mjs) on a copy of
// the project, with a stand-in for Electron's binary (packaging/electron-stand-in.mjs: nothing here
// can download Electron's), makes the deb and the AppImage in one run. The deb is installed with
// dpkg: its files, /usr/bin/assistive-control --version and doctor --json, every desktop entry, the
// fuses the afterPack hook flipped, and a clean removal. The AppImage, whose runtime electron-builder
// downloads from GitHub, gets Debian's squashfs tools and a stand-in runtime
// (packaging/appimage-stand-in.mjs) unless APPIMAGE_TOOLS_PATH names the real tools; it is extracted
// with --appimage-extract and its desktop entry and command line checked.
//
// The copy is private (the checkout's out/ is rebuilt by other tests while this one runs); its
// node_modules are hard links to the checkout's. dpkg installs system-wide: the deb part needs root,
// refuses to touch an assistive-control package it did not install, and purges its own at the end.
import { execFile, execFileSync, spawnSync } from 'node:child_process';
import { cpSync, existsSync, lstatSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// @ts-expect-error -- plain JavaScript run by node, without types
import { STAND_IN_SAYS } from '../../packaging/electron-stand-in.mjs';

const run = promisify(execFile);
const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const PACKAGE = 'assistive-control';
const APP_DIR = '/opt/Assistive Control';
const CLI = '/usr/bin/assistive-control';

/** Why the deb cannot be built and installed here, or undefined when it can. */
function debBlocked(): string | undefined {
  if (process.platform !== 'linux') return `debs are built and installed on Linux, this is ${process.platform}`;
  if (spawnSync('dpkg-deb', ['--version']).status !== 0) return 'this Linux has no dpkg-deb (not Debian or Ubuntu)';
  if (process.getuid?.() !== 0) return 'dpkg -i needs root, and this test runs as another user';
  if (spawnSync('dpkg-query', ['-W', '-f=${Status}', PACKAGE], { encoding: 'utf8' }).stdout.includes('installed'))
    return `a package named ${PACKAGE} is installed on this machine, and the test will not replace it`;
  return undefined;
}

/** Why the AppImage cannot be built here, or undefined when it can. */
function appImageBlocked(): string | undefined {
  if (process.platform !== 'linux') return `AppImages are built on Linux, this is ${process.platform}`;
  if (process.env.APPIMAGE_TOOLS_PATH) return undefined;
  const missing = ['mksquashfs', 'unsquashfs', 'desktop-file-validate'].filter((tool) => spawnSync('sh', ['-c', `command -v ${tool}`]).status !== 0);
  return missing.length > 0 ? `${missing.join(', ')} not installed (squashfs-tools and desktop-file-utils: bash scripts/setup.sh --test)` : undefined;
}

const debSkip = debBlocked();
const imageSkip = appImageBlocked();
if (debSkip) console.log(`[packages] the deb test is skipped: ${debSkip}.`);
if (imageSkip) console.log(`[packages] the AppImage test is skipped: ${imageSkip}.`);
const TARGETS = [...(debSkip ? [] : ['deb']), ...(imageSkip ? [] : ['AppImage'])];

/** What the packages are made from: the project's sources and build scripts, its built addon, and hard links to its node_modules. */
const STAGED = ['package.json', 'package-lock.json', 'electron-builder.config.cjs', 'tsconfig.base.json', 'tsconfig.node.json', 'tsconfig.panel.json', 'src', 'scripts', 'bin', 'packaging', 'assets', 'prebuilds'];
const ADDON = 'native/ax-bridge/build/Release/ax_bridge.node';

function stageProject(dir: string): void {
  for (const entry of STAGED) if (existsSync(join(ROOT, entry))) cpSync(join(ROOT, entry), join(dir, entry), { recursive: true });
  mkdirSync(join(dir, 'native/ax-bridge/build/Release'), { recursive: true });
  cpSync(join(ROOT, ADDON), join(dir, ADDON));
  // Hard links: electron-builder finds every dependency (through a symbolic link it finds only the
  // top ones); a copy where the temporary folder is on another file system.
  const linked = spawnSync('cp', ['-al', join(ROOT, 'node_modules'), join(dir, 'node_modules')]);
  if (linked.status !== 0) {
    rmSync(join(dir, 'node_modules'), { recursive: true, force: true });
    execFileSync('cp', ['-a', join(ROOT, 'node_modules'), join(dir, 'node_modules')]);
  }
}

/** Runs `npm run dist`'s script in `project` with this test's Node, the stand-ins and fast compression. */
function dist(project: string, output: string, targets: string[]): void {
  const standIns = ['--electron-stand-in', ...(targets.includes('AppImage') && !process.env.APPIMAGE_TOOLS_PATH ? ['--appimage-stand-in'] : [])];
  const result = spawnSync(process.execPath, ['scripts/dist.mjs', ...standIns, '--output', output, '--linux', ...targets, '-c.deb.compression=gz'], {
    cwd: project,
    env: { ...process.env, AC_DEB_COMPRESSION_LEVEL: '1' },
    encoding: 'utf8',
  });
  if (result.status !== 0) throw new Error(`npm run dist failed (${result.status}):\n${result.stdout.slice(-3000)}\n${result.stderr.slice(-3000)}`);
}

/** The command line's answer, run as a user would, with a settings folder of its own and no desktop session. */
function cliEnv(home: string): NodeJS.ProcessEnv {
  return { PATH: process.env.PATH, HOME: home, ASSISTIVE_CONTROL_CONFIG_DIR: join(home, 'config'), LANG: 'C.UTF-8' };
}

/** Whether anything, a dangling link included, is at `path`. */
function present(path: string): boolean {
  try {
    lstatSync(path);
    return true;
  } catch {
    return false;
  }
}

function dpkgInstalled(): boolean {
  return spawnSync('dpkg-query', ['-W', '-f=${Status}', PACKAGE], { encoding: 'utf8' }).stdout.startsWith('install ok installed');
}

let work = '';
/** The built packages' files. */
const built = { deb: '', appImage: '' };

beforeAll(() => {
  if (TARGETS.length === 0) return;
  work = mkdtempSync(join(tmpdir(), 'ac-packages-'));
  const project = join(work, 'project');
  stageProject(project);
  dist(project, join(work, 'dist'), TARGETS);
  const made = readdirSync(join(work, 'dist'));
  built.deb = join(work, 'dist', made.find((f) => f.endsWith('.deb')) ?? 'no .deb was made');
  built.appImage = join(work, 'dist', made.find((f) => f.endsWith('.AppImage')) ?? 'no .AppImage was made');
}, 600_000);

afterAll(() => {
  // Whatever failed, the machine is left without the package this test installed.
  if (work && !debSkip && spawnSync('dpkg-query', ['-W', PACKAGE]).status === 0) spawnSync('dpkg', ['--purge', PACKAGE]);
  if (work) rmSync(work, { recursive: true, force: true });
}, 120_000);

/** The version the packages carry (the project's). */
async function projectVersion(): Promise<string> {
  return ((await import(join(ROOT, 'package.json'), { with: { type: 'json' } })).default as { version: string }).version;
}

/** doctor --json as the copy of the project the packages were made from reports it. */
async function projectDoctor(env: NodeJS.ProcessEnv): Promise<unknown> {
  const result = await run(process.execPath, [join(work, 'project/bin/assistive-control.mjs'), 'doctor', '--json'], { env }).catch((e: { stdout: string }) => e);
  return JSON.parse(result.stdout);
}

describe.skipIf(debSkip !== undefined)('the deb', () => {
  it('declares what the app needs at run time: AT-SPI, xdg-utils, and speech-dispatcher or espeak-ng', () => {
    const field = (name: string): string => execFileSync('dpkg-deb', ['--field', built.deb, name], { encoding: 'utf8' }).trim();
    expect(field('Package')).toBe(PACKAGE);
    expect(field('Depends').split(', ')).toEqual(expect.arrayContaining(['at-spi2-core', 'libatspi2.0-0', 'xdg-utils', 'libxtst6']));
    expect(field('Recommends')).toBe('speech-dispatcher | espeak-ng');
  });

  it('installs with dpkg -i: the app in /opt, its command line as /usr/bin/assistive-control, its launcher and icons', () => {
    execFileSync('dpkg', ['-i', built.deb], { stdio: 'pipe' });
    expect(dpkgInstalled()).toBe(true);
    for (const file of [`${APP_DIR}/assistive-control`, `${APP_DIR}/bin/assistive-control`]) expect(statSync(file).mode & 0o111, file).toBe(0o111);
    for (const file of [
      `${APP_DIR}/resources/app.asar`,
      `${APP_DIR}/resources/app.asar.unpacked/bin/assistive-control.mjs`,
      `${APP_DIR}/resources/app.asar.unpacked/out/cli/bundle/cli.mjs`,
      `${APP_DIR}/resources/app.asar.unpacked/${ADDON}`,
      '/usr/share/applications/assistive-control.desktop',
      '/usr/share/icons/hicolor/256x256/apps/assistive-control.png',
    ])
      expect(existsSync(file), file).toBe(true);
    // The command line, not the app (the app is the launcher's).
    expect(execFileSync('readlink', ['-f', CLI], { encoding: 'utf8' }).trim()).toBe(`${APP_DIR}/bin/assistive-control`);
  });

  it('/usr/bin/assistive-control --version prints the package version', async () => {
    const { stdout } = await run(CLI, ['--version'], { env: cliEnv(work) });
    expect(stdout.trim()).toBe(await projectVersion());
  });

  it('doctor --json from the package reports what the project’s own command line reports (the addon and keychain load from the package)', async () => {
    const env = cliEnv(work);
    const fromPackage = await run(CLI, ['doctor', '--json'], { env }).catch((e: { stdout: string }) => e);
    const report = JSON.parse(fromPackage.stdout) as { checks: { id: string; detail: string }[] };
    expect(report.checks.map((c) => c.id)).toEqual(expect.arrayContaining(['accessibility', 'input', 'provider']));
    expect(JSON.stringify(report)).not.toMatch(/Cannot find (module|package)|ERR_MODULE_NOT_FOUND/);
    expect(report).toEqual(await projectDoctor(env));
  });

  it('every desktop entry in the package passes desktop-file-validate', () => {
    const entries = execFileSync('dpkg', ['-L', PACKAGE], { encoding: 'utf8' })
      .split('\n')
      .filter((f) => f.endsWith('.desktop'));
    expect(entries).toEqual(['/usr/share/applications/assistive-control.desktop']);
    for (const entry of entries) expect(spawnSync('desktop-file-validate', [entry], { encoding: 'utf8' }).stdout, entry).toBe('');
  });

  it('the app’s executable has its fuses flipped: RunAsNode on for the command line, the app only from its checked app.asar', async () => {
    const { getCurrentFuseWire, FuseV1Options } = await import('@electron/fuses');
    const wire = await getCurrentFuseWire(`${APP_DIR}/assistive-control`);
    const on = (fuse: number): boolean => (wire as unknown as Record<number, number>)[fuse] === '1'.charCodeAt(0);
    expect(on(FuseV1Options.RunAsNode)).toBe(true);
    expect(on(FuseV1Options.OnlyLoadAppFromAsar)).toBe(true);
    expect(on(FuseV1Options.EnableEmbeddedAsarIntegrityValidation)).toBe(true);
    expect(on(FuseV1Options.EnableNodeOptionsEnvironmentVariable)).toBe(false);
    expect(on(FuseV1Options.EnableNodeCliInspectArguments)).toBe(false);
  });

  it('assistive-control app starts the app’s executable (here the stand-in, which says it cannot)', () => {
    const result = spawnSync(CLI, ['app'], { env: cliEnv(work), encoding: 'utf8' });
    expect(result.stderr).toContain(STAND_IN_SAYS as string);
  });

  it('dpkg -r removes it cleanly: the command line, the app folder, the launcher and the alternative go', () => {
    execFileSync('dpkg', ['-r', PACKAGE], { stdio: 'pipe' });
    execFileSync('dpkg', ['--purge', PACKAGE], { stdio: 'pipe' });
    expect(spawnSync('dpkg-query', ['-W', PACKAGE]).status).not.toBe(0);
    for (const gone of [CLI, APP_DIR, '/usr/share/applications/assistive-control.desktop', '/etc/alternatives/assistive-control']) expect(present(gone), gone).toBe(false);
    expect(spawnSync('update-alternatives', ['--query', PACKAGE]).status).not.toBe(0);
  });
});

describe.skipIf(imageSkip !== undefined)('the AppImage', () => {
  let root = '';

  beforeAll(() => {
    execFileSync(built.appImage, ['--appimage-extract'], { cwd: work, stdio: 'ignore' });
    root = join(work, 'squashfs-root');
  }, 120_000);

  it('extracts to one desktop entry, which desktop-file-validate accepts, AppRun and the icon', () => {
    const entries = readdirSync(root).filter((f) => f.endsWith('.desktop'));
    expect(entries).toEqual(['assistive-control.desktop']);
    expect(spawnSync('desktop-file-validate', [join(root, 'assistive-control.desktop')], { encoding: 'utf8' }).stdout).toBe('');
    expect(statSync(join(root, 'AppRun')).mode & 0o111).toBe(0o111);
    expect(existsSync(join(root, 'assistive-control.png'))).toBe(true);
  });

  it('carries the command line outside app.asar, and it runs on the image’s executable as Node (--version, doctor --json)', async () => {
    const env = { ...cliEnv(work), ELECTRON_RUN_AS_NODE: '1' };
    const starter = join(root, 'resources/app.asar.unpacked/bin/assistive-control.mjs');
    const { stdout } = await run(join(root, 'assistive-control'), [starter, '--version'], { env });
    expect(stdout.trim()).toBe(await projectVersion());
    const doctor = await run(join(root, 'assistive-control'), [starter, 'doctor', '--json'], { env }).catch((e: { stdout: string }) => e);
    expect(JSON.parse(doctor.stdout)).toEqual(await projectDoctor(cliEnv(work)));
  });

  it('AppImage --cli --version reaches the app’s executable with those arguments (main.cjs takes it from there: tests/main/packaged-cli.test.ts)', () => {
    const result = spawnSync(built.appImage, ['--cli', '--version'], { env: cliEnv(work), encoding: 'utf8' });
    expect(result.stderr).toContain(STAND_IN_SAYS as string);
    expect(result.stderr).toMatch(/\(started with: (.* )?--cli --version\)/);
  });
});
