/**
 * Builds the panel (src/panel) into a folder: panel.js (one IIFE bundle, no external imports, so the
 * strict CSP's script-src 'self' is enough), panel.css and index.html. `npm run build` writes out/panel;
 * the panel tests build into a temporary folder.
 */
import { copyFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const PANEL_SRC = fileURLToPath(new URL('../src/panel/', import.meta.url));

export async function buildPanel(outDir: string): Promise<void> {
  mkdirSync(outDir, { recursive: true });
  await build({
    entryPoints: [join(PANEL_SRC, 'main.tsx')],
    outfile: join(outDir, 'panel.js'),
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
  for (const file of ['index.html', 'panel.css']) copyFileSync(join(PANEL_SRC, file), join(outDir, file));
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const out = fileURLToPath(new URL('../out/panel/', import.meta.url));
  await buildPanel(out);
  console.log('panel built into out/panel');
}
