// @ts-check
/**
 * A stand-in for Electron's binary, for packaging where Electron's own cannot be downloaded
 * (`npm run dist -- --electron-stand-in`, and the packaging tests). It is a shell script that
 * electron-builder copies and renames like the real binary; it carries Electron's fuse wire, so the
 * afterPack hook flips its fuses as it would Electron's; with ELECTRON_RUN_AS_NODE=1 it runs the
 * Node that made it, as Electron runs its own Node. Anything else (the app itself) says it cannot
 * start. Packages made with it are for testing the package, never for users.
 */
import { chmodSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** Electron's fuse sentinel (@electron/fuses' SENTINEL), then the wire: version 1, 9 fuses, Electron's defaults. */
const FUSE_WIRE = Buffer.concat([Buffer.from('dL7pKGdnNz796PbbjQWNKmHXBZaB9tsX'), Buffer.from([1, 9]), Buffer.from('101100011')]);

/** The first line of what the stand-in prints when asked to start the app. */
export const STAND_IN_SAYS = 'This package was built with a stand-in for Electron';

/**
 * Writes the stand-in distribution into `dir` (the folder electron-builder's electronDist names):
 * an executable `electron` that runs `node` in Node mode, and Electron's `version` file.
 * @param {string} dir
 * @param {string} node absolute path of the Node the stand-in runs
 * @param {string} electronVersion
 */
export function writeElectronStandIn(dir, node, electronVersion) {
  mkdirSync(dir, { recursive: true });
  const quoted = `'${node.replace(/'/g, `'\\''`)}'`;
  const script = Buffer.concat([
    Buffer.from('#!/bin/sh\n# '),
    FUSE_WIRE,
    Buffer.from(
      [
        '',
        'if [ "${ELECTRON_RUN_AS_NODE-}" = 1 ]; then',
        `  exec ${quoted} "$@"`,
        'fi',
        `echo "${STAND_IN_SAYS}: the command line runs, the app itself cannot start. Build the package where Electron's binary can be installed." >&2`,
        'echo "(started with: $*)" >&2',
        'exit 1',
        '',
      ].join('\n'),
    ),
  ]);
  writeFileSync(join(dir, 'electron'), script);
  chmodSync(join(dir, 'electron'), 0o755);
  writeFileSync(join(dir, 'version'), electronVersion);
  // electron-builder's deb chmods the sandbox helper; an empty stand-in keeps the layout.
  writeFileSync(join(dir, 'chrome-sandbox'), '');
}
