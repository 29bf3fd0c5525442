import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkFile, checkTree, importSpecifiers } from '../../scripts/layers.js';

const SRC = resolve(import.meta.dirname, '../../src');
const at = (rel: string) => join(SRC, rel);

describe('layering rule', () => {
  it('holds for the whole source tree', () => {
    expect(checkTree(SRC)).toEqual([]);
  });

  it('finds static, type-only, re-export, dynamic and require imports, and ignores comments', () => {
    const source = `
      import { a } from './a.js';
      import type { B } from "../b.js";
      export { c } from './c.js';
      export * from './d.js';
      import './side-effect.js';
      const e = await import('./e.js');
      const f = require('./f.cjs');
      // import { no } from './commented.js';
      /* import { no2 } from './block.js'; */
    `;
    expect(importSpecifiers(source)).toEqual(['./a.js', '../b.js', './c.js', './d.js', './side-effect.js', './e.js', './f.cjs']);
  });

  it.each([
    ['intent/x.ts', "import { run } from '../registry/risk.js';", 'src/intent may not import src/registry'],
    ['intent/x.ts', "import { Engine } from '../execution/engine.js';", 'src/intent may not import src/execution'],
    ['execution/x.ts', "import type { Intent } from '../intent/schema.js';", 'src/execution may not import src/intent'],
    ['shared/x.ts', "import { z } from '../config/settings.js';", 'src/shared may not import src/config'],
    ['panel/x.tsx', "import { main } from '../main/app.js';", 'src/panel may not import src/main'],
    ['panel/x.tsx', "import { readFile } from 'node:fs';", "src/panel may not import the package 'node:fs'"],
    ['panel/x.tsx', "import { ipcRenderer } from 'electron';", "src/panel may not import the package 'electron'"],
    ['cli/x.ts', "const m = await import('../main/app.js');", 'src/cli may not import src/main'],
    ['voice/x.ts', "import { loop } from '../agent/loop.js';", 'src/voice may not import src/agent'],
    ['compose/x.ts', "import { shell } from '../main/shell.js';", 'src/compose may not import src/main'],
    ['config/x.ts', "import { composePlanner } from '../compose/planner-composer.js';", 'src/config may not import src/compose'],
    ['intent/x.ts', "import x from '../../native/ax-bridge/index.js';", 'src/intent may not load the native bridge'],
    ['intent/x.ts', "import x from '../../scripts/layers.js';", 'imports from outside src/'],
  ])('fails %s importing: %s', (file, source, message) => {
    const v = checkFile(SRC, at(file), source);
    expect(v.map((x) => x.message)).toEqual([expect.stringContaining(message)]);
  });

  it.each([
    ['registry/x.ts', "import { Intent } from '../intent/schema.js'; import { a } from '../execution/a.js';"],
    ['agent/x.ts', "import { classifyRisk } from '../registry/risk.js';"],
    ['cli/x.ts', "import { load } from '../config/settings.js'; import { z } from 'zod';"],
    ['main/x.ts', "import { settingsPlanner } from '../compose/settings-planner.js';"],
    ['compose/x.ts', "import { createPlanner } from '../intent/providers/create-planner.js'; import { load } from '../config/settings.js';"],
    ['panel/x.tsx', "import type { AssistantEvent } from '../shared/events.js'; import { h } from 'preact';"],
    ['intent/grammar/x.ts', "import { Intent } from '../schema.js'; import { KEY_NAMES } from '../../shared/keys.js';"],
  ])('allows %s importing: %s', (file, source) => {
    expect(checkFile(SRC, at(file), source)).toEqual([]);
  });

  it('fails a folder that is not a known layer', () => {
    expect(checkFile(SRC, at('utils/x.ts'), '')[0]?.message).toContain('not a known layer');
  });
});
