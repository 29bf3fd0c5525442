// File-level import circles (issue #28): none in src/, and the check finds one however it is made
// (a type-only import, a re-export, a dynamic import, a longer ring), naming the files around it.
import { mkdtempSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { checkCircles, circles, describeCircle, importGraph } from '../../scripts/import-circles.js';

const SRC = resolve(import.meta.dirname, '../../src');

/** A source tree of its own: { 'agent/a.ts': source }. */
function tree(files: Readonly<Record<string, string>>): string {
  const root = mkdtempSync(join(tmpdir(), 'ac-circles-'));
  made.push(root);
  for (const [rel, source] of Object.entries(files)) {
    const path = join(root, 'src', rel);
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, source);
  }
  return join(root, 'src');
}
const made: string[] = [];
afterEach(() => {
  for (const d of made.splice(0)) rmSync(d, { recursive: true, force: true });
});

describe('import circles', () => {
  it('there are none in src/ (type-only imports count)', () => {
    expect(checkCircles(SRC)).toEqual([]);
  });

  it('a type-only import back is a circle, named by its two files', () => {
    const src = tree({
      'agent/loop-types.ts': "import type { Store } from './own-commands.js';\nexport interface Deps { store: Store }\n",
      'agent/own-commands.ts': "import type { Deps } from './loop-types.js';\nexport interface Store { deps?: Deps }\n",
    });
    expect(checkCircles(src)).toEqual([
      {
        file: 'src/agent/loop-types.ts',
        specifier: '',
        message:
          'import circle: src/agent/loop-types.ts → src/agent/own-commands.ts → src/agent/loop-types.ts (move what both need into a file both can import)',
      },
    ]);
  });

  it('a re-export, a dynamic import and a .tsx file close circles too; a longer ring is walked around once', () => {
    const src = tree({
      'cli/main.ts': "export const load = () => import('./completion.js');\n",
      'cli/completion.ts': "import { load } from './main.js';\nexport const names = [load];\n",
      'panel/a.tsx': "export { b } from './b.js';\nexport const a = 1;\n",
      'panel/b.ts': "import { c } from './c.js';\nexport const b = c;\n",
      'panel/c.ts': "import { a } from './a.js';\nexport const c = a;\n",
      'shared/alone.ts': "import { z } from 'zod';\nexport const x = z;\n",
    });
    const files = ['cli/main.ts', 'cli/completion.ts', 'panel/a.tsx', 'panel/b.ts', 'panel/c.ts', 'shared/alone.ts'];
    const found = circles(importGraph(new Map(files.map((f) => [join(src, f), readFileSync(join(src, f), 'utf8')]))));
    expect(found.map((c) => describeCircle(resolve(src, '..'), c))).toEqual([
      'src/cli/completion.ts → src/cli/main.ts → src/cli/completion.ts',
      'src/panel/a.tsx → src/panel/b.ts → src/panel/c.ts → src/panel/a.tsx',
    ]);
    expect(checkCircles(src)).toHaveLength(2);
  });

  it('files that import each other only one way are no circle', () => {
    const src = tree({
      'agent/dialogue.ts': "import type { Deps } from './loop-types.js';\nexport const d = (x: Deps) => x;\n",
      'agent/loop-types.ts': 'export interface Deps { a: number }\n',
      'agent/acting.ts': "import { d } from './dialogue.js';\nimport type { Deps } from './loop-types.js';\nexport const act = (x: Deps) => d(x);\n",
    });
    expect(checkCircles(src)).toEqual([]);
  });
});
