/** Fails (exit 1) when any file under src/ imports across the layering rule of scripts/layers.ts. */
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { checkTree } from './layers.js';

const srcRoot = resolve(fileURLToPath(import.meta.url), '../../src');
const violations = checkTree(srcRoot);
if (violations.length > 0) {
  for (const v of violations) console.error(`${v.file}: ${v.message}${v.specifier ? ` ('${v.specifier}')` : ''}`);
  console.error(`\n${violations.length} layering violation(s): imports must point down (docs/architecture.md).`);
  process.exit(1);
}
console.log('layers: every import points down');
