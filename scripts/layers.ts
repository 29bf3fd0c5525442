/**
 * The layering rule of docs/architecture.md as data, and the check that enforces it.
 *
 * Imports point down only. `npm run lint` runs `check-layers.ts`, which fails the build on a
 * forbidden import; the rule itself is unit-tested in test/scripts/layers.test.ts.
 */
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';

/** For each layer under src/, the project layers it may import (itself is always allowed). */
export const ALLOWED: Readonly<Record<string, readonly string[]>> = {
  shared: [],
  intent: ['shared'],
  execution: ['shared'],
  registry: ['shared', 'intent', 'execution'],
  agent: ['shared', 'intent', 'registry', 'execution'],
  voice: ['shared'],
  config: ['shared'],
  compose: ['shared', 'intent', 'execution', 'registry', 'agent', 'voice', 'config'],
  main: ['shared', 'intent', 'execution', 'registry', 'agent', 'voice', 'config', 'compose', 'preload'],
  preload: ['shared'],
  panel: ['shared'],
  eval: ['shared', 'intent', 'registry'],
  cli: ['shared', 'intent', 'execution', 'registry', 'agent', 'voice', 'config', 'compose', 'eval'],
};

/** Packages a layer may not import: the panel and preload never load Node or the native bridge. */
export const FORBIDDEN_PACKAGES: Readonly<Record<string, readonly RegExp[]>> = {
  panel: [/^node:/, /^electron$/, /^fs$/, /^child_process$/, /ax-bridge/],
  shared: [/^electron$/, /ax-bridge/],
  intent: [/^electron$/, /ax-bridge/],
  registry: [/^electron$/],
  agent: [/^electron$/],
  execution: [/^electron$/],
  voice: [/^electron$/],
  config: [/^electron$/],
  compose: [/^electron$/],
  eval: [/^electron$/, /ax-bridge/],
  cli: [/^electron$/],
};

export interface Violation {
  file: string;
  specifier: string;
  message: string;
}

const IMPORT_RE =
  /(?:^|[\s;])(?:import|export)\s[^'"`]*?from\s*['"]([^'"]+)['"]|(?:^|[\s;(])import\s*\(\s*['"]([^'"]+)['"]\s*\)|(?:^|[\s;])import\s*['"]([^'"]+)['"]|require\s*\(\s*['"]([^'"]+)['"]\s*\)/gm;

/** Every module specifier a TypeScript source imports, re-exports, requires or loads dynamically. */
export function importSpecifiers(source: string): string[] {
  const withoutComments = source.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`])\/\/.*$/gm, '$1');
  const found: string[] = [];
  for (const m of withoutComments.matchAll(IMPORT_RE)) {
    const spec = m[1] ?? m[2] ?? m[3] ?? m[4];
    if (spec) found.push(spec);
  }
  return found;
}

/** The layer (top folder under src/) a path belongs to, or undefined outside src/. */
export function layerOf(srcRoot: string, file: string): string | undefined {
  const rel = relative(srcRoot, file);
  if (rel.startsWith('..')) return undefined;
  return rel.split(sep)[0];
}

/** Checks one file's imports against the rule. */
export function checkFile(srcRoot: string, file: string, source: string): Violation[] {
  const layer = layerOf(srcRoot, file);
  if (!layer) return [];
  const allowed = ALLOWED[layer];
  const relFile = relative(resolve(srcRoot, '..'), file);
  if (!allowed) {
    return [{ file: relFile, specifier: '', message: `src/${layer} is not a known layer: add it to scripts/layers.ts` }];
  }
  const violations: Violation[] = [];
  for (const spec of importSpecifiers(source)) {
    if (spec.startsWith('.')) {
      const target = resolve(dirname(file), spec);
      const targetLayer = layerOf(srcRoot, target);
      if (targetLayer === undefined) {
        if (!target.includes(`${sep}native${sep}`)) {
          violations.push({ file: relFile, specifier: spec, message: 'imports from outside src/' });
        } else if ((FORBIDDEN_PACKAGES[layer] ?? []).some((re) => re.test(spec))) {
          violations.push({ file: relFile, specifier: spec, message: `src/${layer} may not load the native bridge` });
        }
        continue;
      }
      if (targetLayer !== layer && !allowed.includes(targetLayer)) {
        violations.push({
          file: relFile,
          specifier: spec,
          message: `src/${layer} may not import src/${targetLayer} (allowed: ${allowed.join(', ') || 'nothing of the project'})`,
        });
      }
    } else if ((FORBIDDEN_PACKAGES[layer] ?? []).some((re) => re.test(spec))) {
      violations.push({ file: relFile, specifier: spec, message: `src/${layer} may not import the package '${spec}'` });
    }
  }
  return violations;
}

function* sourceFiles(dir: string): Generator<string> {
  for (const name of readdirSync(dir)) {
    const full = join(dir, name);
    if (statSync(full).isDirectory()) yield* sourceFiles(full);
    else if (/\.(ts|tsx|mts|cts)$/.test(name) && !name.endsWith('.d.ts')) yield full;
  }
}

/** Checks every source file under srcRoot. */
export function checkTree(srcRoot: string): Violation[] {
  const out: Violation[] = [];
  for (const file of sourceFiles(srcRoot)) out.push(...checkFile(srcRoot, file, readFileSync(file, 'utf8')));
  return out;
}
