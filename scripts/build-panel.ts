/**
 * Builds the panel (src/panel) into a folder: panel.js (one IIFE bundle, no external imports, so the
 * strict CSP's script-src 'self' is enough), panel.css and index.html, and the Electron preload.
 * `npm run build` writes out/panel and out/preload;
 * the panel tests build into a temporary folder.
 */
import { copyFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const PANEL_SRC = fileURLToPath(new URL('../src/panel/', import.meta.url));

export async function buildPanel(outDir: string): Promise<void> {
  mkdirSync(outDir, { recursive: true });
  await bundle(join(PANEL_SRC, 'main.tsx'), join(outDir, 'panel.js'));
  // The numbered overlay's page: same folder, same scheme and CSP, its own small bundle.
  await bundle(join(PANEL_SRC, 'overlay', 'overlay.tsx'), join(outDir, 'overlay.js'));
  for (const file of ['index.html', 'panel.css']) copyFileSync(join(PANEL_SRC, file), join(outDir, file));
  for (const file of ['overlay.html', 'overlay.css']) copyFileSync(join(PANEL_SRC, 'overlay', file), join(outDir, file));
}

async function bundle(entry: string, outfile: string): Promise<void> {
  await build({
    entryPoints: [entry],
    outfile,
    bundle: true,
    format: 'iife',
    platform: 'browser',
    target: ['chrome120'],
    jsx: 'automatic',
    jsxImportSource: 'preact',
    minify: true,
    sourcemap: true,
    logLevel: 'warning',
  });
}

/** The Electron preload as one CommonJS file (a sandboxed preload can require only Electron). */
export async function buildPreload(outFile: string): Promise<void> {
  await build({
    entryPoints: [fileURLToPath(new URL('../src/preload/panel-preload.cts', import.meta.url))],
    outfile: outFile,
    bundle: true,
    format: 'cjs',
    platform: 'node',
    external: ['electron'],
    target: ['node20'],
    logLevel: 'warning',
  });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const out = fileURLToPath(new URL('../out/panel/', import.meta.url));
  await buildPanel(out);
  await buildPreload(fileURLToPath(new URL('../out/preload/panel-preload.cjs', import.meta.url)));
  console.log('built out/panel and out/preload');
}
