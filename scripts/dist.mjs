#!/usr/bin/env node
// `npm run dist [-- OPTIONS] [ELECTRON-BUILDER ARGUMENTS]`: builds the app (npm run build), then
// packages it with electron-builder (electron-builder.config.cjs): a deb and an AppImage on Linux,
// a dmg on macOS, unless the arguments name targets (e.g. `--linux deb`).
//   --no-build            package out/ as it is
//   --electron-stand-in   package with a stand-in for Electron's binary (packaging/electron-stand-in.mjs)
//                         where Electron's own is not installed: the packages' command line works, the app does not
//   --appimage-stand-in   build the AppImage with Debian's squashfs tools and a stand-in runtime
//                         (packaging/appimage-stand-in.mjs) where electron-builder cannot download its own
//   --output DIR          where the packages go (default dist/)
// What the environment decides, each said in a line when it is missing:
//   AC_PACKAGE_HOMEPAGE, AC_PACKAGE_MAINTAINER ("Name <email>")   the deb's Homepage and Maintainer
//   CSC_LINK / CSC_NAME                                        the Developer ID the dmg is signed with (else ad-hoc)
//   APPLE_API_KEY, APPLE_API_KEY_ID, APPLE_API_ISSUER (or APPLE_ID, APPLE_APP_SPECIFIC_PASSWORD, APPLE_TEAM_ID)
//                                                              notarisation of the dmg
//   fpm on PATH, USE_SYSTEM_FPM or CUSTOM_FPM_PATH             else the deb is built by packaging/fpm-deb.mjs (dpkg-deb)
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { hostname, tmpdir, userInfo } from 'node:os';
import { delimiter, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { writeAppImageTools } from '../packaging/appimage-stand-in.mjs';
import { writeElectronStandIn } from '../packaging/electron-stand-in.mjs';
import { isTooOld, SUPPORTED_NODE } from '../bin/node-runtime.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));

/** Whether `name` is an executable on PATH. */
function onPath(name, env) {
  return (env.PATH ?? '').split(delimiter).some((dir) => dir && existsSync(join(dir, name)));
}

/**
 * electron-builder's arguments and environment for this machine and environment, with a line for
 * each thing left out. Exported for tests/packaging/dist.test.ts.
 * @param {{ env: NodeJS.ProcessEnv, platform: NodeJS.Platform, electronDist?: string, output?: string }} input
 */
export function packagingPlan({ env, platform, electronDist, output }) {
  const args = ['--config', 'electron-builder.config.cjs', '--publish', 'never'];
  const extraEnv = {};
  const said = [];
  if (electronDist) args.push(`-c.electronDist=${electronDist}`);
  if (output) args.push(`-c.directories.output=${output}`);
  if (platform === 'linux') {
    const homepage =
      env.AC_PACKAGE_HOMEPAGE || (said.push('AC_PACKAGE_HOMEPAGE is not set: the deb names http://localhost/ as its homepage.'), 'http://localhost/');
    const maintainer =
      env.AC_PACKAGE_MAINTAINER ||
      (said.push("AC_PACKAGE_MAINTAINER is not set: the deb names this computer's user as its maintainer."),
      `Local build <${userInfo().username}@${hostname()}>`);
    args.push(`-c.extraMetadata.homepage=${homepage}`, `-c.deb.maintainer=${maintainer}`);
    if (!env.CUSTOM_FPM_PATH && env.USE_SYSTEM_FPM !== 'true' && !onPath('fpm', env)) {
      extraEnv.CUSTOM_FPM_PATH = join(root, 'packaging', 'fpm-deb.mjs');
      said.push('No fpm on PATH: the deb is built with dpkg-deb (packaging/fpm-deb.mjs).');
    }
  }
  if (platform === 'darwin') {
    if (!env.CSC_LINK && !env.CSC_NAME) {
      // Ad-hoc: the app runs on this Mac; without a Developer ID every build is a new app to macOS
      // (its Accessibility and Microphone permissions and keychain items do not carry over).
      args.push('-c.mac.identity=-', '-c.mac.hardenedRuntime=false');
      said.push('CSC_LINK and CSC_NAME are not set: the app is signed ad-hoc, for this Mac only.');
    }
    const notarise =
      (env.APPLE_API_KEY && env.APPLE_API_KEY_ID && env.APPLE_API_ISSUER) || (env.APPLE_ID && env.APPLE_APP_SPECIFIC_PASSWORD && env.APPLE_TEAM_ID);
    if (!notarise || (!env.CSC_LINK && !env.CSC_NAME)) {
      args.push('-c.mac.notarize=false');
      said.push('Not notarised: that needs a Developer ID (CSC_LINK) and APPLE_API_KEY, APPLE_API_KEY_ID and APPLE_API_ISSUER.');
    }
  }
  return { args, env: extraEnv, said };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const argv = process.argv.slice(2);
  const take = (flag) => {
    const at = argv.indexOf(flag);
    if (at === -1) return false;
    argv.splice(at, 1);
    return true;
  };
  const takeValue = (flag) => {
    const at = argv.indexOf(flag);
    return at === -1 ? undefined : resolve(argv.splice(at, 2)[1]);
  };
  const build = !take('--no-build');
  const standIn = take('--electron-stand-in');
  const appImageStandIn = take('--appimage-stand-in');
  const output = takeValue('--output');
  const run = (command, commandArgs, env = process.env) => spawnSync(command, commandArgs, { cwd: root, stdio: 'inherit', env }).status ?? 1;
  if (build && run('npm', ['run', 'build']) !== 0) process.exit(1);
  let electronDist;
  if (standIn) {
    // The stand-in runs the command line on this Node, as Electron would on its own.
    if (isTooOld(process.versions.node)) {
      process.stderr.write(
        `The stand-in runs the command line on the Node that packages it, and this is Node ${process.versions.node}: run npm run dist with Node ${SUPPORTED_NODE.join('.')} or newer (npm's scripts use the project's own Node).\n`,
      );
      process.exit(1);
    }
    electronDist = mkdtempSync(join(tmpdir(), 'electron-stand-in-'));
    const version = JSON.parse(readFileSync(join(root, 'node_modules', 'electron', 'package.json'), 'utf8')).version;
    writeElectronStandIn(electronDist, process.execPath, version);
    console.log(`Packaging with a stand-in for Electron ${version}: the command line in these packages runs, the app does not.`);
  } else if (!existsSync(join(root, 'node_modules', 'electron', 'dist'))) {
    console.error(
      "Electron's binary is not installed (node_modules/electron/dist is missing): reinstall with `npm ci` where it can be downloaded, or package with --electron-stand-in to test the packages.",
    );
    process.exit(1);
  }
  const plan = packagingPlan({ env: process.env, platform: process.platform, electronDist, output });
  let appImageTools;
  if (appImageStandIn) {
    appImageTools = mkdtempSync(join(tmpdir(), 'appimage-tools-'));
    writeAppImageTools(appImageTools);
    plan.env.APPIMAGE_TOOLS_PATH = appImageTools;
    plan.said.push('The AppImage gets a stand-in runtime (packaging/appimage-stand-in.mjs): it is for testing, not for users.');
  }
  for (const line of plan.said) console.log(line);
  process.exitCode = run(process.execPath, [join(root, 'node_modules', 'electron-builder', 'cli.js'), ...plan.args, ...argv], { ...process.env, ...plan.env });
  for (const dir of [electronDist, appImageTools]) if (dir) rmSync(dir, { recursive: true, force: true });
}
