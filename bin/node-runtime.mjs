// Which Node runs the command line. Assistive Control supports Node 22.12 and newer (Node 20 reached
// its end of life on 2026-04-30). A checkout brings its own supported Node as a dev dependency
// (node_modules/.bin/node, the npm `node` package): an older Node that starts the bin hands over to it.

/** The oldest supported Node, as [major, minor]. */
export const SUPPORTED_NODE = [22, 12];

/** True when `version` (process.versions.node, e.g. "20.20.2") is older than SUPPORTED_NODE. */
export function isTooOld(version) {
  const [major, minor] = version.split('.').map(Number);
  return major < SUPPORTED_NODE[0] || (major === SUPPORTED_NODE[0] && minor < SUPPORTED_NODE[1]);
}

/** The sentence for a Node that is too old when no supported one is at hand. */
export function tooOldMessage(version) {
  return (
    `Assistive Control needs Node ${SUPPORTED_NODE.join('.')} or newer; this is Node ${version}. ` +
    "Install a current Node (https://nodejs.org, or your system's package of Node 22 or 24), " +
    'or run "npm ci" in the folder Assistive Control is in: it brings its own.\n'
  );
}
