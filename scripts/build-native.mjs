#!/usr/bin/env node
// Makes sure a working accessibility bridge (native/ax-bridge) is there. Runs on `npm install`,
// `npm ci`, `npm rebuild` and every time npx installs the package.
//
// The node-gyp-build pattern: a binary that already loads — the local build in
// native/ax-bridge/build/Release, or the prebuilt one shipped in prebuilds/<platform>-<arch>/ — is
// kept and nothing is compiled. Only when none loads is the addon compiled, and a failed compile
// never removes a binary that was there (node-gyp's rebuild deletes its build folder first: the
// binary is set aside and put back). `npm run build:native` (AC_FORCE_NATIVE_BUILD=1) always compiles.
//
// A failed build does not fail the install on a user's machine: everything but carrying out
// commands (planning, settings, the CLI's `plan`) works without the bridge, and the bridge then
// explains how to build it when it is first used. In CI (CI=true) or with AC_REQUIRE_NATIVE=1 a
// failed build fails the install, so that a broken build is never hidden.
import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const addonDir = join(root, 'native', 'ax-bridge');
const built = join(addonDir, 'build', 'Release', 'ax_bridge.node');
const prebuilt = join(root, 'prebuilds', `${process.platform}-${process.arch}`, 'ax_bridge.node');
const strict = process.env.CI === 'true' || process.env.AC_REQUIRE_NATIVE === '1';
const force = process.env.AC_FORCE_NATIVE_BUILD === '1';

function finish(ok, message) {
  if (ok) {
    console.log(`ax-bridge: ${message}`);
    process.exit(0);
  }
  console.error(`\nax-bridge: ${message}\n`);
  process.exit(strict ? 1 : 0);
}

/** Whether the binary at `path` loads in a Node process of this version (N-API: any version ≥ 20). */
function loads(path) {
  if (!existsSync(path)) return false;
  const r = spawnSync(process.execPath, ['-e', 'require(process.argv[1])', path], { stdio: 'ignore', timeout: 20_000 });
  return r.status === 0;
}

if (process.platform !== 'linux' && process.platform !== 'darwin') {
  finish(true, `not built: ${process.platform} is not supported yet (macOS and Linux are). Planning works; carrying out commands does not.`);
}

if (!force) {
  if (loads(built)) finish(true, 'the build in native/ax-bridge/build loads; nothing to compile.');
  if (loads(prebuilt)) finish(true, `the prebuilt binary for ${process.platform}-${process.arch} loads; nothing to compile.`);
}

if (process.platform === 'linux') {
  const probe = spawnSync('pkg-config', ['--exists', 'atspi-2', 'gio-unix-2.0', 'dbus-1'], { stdio: 'ignore' });
  if (probe.error || probe.status !== 0) {
    finish(
      false,
      'not built: the AT-SPI development files are missing. Run `bash scripts/setup.sh` ' +
        '(or `sudo apt-get install build-essential pkg-config libatspi2.0-dev libglib2.0-dev libx11-dev`), then `npm run build:native`.',
    );
  }
}

// npm runs install scripts with its own node-gyp on PATH and names it in npm_config_node_gyp.
function nodeGyp() {
  if (process.env.npm_config_node_gyp && existsSync(process.env.npm_config_node_gyp)) {
    return [process.execPath, process.env.npm_config_node_gyp];
  }
  const bundled = join(dirname(process.execPath), '..', 'lib', 'node_modules', 'npm', 'node_modules', 'node-gyp', 'bin', 'node-gyp.js');
  if (existsSync(bundled)) return [process.execPath, bundled];
  return ['node-gyp'];
}

// node-gyp rebuild starts by deleting build/: keep the binary there is, to put back on failure.
const spare = existsSync(built) ? join(mkdtempSync(join(tmpdir(), 'ax-bridge-')), 'ax_bridge.node') : undefined;
if (spare) copyFileSync(built, spare);
const [command, ...prefix] = nodeGyp();
const result = spawnSync(command, [...prefix, 'rebuild', '--directory', addonDir], { stdio: 'inherit', cwd: root });
const compiled = result.status === 0 && loads(built);
if (!compiled && spare) {
  mkdirSync(dirname(built), { recursive: true });
  copyFileSync(spare, built);
}
if (spare) rmSync(dirname(spare), { recursive: true, force: true });
if (compiled) finish(true, 'built.');
const hint =
  process.platform === 'darwin'
    ? 'install the Xcode command-line tools (`xcode-select --install`), then run `npm run build:native`'
    : 'run `bash scripts/setup.sh`, then `npm run build:native`';
const kept = spare ? ' The binary that was there before is kept.' : existsSync(prebuilt) ? ' The prebuilt binary stays in use where it loads.' : '';
finish(false, `the build failed (see the compiler output above): ${hint}. Until then Assistive Control can plan commands but not carry them out.${kept}`);
