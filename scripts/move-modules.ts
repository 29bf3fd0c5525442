/**
 * Moves source files and keeps every relative path to them right: `npx tsx scripts/move-modules.ts
 * from=to [from=to …]` (paths from the checkout's root). Each move is a `git mv`; then every
 * TypeScript and JavaScript file of src/, tests/, bench/ and scripts/ has each quoted relative path
 * that named a moved file (an import, a `vi.mock`, a `new URL(…, import.meta.url)`) written anew, and
 * a moved file has all of its own relative paths written from its new place. A quoted string that
 * names no file on disk is left as it is.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = resolve(fileURLToPath(import.meta.url), '../..');
const TREES = ['src', 'tests', 'bench', 'scripts'];
const SOURCE = /\.(ts|tsx|mts|cts|js|mjs|cjs)$/;

function* files(dir: string): Generator<string> {
  if (!existsSync(dir)) return;
  for (const name of readdirSync(dir)) {
    if (name === 'node_modules') continue;
    const full = join(dir, name);
    if (statSync(full).isDirectory()) yield* files(full);
    else if (SOURCE.test(name)) yield full;
  }
}

/** The file on disk a relative specifier names from `from` (".js" standing for ".ts" or ".tsx"), or undefined. */
function named(from: string, spec: string): { file: string; written: string } | undefined {
  const base = resolve(dirname(from), spec);
  if (existsSync(base) && statSync(base).isFile()) return { file: base, written: base };
  const stem = base.replace(/\.(c|m)?js$/, '');
  if (stem === base) return undefined;
  for (const ext of ['.ts', '.tsx', '.cts', '.mts']) if (existsSync(stem + ext)) return { file: stem + ext, written: base };
  return undefined;
}

function relativeSpec(fromFile: string, target: string): string {
  const rel = relative(dirname(fromFile), target).split(sep).join('/');
  return rel.startsWith('.') ? rel : `./${rel}`;
}

function main(args: readonly string[]): void {
  const moves = new Map<string, string>();
  for (const arg of args) {
    const [from, to] = arg.split('=');
    if (!from || !to) throw new Error(`"${arg}" is not from=to`);
    moves.set(resolve(ROOT, from), resolve(ROOT, to));
  }
  // Read every file's relative paths while the tree is as it was.
  const edits: { file: string; at: string; source: string; specs: { spec: string; target: { file: string; written: string } }[] }[] = [];
  for (const tree of TREES) {
    for (const file of files(join(ROOT, tree))) {
      const source = readFileSync(file, 'utf8');
      const specs = [...source.matchAll(/(['"])(\.\.?\/[^'"\n]+)\1/g)].flatMap((m) => {
        const target = named(file, m[2]!);
        return target ? [{ spec: m[2]!, target }] : [];
      });
      const at = moves.get(file) ?? file;
      if (specs.some((s) => moves.has(s.target.file)) || at !== file) edits.push({ file, at, source, specs });
    }
  }
  for (const [from, to] of moves) {
    execFileSync('mkdir', ['-p', dirname(to)]);
    // A file git does not track yet (being written) is moved as it is.
    const tracked = execFileSync('git', ['ls-files', '--', from], { cwd: ROOT, encoding: 'utf8' }).trim() !== '';
    execFileSync(tracked ? 'git' : 'mv', tracked ? ['mv', from, to] : [from, to], { cwd: ROOT });
  }
  for (const edit of edits) {
    let text = edit.source;
    for (const { spec, target } of edit.specs) {
      const movedTo = moves.get(target.file);
      if (!movedTo && edit.at === edit.file) continue;
      // Keep how the path was written (".js" for a ".ts" source).
      const newTarget = (movedTo ?? target.file).replace(
        /\.(ts|tsx|cts|mts)$/,
        target.written === target.file ? '.$1' : (/\.(c|m)?js$/.exec(target.written)?.[0] ?? ''),
      );
      const next = relativeSpec(edit.at, newTarget);
      if (next !== spec) text = text.split(`'${spec}'`).join(`'${next}'`).split(`"${spec}"`).join(`"${next}"`);
    }
    if (text !== edit.source) writeFileSync(edit.at, text);
  }
  console.log(`moved ${moves.size} file(s); rewrote the paths in ${edits.length} file(s)`);
}

main(process.argv.slice(2));
