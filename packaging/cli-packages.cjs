// @ts-check
/**
 * What the packaged command line loads from node_modules: the packages the CLI bundle leaves
 * external (scripts/cli-externals.json) and every package they depend on, as folders relative to
 * the project. electron-builder.config.cjs keeps them outside app.asar with the bundle itself, so
 * the command line runs from real files on Electron's own Node (ELECTRON_RUN_AS_NODE) or any other.
 */
'use strict';
/* eslint-disable @typescript-eslint/no-require-imports -- CommonJS: electron-builder.config.cjs loads it with require(). */
const { existsSync, readFileSync } = require('node:fs');
const { dirname, join, relative } = require('node:path');

/**
 * @param {string} root the project folder
 * @returns {string[]} e.g. ['node_modules/@napi-rs/keyring', 'node_modules/@napi-rs/keyring-linux-x64-gnu', …]
 */
function cliPackageFolders(root) {
  /** @type {string[]} */
  const names = JSON.parse(readFileSync(join(root, 'scripts', 'cli-externals.json'), 'utf8')).filter((/** @type {string} */ n) => !n.includes('*'));
  const seen = new Set();
  /** @param {string} name @param {string} from */
  const walk = (name, from) => {
    // Node's lookup: node_modules/<name> in this folder, then in each folder above it.
    let manifest;
    for (let dir = from; !manifest; dir = dirname(dir)) {
      const candidate = join(dir, 'node_modules', name, 'package.json');
      if (existsSync(candidate)) manifest = candidate;
      else if (dirname(dir) === dir) return; // an optional dependency for another platform, not installed here
    }
    const folder = dirname(manifest);
    if (seen.has(folder)) return;
    seen.add(folder);
    const pkg = JSON.parse(readFileSync(manifest, 'utf8'));
    for (const dep of Object.keys({ ...pkg.dependencies, ...pkg.optionalDependencies })) walk(dep, folder);
  };
  for (const name of names) walk(name, root);
  return [...seen].map((folder) => relative(root, folder).split('\\').join('/')).sort();
}

module.exports = { cliPackageFolders };
