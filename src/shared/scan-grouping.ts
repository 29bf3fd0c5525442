/**
 * Huffman-style scan groups (issue #31): entries with an estimated probability become a tree the
 * highlight walks, the likeliest alone near the top, the unlikely ones in groups.
 *
 * With one switch, an entry at position i of a list costs i + 1 scan steps, and a group costs the
 * steps to reach it plus those inside it. `huffmanGroups` builds a k-ary Huffman tree (merging the k
 * least likely nodes until one is left), lists each node's children likeliest first, and keeps the
 * arity k from 2 to MAX_ARITY whose tree costs least (expected steps, plus LEVEL_COST per list entered). Pure; ids are the caller's.
 */

export type ScanShape = { readonly id: number } | { readonly children: readonly ScanShape[] };

interface Weighed {
  readonly shape: ScanShape;
  readonly p: number;
  /** The best (lowest) rank inside: ties in weight keep the likelier entries first. */
  readonly rank: number;
}

/** No list holds more entries than this (as the panel's other lists, src/panel/switch/switch-scan.ts). */
export const MAX_ARITY = 6;

function byLikelihood(a: Weighed, b: Weighed): number {
  return b.p - a.p || a.rank - b.rank;
}

function huffman(entries: readonly { readonly id: number; readonly p: number }[], k: number): ScanShape[] {
  const nodes: Weighed[] = entries.map((e, rank) => ({ shape: { id: e.id }, p: e.p, rank }));
  while (nodes.length > k) {
    // Merge so the top list is full: the first merge takes just enough nodes for (n − 1) mod (k − 1) = 0.
    const extra = (nodes.length - 1) % (k - 1);
    const take = extra === 0 ? k : extra + 1;
    nodes.sort(byLikelihood);
    const merged = nodes.splice(nodes.length - take, take).sort(byLikelihood);
    nodes.push({
      shape: { children: merged.map((m) => m.shape) },
      p: merged.reduce((s, m) => s + m.p, 0),
      rank: Math.min(...merged.map((m) => m.rank)),
    });
  }
  return nodes.sort(byLikelihood).map((n) => n.shape);
}

/**
 * What entering a list costs on top of its steps, in steps: the first entry's longer dwell and one
 * more press (and one more chance to miss). It makes the tree flatter where steps alone tie.
 */
export const LEVEL_COST = 0.5;

/** The expected cost of `shapes` (each entry's steps, plus LEVEL_COST per list entered, weighed by its probability in `p`). */
export function expectedCost(shapes: readonly ScanShape[], p: ReadonlyMap<number, number>, before = 0, levelCost = LEVEL_COST): number {
  let sum = 0;
  shapes.forEach((s, i) => {
    const cost = before + i + 1 + levelCost;
    sum += 'id' in s ? (p.get(s.id) ?? 0) * cost : expectedCost(s.children, p, cost, levelCost);
  });
  return sum;
}

/** Where the entry `id` is: its position in each list entered, with that list's length; undefined when absent. */
export function pathTo(shapes: readonly ScanShape[], id: number): { readonly index: number; readonly size: number }[] | undefined {
  for (const [index, s] of shapes.entries()) {
    const here = { index, size: shapes.length };
    if ('id' in s) {
      if (s.id === id) return [here];
      continue;
    }
    const inner = pathTo(s.children, id);
    if (inner) return [here, ...inner];
  }
  return undefined;
}

/** The scan steps to reach the entry `id` with one switch: each list's position + 1, summed. */
export function stepsTo(shapes: readonly ScanShape[], id: number): number | undefined {
  return pathTo(shapes, id)?.reduce((s, l) => s + l.index + 1, 0);
}

/** The tree of least expected cost for `ranked` (likeliest first, probabilities summing to about 1). */
export function huffmanGroups(ranked: readonly { readonly id: number; readonly p: number }[]): ScanShape[] {
  if (ranked.length <= 1) return ranked.map((r) => ({ id: r.id }));
  const p = new Map(ranked.map((r) => [r.id, r.p]));
  let best: ScanShape[] = [];
  let bestCost = Number.POSITIVE_INFINITY;
  for (let k = 2; k <= MAX_ARITY; k++) {
    const tree = huffman(ranked, k);
    const cost = expectedCost(tree, p);
    if (cost < bestCost - 1e-12) {
      best = tree;
      bestCost = cost;
    }
  }
  return best;
}
