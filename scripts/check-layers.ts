/**
 * Fails (exit 1) when any file under src/ breaks a rule of scripts/layers.ts (an import across the
 * layers, the native addon loaded outside src/execution/accessibility, or raw ipcMain / ipcRenderer
 * outside the IPC binding files.
 */
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { checkCircles } from './import-circles.js';
import { checkTree } from './layers.js';

const srcRoot = resolve(fileURLToPath(import.meta.url), '../../src');
const violations = [...checkTree(srcRoot), ...checkCircles(srcRoot)];
if (violations.length > 0) {
  for (const v of violations) console.error(`${v.file}: ${v.message}${v.specifier ? ` ('${v.specifier}')` : ''}`);
  console.error(`\n${violations.length} layering violation(s) or import circle(s): see "Folders and layers" in docs/architecture.md.`);
  process.exit(1);
}
console.log(
  'layers: every import points down, no file imports itself back through a circle; the addon loads only in src/execution/accessibility; raw IPC only in its binding files',
);
