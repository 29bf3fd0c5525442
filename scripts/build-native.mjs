#!/usr/bin/env node
// Builds the accessibility bridge (native/ax-bridge) with node-gyp. Runs on `npm install` / `npm ci`.
//
// A failed build does not fail the install on a user's machine: everything but carrying out
// commands (planning, settings, the CLI's `plan`) works without the bridge, and the bridge then
// explains how to build it when it is first used. In CI (CI=true) or with AC_REQUIRE_NATIVE=1 a
// failed build fails the install, so that a broken build is never hidden.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const addonDir = join(root, 'native', 'ax-bridge');
const strict = process.env.CI === 'true' || process.env.AC_REQUIRE_NATIVE === '1';

function finish(ok, message) {
  if (ok) {
    console.log(`ax-bridge: ${message}`);
    process.exit(0);
  }
  console.error(`\nax-bridge: ${message}\n`);
  process.exit(strict ? 1 : 0);
}

if (process.platform !== 'linux' && process.platform !== 'darwin') {
  finish(true, `not built: ${process.platform} is not supported yet (macOS and Linux are). Planning works; carrying out commands does not.`);
}

if (process.platform === 'linux') {
  const probe = spawnSync('pkg-config', ['--exists', 'atspi-2', 'gio-unix-2.0', 'dbus-1'], { stdio: 'ignore' });
  if (probe.error || probe.status !== 0) {
    finish(
      false,
      'not built: the AT-SPI development files are missing. Run `bash scripts/setup.sh` ' +
        '(or `sudo apt-get install build-essential pkg-config libatspi2.0-dev libglib2.0-dev`), then `npm run build:native`.',
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

const [command, ...prefix] = nodeGyp();
const result = spawnSync(command, [...prefix, 'rebuild', '--directory', addonDir], { stdio: 'inherit', cwd: root });
if (result.status === 0) finish(true, 'built.');
const hint =
  process.platform === 'darwin'
    ? 'install the Xcode command-line tools (`xcode-select --install`), then run `npm run build:native`'
    : 'run `bash scripts/setup.sh`, then `npm run build:native`';
finish(false, `the build failed (see the compiler output above): ${hint}. Until then Assistive Control can plan commands but not carry them out.`);
