#!/usr/bin/env node
// Builds the command line (src/cli → out/cli/bundle/cli.mjs) with esbuild: one ES module for Node,
// split so that each subcommand's code (the LLM SDKs, the keychain, the accessibility bridge) is a
// chunk loaded only when that subcommand runs. Runs on `npm install` / `npm ci` after the addon.
//
// The bundle sits three folders below the project root, as src/execution/accessibility/ does, so
// the addon's path (relative to the module that loads it) resolves the same from the bundle as from
// the source. Native modules and onnxruntime-web (which finds its WebAssembly next to itself) stay
// external and load from node_modules.
//
// Where esbuild or the sources are missing (an installed package, which ships the bundle), there is
// nothing to build.
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
export const CLI_OUT_DIR = join(root, 'out', 'cli', 'bundle');
export const CLI_BUNDLE = join(CLI_OUT_DIR, 'cli.mjs');
// Shared with the packages, which keep these (and what they need) outside app.asar for the command
// line. Read only when building: an installed npm package has neither the sources nor this list.
const externals = () => JSON.parse(readFileSync(join(root, 'scripts', 'cli-externals.json'), 'utf8'));

/** Builds the bundle; resolves false (with the reason on stderr) when esbuild or the sources are missing. */
export async function buildCli() {
  const entry = join(root, 'src', 'cli', 'entry.ts');
  if (!existsSync(entry)) return false;
  let esbuild;
  try {
    esbuild = await import('esbuild');
  } catch {
    console.error('cli: not built: esbuild is not installed (run `npm ci` in a checkout).');
    return false;
  }
  rmSync(CLI_OUT_DIR, { recursive: true, force: true });
  const result = await esbuild.build({
    entryPoints: { cli: entry },
    outdir: CLI_OUT_DIR,
    outExtension: { '.js': '.mjs' },
    chunkNames: '[name]-[hash]',
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: ['node22.12'],
    external: externals(),
    // Bundled CommonJS dependencies call require() for Node's own modules: give the ES module one.
    banner: { js: 'import { createRequire as __acRequire } from "node:module"; const require = __acRequire(import.meta.url);' },
    sourcemap: 'linked',
    metafile: true,
    // Smaller to parse at every start; identifiers keep their names (SDK errors are told apart by name).
    minifyWhitespace: true,
    minifySyntax: true,
    logLevel: 'warning',
  });
  // What each chunk holds and imports: the tests check that planning loads no SDK.
  writeFileSync(join(CLI_OUT_DIR, 'meta.json'), JSON.stringify(result.metafile));
  return true;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const built = await buildCli();
  console.log(built ? 'cli: built out/cli/bundle/cli.mjs.' : 'cli: nothing to build.');
}
