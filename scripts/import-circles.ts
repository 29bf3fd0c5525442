/**
 * File-level import circles under src/ (issue #28): a file that imports, through any chain, a file
 * that imports it back. Type-only imports count: a circle of types still ties two files together
 * (neither can move or be read alone). Read with the same parser as the layer check.
 */
import { readFileSync } from 'node:fs';
import { dirname, isAbsolute, relative, resolve, sep } from 'node:path';
import { sourceFacts, sourceFiles, type Violation } from './layers.js';

/** The file a relative specifier names, among `files` (".js" written for a ".ts" or ".tsx" source, as ESM TypeScript does). */
function target(from: string, spec: string, files: ReadonlySet<string>): string | undefined {
  if (!spec.startsWith('.') && !isAbsolute(spec)) return undefined;
  const base = resolve(dirname(from), spec);
  const stem = base.replace(/\.(c|m)?js$/, '');
  const ext = /\.cjs$/.test(base) ? ['.cts'] : /\.mjs$/.test(base) ? ['.mts'] : ['.ts', '.tsx'];
  for (const candidate of [base, ...ext.map((e) => stem + e), `${base}/index.ts`]) if (files.has(candidate)) return candidate;
  return undefined;
}

/** Each file's imports of other files of the set. */
export function importGraph(sources: ReadonlyMap<string, string>): Map<string, string[]> {
  const files = new Set(sources.keys());
  const graph = new Map<string, string[]>();
  for (const [file, source] of sources) {
    const to = sourceFacts(source, file)
      .specifiers.map((s) => target(file, s, files))
      .filter((t): t is string => t !== undefined);
    graph.set(file, [...new Set(to)].sort());
  }
  return graph;
}

/**
 * The circles of a graph: each strongly connected group of two or more files (or a file importing
 * itself), given as one path around it that starts and ends at its first file in sort order.
 */
export function circles(graph: ReadonlyMap<string, readonly string[]>): string[][] {
  // Tarjan's strongly connected components, iterative over a sorted walk so the answer is stable.
  let index = 0;
  const order = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const groups: string[][] = [];
  const nodes = [...graph.keys()].sort();
  for (const root of nodes) {
    if (order.has(root)) continue;
    const work: { node: string; next: number }[] = [{ node: root, next: 0 }];
    order.set(root, index);
    low.set(root, index++);
    stack.push(root);
    onStack.add(root);
    while (work.length > 0) {
      const top = work[work.length - 1]!;
      const edges = graph.get(top.node) ?? [];
      if (top.next < edges.length) {
        const to = edges[top.next++]!;
        if (!order.has(to)) {
          order.set(to, index);
          low.set(to, index++);
          stack.push(to);
          onStack.add(to);
          work.push({ node: to, next: 0 });
        } else if (onStack.has(to)) low.set(top.node, Math.min(low.get(top.node)!, order.get(to)!));
        continue;
      }
      work.pop();
      if (work.length > 0) {
        const parent = work[work.length - 1]!.node;
        low.set(parent, Math.min(low.get(parent)!, low.get(top.node)!));
      }
      if (low.get(top.node) === order.get(top.node)) {
        const group: string[] = [];
        for (;;) {
          const n = stack.pop()!;
          onStack.delete(n);
          group.push(n);
          if (n === top.node) break;
        }
        if (group.length > 1 || (graph.get(top.node) ?? []).includes(top.node)) groups.push(group.sort());
      }
    }
  }
  return groups.sort((a, b) => (a[0]! < b[0]! ? -1 : 1)).map((group) => pathAround(graph, group));
}

/** The shortest path from a group's first file back to itself, inside the group. */
function pathAround(graph: ReadonlyMap<string, readonly string[]>, group: readonly string[]): string[] {
  const start = group[0]!;
  const inGroup = new Set(group);
  const came = new Map<string, string>();
  const queue = [start];
  while (queue.length > 0) {
    const at = queue.shift()!;
    for (const to of graph.get(at) ?? []) {
      if (!inGroup.has(to)) continue;
      if (to === start) {
        const path = [start];
        for (let n = at; n !== start; n = came.get(n)!) path.splice(1, 0, n);
        return [...path, start];
      }
      if (!came.has(to)) {
        came.set(to, at);
        queue.push(to);
      }
    }
  }
  return [...group, start];
}

/** A circle as the check says it: "src/a.ts → src/b.ts → src/a.ts". */
export function describeCircle(root: string, circle: readonly string[]): string {
  return circle.map((f) => relative(root, f).split(sep).join('/')).join(' → ');
}

/** Every circle among the files under srcRoot, as violations naming the files around it. */
export function checkCircles(srcRoot: string): Violation[] {
  const sources = new Map<string, string>();
  for (const file of sourceFiles(srcRoot)) sources.set(file, readFileSync(file, 'utf8'));
  const root = resolve(srcRoot, '..');
  return circles(importGraph(sources)).map((circle) => ({
    file: relative(root, circle[0]!).split(sep).join('/'),
    specifier: '',
    message: `import circle: ${describeCircle(root, circle)} (move what both need into a file both can import)`,
  }));
}
