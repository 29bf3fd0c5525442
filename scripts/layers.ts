/**
 * The layering rule of docs/architecture.md as data, and the check that enforces it.
 *
 * Imports point down only; only src/execution/accessibility loads the native addon; only the IPC
 * binding files touch Electron's raw ipcMain / ipcRenderer. Imports are read with the TypeScript
 * compiler's parser (import, export … from, import(), require(), typeof import()), never with a
 * regular expression, so comments and strings cannot hide or fake one. `npm run lint` runs `check-layers.ts`, which fails the build on a
 * forbidden import; the rule itself is unit-tested in tests/scripts/layers.test.ts.
 */
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { basename, dirname, isAbsolute, join, relative, resolve, sep } from 'node:path';
import ts from 'typescript';

/** For each layer under src/, the project layers it may import (itself is always allowed). */
export const ALLOWED: Readonly<Record<string, readonly string[]>> = {
  shared: [],
  // One module per LLM provider: builds its SDK client once and serves planning, transcription and probing.
  providers: ['shared'],
  intent: ['shared', 'providers'],
  execution: ['shared'],
  registry: ['shared', 'intent', 'execution'],
  agent: ['shared', 'intent', 'registry', 'execution'],
  voice: ['shared', 'providers'],
  config: ['shared'],
  compose: ['shared', 'providers', 'intent', 'execution', 'registry', 'agent', 'voice', 'config'],
  // The Electron main process: windows, tray, shortcuts, permissions. It talks to the core only through
  // src/shared/contracts/core-contract.ts and starts it by its bundle's path, so it imports nothing of src/core.
  main: ['shared', 'config'],
  // The utility process: session, loop, engine, voice. It never imports Electron (see FORBIDDEN_PACKAGES).
  core: ['shared', 'providers', 'intent', 'execution', 'registry', 'agent', 'voice', 'config', 'compose'],
  preload: ['shared'],
  panel: ['shared'],
  eval: ['shared', 'intent', 'registry'],
  cli: ['shared', 'providers', 'intent', 'execution', 'registry', 'agent', 'voice', 'config', 'compose', 'eval'],
};

/** The LLM SDKs: only src/providers imports them (one module per provider builds each client once). */
export const LLM_SDK = /^(openai|ollama|@anthropic-ai\/)/;

/** Packages a layer may not import: the panel and preload never load Node or the native bridge. */
export const FORBIDDEN_PACKAGES: Readonly<Record<string, readonly RegExp[]>> = {
  panel: [/^node:/, /^electron$/, /^fs$/, /^child_process$/, /ax-bridge/],
  shared: [/^electron$/, /ax-bridge/],
  providers: [/^electron$/, /ax-bridge/],
  intent: [/^electron$/, /ax-bridge/],
  registry: [/^electron$/],
  agent: [/^electron$/],
  execution: [/^electron$/],
  voice: [/^electron$/],
  config: [/^electron$/],
  compose: [/^electron$/],
  eval: [/^electron$/, /ax-bridge/],
  cli: [/^electron$/],
  // The core runs in a utilityProcess: Electron's main-process modules do not exist there, and the
  // core's tests run it under plain Node.
  core: [/^electron$/],
};

export interface Violation {
  file: string;
  specifier: string;
  message: string;
}

/** The only folder (under src/) that loads the native addon; everything else goes through its AxBridge. */
export const ADDON_LOADER_DIR = 'execution/accessibility';

/**
 * The only files that touch Electron's raw IPC objects (`ipcMain.handle`, `ipcRenderer.invoke` …):
 * the panel contract's binding on each side. Anything else goes through them, so every channel is
 * registered, checked and typed in one place.
 */
export const IPC_BINDING_FILES: readonly string[] = ['main/panel/panel-ipc.ts', 'preload/panel-preload.cts'];

const RAW_IPC = new Set(['ipcMain', 'ipcRenderer']);

/** A string in code that names the addon's binary: a path built for a `require` of a variable. */
const ADDON_PATH_RE = /(?:^|[\\/])ax_bridge\.node$|native[\\/]ax-bridge[\\/](?:build|prebuilds)/;

/** What the layer check reads from one source file, through the TypeScript compiler's parser. */
export interface SourceFacts {
  /** Every module specifier: import, import type, export … from, import(), require(), require.resolve(), createRequire(…)(…), typeof import(). */
  readonly specifiers: readonly string[];
  /** Every string literal and template text in code (not in comments). */
  readonly strings: readonly string[];
  /** Each use of `ipcMain` / `ipcRenderer` as an object (`ipcMain.handle`, `electron.ipcRenderer`), with its 1-based line. */
  readonly rawIpc: readonly { readonly name: string; readonly line: number }[];
}

function scriptKind(fileName: string): ts.ScriptKind {
  if (fileName.endsWith('.tsx')) return ts.ScriptKind.TSX;
  if (/\.(c|m)?js$/.test(fileName)) return ts.ScriptKind.JS;
  return ts.ScriptKind.TS;
}

function literalText(node: ts.Node | undefined): string | undefined {
  return node && (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) ? node.text : undefined;
}

/** `require`, `require.resolve`, `createRequire(…)` and `createRequire(…).resolve`: callees that load a module by name. */
function isRequireLike(callee: ts.Expression): boolean {
  const base = ts.isPropertyAccessExpression(callee) && callee.name.text === 'resolve' ? callee.expression : callee;
  if (ts.isIdentifier(base)) return base.text === 'require';
  return ts.isCallExpression(base) && ts.isIdentifier(base.expression) && base.expression.text === 'createRequire';
}

/** Reads one file's imports, strings and raw IPC uses from its syntax tree. */
export function sourceFacts(source: string, fileName = 'source.ts'): SourceFacts {
  const sf = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, true, scriptKind(fileName));
  const specifiers: string[] = [];
  const strings: string[] = [];
  const rawIpc: { name: string; line: number }[] = [];
  const lineOf = (node: ts.Node) => sf.getLineAndCharacterOfPosition(node.getStart(sf)).line + 1;
  const visit = (node: ts.Node): void => {
    if ((ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) && node.moduleSpecifier) {
      const spec = literalText(node.moduleSpecifier);
      if (spec !== undefined) specifiers.push(spec);
    } else if (ts.isImportEqualsDeclaration(node) && ts.isExternalModuleReference(node.moduleReference)) {
      const spec = literalText(node.moduleReference.expression);
      if (spec !== undefined) specifiers.push(spec);
    } else if (ts.isCallExpression(node) && (node.expression.kind === ts.SyntaxKind.ImportKeyword || isRequireLike(node.expression))) {
      const spec = literalText(node.arguments[0]);
      if (spec !== undefined) specifiers.push(spec);
    } else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument)) {
      const spec = literalText(node.argument.literal);
      if (spec !== undefined) specifiers.push(spec);
    }
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) strings.push(node.text);
    else if (ts.isTemplateHead(node) || ts.isTemplateMiddle(node) || ts.isTemplateTail(node)) strings.push(node.text);
    if (ts.isPropertyAccessExpression(node)) {
      if (ts.isIdentifier(node.expression) && RAW_IPC.has(node.expression.text)) rawIpc.push({ name: node.expression.text, line: lineOf(node) });
      else if (RAW_IPC.has(node.name.text)) rawIpc.push({ name: node.name.text, line: lineOf(node) });
    } else if (ts.isElementAccessExpression(node)) {
      const key = literalText(node.argumentExpression);
      if (key !== undefined && RAW_IPC.has(key)) rawIpc.push({ name: key, line: lineOf(node) });
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return { specifiers, strings, rawIpc };
}

/** Every module specifier a TypeScript source imports, re-exports, requires or loads dynamically. */
export function importSpecifiers(source: string, fileName = 'source.ts'): string[] {
  return [...sourceFacts(source, fileName).specifiers];
}

/** The layer (top folder under src/) a path belongs to, or undefined outside src/. */
export function layerOf(srcRoot: string, file: string): string | undefined {
  const rel = relative(srcRoot, file);
  if (rel.startsWith('..')) return undefined;
  return rel.split(sep)[0];
}

function inside(dir: string, path: string): boolean {
  const rel = relative(dir, path);
  return rel === '' || (!rel.startsWith('..') && !isAbsolute(rel));
}

/** Checks one file's imports (and its use of the addon and of raw IPC) against the rules. */
export function checkFile(srcRoot: string, file: string, source: string): Violation[] {
  const layer = layerOf(srcRoot, file);
  if (!layer) return [];
  const allowed = ALLOWED[layer];
  const root = resolve(srcRoot, '..');
  const relFile = relative(root, file);
  if (!allowed) {
    return [{ file: relFile, specifier: '', message: `src/${layer} is not a known layer: add it to scripts/layers.ts` }];
  }
  const facts = sourceFacts(source, file);
  const violations: Violation[] = [];
  const relInSrc = relative(srcRoot, file).split(sep).join('/');
  const loadsAddonHere = inside(join(srcRoot, ADDON_LOADER_DIR), file);
  const addonLoader = join(srcRoot, ADDON_LOADER_DIR);
  const addonRule = 'only src/execution/accessibility loads the native addon: use AxBridge from src/execution/accessibility/ax-bridge.ts';
  for (const spec of facts.specifiers) {
    if (spec.startsWith('.') || isAbsolute(spec)) {
      const target = resolve(dirname(file), spec);
      const targetLayer = layerOf(srcRoot, target);
      if (targetLayer === undefined) {
        if (inside(join(root, 'native'), target) || /\.node$/.test(spec)) {
          if (!loadsAddonHere) violations.push({ file: relFile, specifier: spec, message: `src/${layer} may not load the native bridge (${addonRule})` });
        } else {
          violations.push({ file: relFile, specifier: spec, message: 'imports from outside src/' });
        }
        continue;
      }
      if (targetLayer !== layer && !allowed.includes(targetLayer)) {
        violations.push({
          file: relFile,
          specifier: spec,
          message: `src/${layer} may not import src/${targetLayer} (allowed: ${allowed.join(', ') || 'nothing of the project'})`,
        });
      } else if (!loadsAddonHere && inside(addonLoader, target) && /^native(\.[cm]?[jt]s)?$/.test(basename(target))) {
        violations.push({ file: relFile, specifier: spec, message: `src/${layer} may not import the addon's loader (${addonRule})` });
      }
    } else if ((FORBIDDEN_PACKAGES[layer] ?? []).some((re) => re.test(spec))) {
      violations.push({ file: relFile, specifier: spec, message: `src/${layer} may not import the package '${spec}'` });
    } else if (layer !== 'providers' && LLM_SDK.test(spec)) {
      violations.push({ file: relFile, specifier: spec, message: `only src/providers imports the LLM SDKs: use its module for '${spec}'` });
    }
  }
  if (!loadsAddonHere) {
    // A path held in a variable for a later require(); a literal import was judged above.
    for (const text of facts.strings) {
      if (ADDON_PATH_RE.test(text) && !facts.specifiers.includes(text))
        violations.push({ file: relFile, specifier: text, message: `src/${layer} names the native addon's file (${addonRule})` });
    }
  }
  if (!IPC_BINDING_FILES.includes(relInSrc)) {
    for (const use of facts.rawIpc) {
      violations.push({
        file: relFile,
        specifier: '',
        message: `uses ${use.name} directly (line ${use.line}): only ${IPC_BINDING_FILES.map((f) => `src/${f}`).join(' and ')} touch Electron's raw IPC; go through them`,
      });
    }
  }
  return violations;
}

/** Every TypeScript source under dir (declarations left out). */
export function* sourceFiles(dir: string): Generator<string> {
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
