// The addon installs once and stays (issue #16): the package as npm packs it, installed as npx
// would (its install script run again with a clean HOME, where node-gyp cannot fetch Node's
// headers), keeps a binary that loads, and its command line plans and then performs an action.
//
// The package's dependencies come from this checkout's node_modules (a symlink), not from the
// registry: what is under test is the package's own files and install script, not npm's download.
import { execFile, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, symlinkSync, copyFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AxBridge } from '../../src/execution/accessibility/ax-bridge.js';
import { desktopSkipReason, openFixtureInFront, stopApp, until } from '../support/desktop.js';

const ROOT = resolve(import.meta.dirname, '../..');
const skip = desktopSkipReason();
if (skip) console.log(`[install] skipped: ${skip}`);
const run = promisify(execFile);
const PREBUILD = `prebuilds/${process.platform}-${process.arch}/ax_bridge.node`;

describe.skipIf(skip !== '')('the packed package, installed again and again', () => {
  let dir: string;
  let pkg: string;
  let home: string;
  let bridge: AxBridge;
  let app: ChildProcess | undefined;

  /** The environment of an install script run by npx for a new user: no node-gyp headers to be had. */
  const coldEnv = (extra: Record<string, string> = {}): NodeJS.ProcessEnv => ({
    ...process.env,
    HOME: home,
    npm_config_cache: join(home, '.npm'),
    npm_config_offline: 'true',
    npm_config_nodedir: join(home, 'no-node-headers'),
    CI: '',
    AC_REQUIRE_NATIVE: '',
    ...extra,
  });
  const installScript = (extra: Record<string, string> = {}) =>
    spawnSync(process.execPath, ['scripts/build-native.mjs'], { cwd: pkg, env: coldEnv(extra), encoding: 'utf8', timeout: 120_000 });
  const cli = (...args: string[]) => spawnSync(process.execPath, [join(pkg, 'bin', 'assistive-control.mjs'), ...args], { env: coldEnv(), encoding: 'utf8', timeout: 60_000 });
  const loads = (path: string) => spawnSync(process.execPath, ['-e', 'require(process.argv[1])', path]).status === 0;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'ac-install-'));
    home = join(dir, 'home');
    mkdirSync(home);
    // What `npm pack` runs first (prepack): the CLI bundle and the prebuilt binary.
    expect(spawnSync(process.execPath, ['scripts/build-cli.mjs'], { cwd: ROOT }).status).toBe(0);
    expect(spawnSync(process.execPath, ['scripts/prebuild.mjs'], { cwd: ROOT }).status).toBe(0);
    await run('npm', ['pack', '--ignore-scripts', '--pack-destination', dir], { cwd: ROOT, timeout: 120_000 });
    const tarball = readdirSync(dir).find((f) => f.endsWith('.tgz'));
    if (!tarball) throw new Error('npm pack wrote no tarball');
    await run('tar', ['-xzf', join(dir, tarball), '-C', dir]);
    pkg = join(dir, 'package');
    symlinkSync(join(ROOT, 'node_modules'), join(pkg, 'node_modules'), 'dir');
    bridge = AxBridge.open();
  }, 180_000);

  afterAll(async () => {
    if (app) await stopApp(app);
    rmSync(dir, { recursive: true, force: true });
  });

  it('ships the prebuilt binary and the CLI bundle, not the sources of the app', () => {
    expect(existsSync(join(pkg, PREBUILD))).toBe(true);
    expect(existsSync(join(pkg, 'out/cli/bundle/cli.mjs'))).toBe(true);
    expect(existsSync(join(pkg, 'native/ax-bridge/build'))).toBe(false);
    expect(existsSync(join(pkg, 'src'))).toBe(false);
  });

  it('installing twice compiles nothing: the prebuilt binary loads', () => {
    for (let i = 0; i < 2; i++) {
      const r = installScript();
      expect(r.status, r.stderr).toBe(0);
      expect(r.stdout).toContain('the prebuilt binary for');
      expect(existsSync(join(pkg, 'native/ax-bridge/build'))).toBe(false);
    }
  });

  it('a compile that fails (no headers, no compiler) keeps the binary that was there', () => {
    const built = join(pkg, 'native/ax-bridge/build/Release/ax_bridge.node');
    mkdirSync(join(pkg, 'native/ax-bridge/build/Release'), { recursive: true });
    copyFileSync(join(pkg, PREBUILD), built);
    const r = installScript({ AC_FORCE_NATIVE_BUILD: '1', CC: 'false', CXX: 'false' });
    expect(r.status).toBe(0); // lenient outside CI: planning still works
    expect(r.stderr).toContain('The binary that was there before is kept.');
    expect(loads(built)).toBe(true);
    // The prebuilt binary is what the next tests load.
    rmSync(join(pkg, 'native/ax-bridge/build'), { recursive: true, force: true });
  });

  it('the installed command line plans twice, then run performs an action through the prebuilt binary', async () => {
    for (let i = 0; i < 2; i++) {
      const p = cli('plan', '--json', 'click Press me');
      expect(p.status, p.stderr).toBe(0);
      expect(JSON.parse(p.stdout).intent).toMatchObject({ intent: 'click_element' });
    }
    app = await openFixtureInFront(bridge);
    const pressed = async () => {
      const label = (await bridge.snapshot({ pid: app?.pid ?? 0 })).elements.find((e) => /^Pressed \d+ times$/.test(e.name));
      return Number(label?.name.split(' ')[1]);
    };
    const before = await pressed();
    const r = cli('run', 'click Press me');
    expect(r.status, r.stderr).toBe(0);
    await until('the press to count', async () => ((await pressed()) === before + 1 ? true : undefined));
  });
});
