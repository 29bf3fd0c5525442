/**
 * Builds the Electron main process, the shell (src/main/main.ts → out/main/main.cjs), and the
 * assistant's core process (src/core/core-entry.ts → out/main/core/core-process.cjs) with esbuild for
 * Electron's Node. The output names stay those package.json "main" and the packaging tests expect.
 *
 * CommonJS, because every Electron process type loads it (a utilityProcess entry included), with
 * `import.meta.url` mapped to the bundle's own file URL. Electron and the native modules stay
 * external: they are loaded from node_modules (and the accessibility addon from native/ax-bridge) at
 * run time. The core bundle sits three folders below the root, as src/execution/accessibility/ does,
 * so the addon's relative path resolves the same from the bundle as from the source.
 */
import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const ROOT = fileURLToPath(new URL('../', import.meta.url));

/**
 * Loaded at run time, never bundled: Electron itself and native addons (node-mac-permissions is
 * darwin-only), and onnxruntime-web, which finds its WebAssembly files next to its own module.
 */
export const MAIN_EXTERNALS = ['electron', '@napi-rs/keyring', '@nut-tree-fork/nut-js', 'node-mac-permissions', '*.node', 'onnxruntime-web'];

/** The sources of the two processes (docs/decisions/0155-processes-folders-main-process-core.md). */
export const SHELL_ENTRY = 'src/main/main.ts';
export const CORE_ENTRY = 'src/core/core-entry.ts';

/** The addon path as src/execution/accessibility/native.ts writes it, relative to its own file. */
const ADDON_FROM_SOURCE = '../../../native/ax-bridge/build/Release/ax_bridge.node';

async function bundle(entry: string, outfile: string): Promise<void> {
  await build({
    entryPoints: [join(ROOT, entry)],
    outfile,
    bundle: true,
    format: 'cjs',
    platform: 'node',
    // Electron 45 runs Node 22.
    target: ['node22'],
    external: MAIN_EXTERNALS,
    define: { 'import.meta.url': '__bundleUrl' },
    banner: { js: 'const __bundleUrl = require("node:url").pathToFileURL(__filename).href;' },
    sourcemap: true,
    logLevel: 'warning',
  });
}

export async function buildMain(outDir: string): Promise<{ main: string; core: string }> {
  const main = join(outDir, 'main.cjs');
  const core = join(outDir, 'core', 'core-process.cjs');
  const expectedAddon = resolve(ROOT, 'native/ax-bridge/build/Release/ax_bridge.node');
  if (resolve(dirname(core), ADDON_FROM_SOURCE) !== expectedAddon) {
    throw new Error(`The core bundle must sit three folders below the project root so that it finds ${expectedAddon}.`);
  }
  await bundle(SHELL_ENTRY, main);
  await bundle(CORE_ENTRY, core);
  return { main, core };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { main, core } = await buildMain(join(ROOT, 'out', 'main'));
  for (const file of [main, core]) if (!existsSync(file)) throw new Error(`${file} was not written`);
  console.log('built out/main/main.cjs and out/main/core/core-process.cjs');
}
