// @ts-check
/**
 * electron-builder's AppImage tools for machines that cannot download them (`npm run dist --
 * --appimage-stand-in`, and the packaging tests): Debian's mksquashfs and desktop-file-validate,
 * and a stand-in for the AppImage runtime. electron-builder builds the image as it always does (the
 * app's squashfs written after the runtime); the stand-in runtime is a shell script of a fixed size
 * that finds the squashfs right after itself and reads it with unsquashfs: `--appimage-extract`
 * writes squashfs-root/ as the real runtime does, and started without it, it extracts the image to a
 * temporary folder and runs its AppRun with $APPIMAGE and $APPDIR set, where the real runtime mounts
 * it with FUSE. Images made with it are for testing the package, never for users.
 */
import { execFileSync } from 'node:child_process';
import { chmodSync, mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** The runtime's size: the squashfs starts at this offset. */
const RUNTIME_SIZE = 4096;

/** The stand-in runtime's text, padded with a comment to RUNTIME_SIZE bytes. */
export function runtimeStandIn() {
  const script = [
    '#!/bin/sh',
    '# A stand-in for the AppImage runtime (packaging/appimage-stand-in.mjs): the squashfs follows at',
    `# byte ${RUNTIME_SIZE}, read with unsquashfs. For testing packages only.`,
    'self=$(readlink -f "$0")',
    'if [ "${1-}" = --appimage-extract ]; then',
    `  exec unsquashfs -q -n -f -d squashfs-root -o ${RUNTIME_SIZE} "$self"`,
    'fi',
    'dir=$(mktemp -d) || exit 1',
    `unsquashfs -q -n -d "$dir/root" -o ${RUNTIME_SIZE} "$self" >/dev/null || { rm -rf "$dir"; exit 1; }`,
    'APPIMAGE="$self" APPDIR="$dir/root" "$dir/root/AppRun" "$@"',
    'code=$?',
    'rm -rf "$dir"',
    'exit $code',
    '',
  ].join('\n');
  const padding = RUNTIME_SIZE - Buffer.byteLength(script) - 2;
  if (padding < 0) throw new Error('appimage-stand-in: the runtime script outgrew its size.');
  return `${script}#${' '.repeat(padding)}\n`;
}

/**
 * mksquashfs as electron-builder runs it, with gzip at level 1 where no compressor is named (the
 * default, level 9, took 30 s of the packaging test on two cores; level 1 takes 3 s): an image made
 * with the stand-in is for testing, and unsquashfs reads either level.
 * @param {string} mksquashfs the installed tool's path
 */
export function mksquashfsStandIn(mksquashfs) {
  return [
    '#!/bin/sh',
    '# mksquashfs for the AppImage stand-in (packaging/appimage-stand-in.mjs): fast gzip unless a compressor is named.',
    `for arg in "$@"; do [ "$arg" = -comp ] && exec '${mksquashfs}' "$@"; done`,
    `exec '${mksquashfs}' "$@" -Xcompression-level 1`,
    '',
  ].join('\n');
}

/**
 * Writes the tools into `dir` in the layout electron-builder's APPIMAGE_TOOLS_PATH has for its
 * default (FUSE 2) toolset: linux-x64/{mksquashfs,desktop-file-validate}, runtime-x64, lib/x64.
 * mksquashfs is a script that runs the installed one (mksquashfsStandIn).
 * Throws with a sentence when mksquashfs or desktop-file-validate is not installed.
 * @param {string} dir
 */
export function writeAppImageTools(dir) {
  mkdirSync(join(dir, 'linux-x64'), { recursive: true });
  mkdirSync(join(dir, 'lib', 'x64'), { recursive: true });
  /** @type {Record<string, string>} */
  const found = {};
  for (const [tool, pkg] of [
    ['mksquashfs', 'squashfs-tools'],
    ['desktop-file-validate', 'desktop-file-utils'],
  ]) {
    try {
      found[tool] = execFileSync('sh', ['-c', `command -v ${tool}`], { encoding: 'utf8' }).trim();
    } catch {
      throw new Error(`${tool} is not installed: install ${pkg} (bash scripts/setup.sh --test) to build the AppImage with the stand-in runtime.`);
    }
  }
  symlinkSync(found['desktop-file-validate'], join(dir, 'linux-x64', 'desktop-file-validate'));
  writeFileSync(join(dir, 'linux-x64', 'mksquashfs'), mksquashfsStandIn(found.mksquashfs));
  chmodSync(join(dir, 'linux-x64', 'mksquashfs'), 0o755);
  writeFileSync(join(dir, 'runtime-x64'), runtimeStandIn());
  chmodSync(join(dir, 'runtime-x64'), 0o755);
}
