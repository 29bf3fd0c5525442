/**
 * Same-named test coverage (issue #28 item 3): for each layer, how many of its modules have a test
 * of their own name, tests/<layer>/<same path>.test.ts (a file under a subfolder keeps its subfolder;
 * a `.desktop.test.ts` or `.property.test.ts` of that name counts too).
 *
 * A module is a .ts / .tsx file under src/<layer>/ that holds something at run time: a file whose
 * every statement is a type, an interface, or a type-only import or export is a contract, not a
 * seam, and is left out (it is listed apart). Read with the TypeScript parser.
 *
 *   npx tsx scripts/seam-coverage.ts [layer …]     (default: shared intent registry agent execution)
 */
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const root = resolve(fileURLToPath(import.meta.url), '../..');
const DEFAULT_LAYERS = ['shared', 'intent', 'registry', 'agent', 'execution'];

function walk(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return walk(path);
    return /\.tsx?$/.test(name) && !name.endsWith('.d.ts') ? [path] : [];
  });
}

/** True when a statement holds nothing at run time. */
function typeOnly(s: ts.Statement): boolean {
  if (ts.isInterfaceDeclaration(s) || ts.isTypeAliasDeclaration(s)) return true;
  if (ts.isImportDeclaration(s)) {
    const clause = s.importClause;
    if (clause === undefined) return false; // a bare import runs the module
    if (clause.isTypeOnly) return true;
    const named = clause.namedBindings;
    return clause.name === undefined && named !== undefined && ts.isNamedImports(named) && named.elements.every((e) => e.isTypeOnly);
  }
  if (ts.isExportDeclaration(s)) {
    if (s.isTypeOnly) return true;
    const clause = s.exportClause;
    return clause !== undefined && ts.isNamedExports(clause) && clause.elements.every((e) => e.isTypeOnly);
  }
  return false;
}

export function isTypeOnlyFile(source: string, file: string): boolean {
  const sf = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, false, file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  return sf.statements.every(typeOnly);
}

export interface LayerCoverage {
  layer: string;
  modules: string[];
  tested: string[];
  untested: string[];
  typeOnly: string[];
}

/** The same-named tests a module may have: `<stem>.test.ts` or `<stem>.<kind>.test.ts`. */
function hasSameNamedTest(stem: string): boolean {
  const dir = resolve(stem, '..');
  if (!existsSync(dir)) return false;
  const base = stem.slice(dir.length + 1);
  return readdirSync(dir).some((name) => name === `${base}.test.ts` || new RegExp(`^${base.replace(/[.]/g, '\\.')}\\.[a-z]+\\.test\\.ts$`).test(name));
}

export function layerCoverage(layer: string, base = root): LayerCoverage {
  const srcDir = join(base, 'src', layer);
  const files = walk(srcDir).sort();
  const out: LayerCoverage = { layer, modules: [], tested: [], untested: [], typeOnly: [] };
  for (const file of files) {
    const rel = relative(srcDir, file);
    if (isTypeOnlyFile(readFileSync(file, 'utf8'), file)) {
      out.typeOnly.push(rel);
      continue;
    }
    out.modules.push(rel);
    const stem = join(base, 'tests', layer, rel.replace(/\.tsx?$/, ''));
    (hasSameNamedTest(stem) ? out.tested : out.untested).push(rel);
  }
  return out;
}

if (process.argv[1] !== undefined && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const layers = process.argv.length > 2 ? process.argv.slice(2) : DEFAULT_LAYERS;
  let modules = 0;
  let tested = 0;
  for (const layer of layers) {
    const c = layerCoverage(layer);
    modules += c.modules.length;
    tested += c.tested.length;
    const pct = c.modules.length === 0 ? 100 : Math.round((100 * c.tested.length) / c.modules.length);
    console.log(
      `${layer}: ${c.modules.length} modules, ${c.tested.length} with a same-named test, ${pct} %` +
        (c.typeOnly.length > 0 ? ` (type-only, not counted: ${c.typeOnly.join(', ')})` : ''),
    );
    for (const rel of c.untested) console.log(`  without: src/${layer}/${rel}`);
  }
  console.log(`all: ${modules} modules, ${tested} with a same-named test, ${modules === 0 ? 100 : Math.round((100 * tested) / modules)} %`);
}
