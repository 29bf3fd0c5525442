import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkFile, checkTree, importSpecifiers, sourceFacts } from '../../scripts/layers.js';

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

  it('reads imports from the syntax tree: require.resolve, createRequire, import =, typeof import; strings and comments fake none', () => {
    const source = `
      import { createRequire } from 'node:module';
      import fs = require('./g.cjs');
      type M = typeof import('./h.js');
      const p = require.resolve('./i.js');
      const w = createRequire(import.meta.url)('./j.node');
      const text = "import { fake } from './in-a-string.js'";
      const tpl = \`require('./in-a-template.js')\`;
      /* const k = require('./commented.js'); */
    `;
    expect(importSpecifiers(source)).toEqual(['node:module', './g.cjs', './h.js', './i.js', './j.node']);
  });

  it('reads a .tsx file (JSX is no obstacle)', () => {
    expect(importSpecifiers("import { h } from 'preact';\nexport const A = () => <div title='x'>{import('./lazy.js')}</div>;", 'x.tsx')).toEqual([
      'preact',
      './lazy.js',
    ]);
  });

  it('finds raw IPC uses with their lines', () => {
    expect(sourceFacts("import { ipcMain } from 'electron';\nipcMain.handle('x', f);\nelectron.ipcRenderer.send('y');\nelectron['ipcMain'];").rawIpc).toEqual([
      { name: 'ipcMain', line: 2 },
      { name: 'ipcRenderer', line: 3 },
      { name: 'ipcMain', line: 4 },
    ]);
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
    // Processes as folders: the core never loads Electron, and the two processes share only src/shared.
    ['core/x.ts', "import { app } from 'electron';", "src/core may not import the package 'electron'"],
    ['core/x.ts', "import type { ParentPort } from 'electron';", "src/core may not import the package 'electron'"],
    ['core/x.ts', "import { CoreHost } from '../main/core-host.js';", 'src/core may not import src/main'],
    ['main/x.ts', "import type { PanelSession } from '../core/panel-session.js';", 'src/main may not import src/core'],
    ['main/x.ts', "import { startCore } from '../core/core-process.js';", 'src/main may not import src/core'],
    ['main/x.ts', "import { settingsPlanner } from '../compose/settings-planner.js';", 'src/main may not import src/compose'],
    ['config/x.ts', "import { composePlanner } from '../compose/planner-composer.js';", 'src/config may not import src/compose'],
    ['intent/x.ts', "import x from '../../native/ax-bridge/index.js';", 'src/intent may not load the native bridge'],
    ['intent/x.ts', "import x from '../../scripts/layers.js';", 'imports from outside src/'],
    // The addon rule: only src/execution/accessibility loads the native addon.
    [
      'execution/x.ts',
      "const addon = require('../../native/ax-bridge/build/Release/ax_bridge.node');",
      'only src/execution/accessibility loads the native addon',
    ],
    ['main/x.ts', "const addon = await import('../../native/ax-bridge/index.js');", 'src/main may not load the native bridge'],
    // The LLM SDKs: only src/providers builds their clients.
    ['intent/providers/x.ts', "import OpenAI from 'openai';", 'only src/providers imports the LLM SDKs'],
    ['voice/x.ts', "const { Anthropic } = await import('@anthropic-ai/sdk');", 'only src/providers imports the LLM SDKs'],
    ['cli/x.ts', "import type { Ollama } from 'ollama';", 'only src/providers imports the LLM SDKs'],
    [
      'execution/input/x.ts',
      "import { createRequire } from 'node:module'; const a = createRequire(import.meta.url)('../../../prebuilds/linux-x64/ax_bridge.node');",
      'only src/execution/accessibility loads the native addon',
    ],
    ['compose/x.ts', "import { loadNativeBridge } from '../execution/accessibility/native.js';", "may not import the addon's loader"],
    ['execution/x.ts', 'const where = `../../native/ax-bridge/build/Release/ax_bridge.node`; const addon = require(where);', "names the native addon's file"],
    // Raw IPC: only the binding files touch ipcMain / ipcRenderer.
    [
      'main/x.ts',
      "import { ipcMain } from 'electron'; ipcMain.handle('panel:run', () => 1);",
      'uses ipcMain directly (line 1): only src/main/panel/panel-ipc.ts and src/preload/panel-preload.cts',
    ],
    ['preload/x.cts', "const electron = require('electron');\nelectron.ipcRenderer.invoke('panel:run');", 'uses ipcRenderer directly (line 2)'],
  ])('fails %s importing: %s', (file, source, message) => {
    const v = checkFile(SRC, at(file), source);
    expect(v.map((x) => x.message)).toEqual([expect.stringContaining(message)]);
  });

  it.each([
    ['registry/x.ts', "import { Intent } from '../intent/schema.js'; import { a } from '../execution/a.js';"],
    ['agent/x.ts', "import { classifyRisk } from '../registry/risk.js';"],
    ['cli/x.ts', "import { load } from '../config/settings.js'; import { z } from 'zod';"],
    ['core/x.ts', "import { settingsPlanner } from '../compose/settings-planner.js'; import { RpcPeer } from '../shared/core-rpc.js';"],
    [
      'main/x.ts',
      "import { app } from 'electron'; import { CORE_CONTRACT } from '../shared/core-contract.js'; import { settingsDir } from '../config/settings-path.js';",
    ],
    ['compose/x.ts', "import { createPlanner } from '../intent/providers/create-planner.js'; import { load } from '../config/settings.js';"],
    ['panel/x.tsx', "import type { AssistantEvent } from '../shared/events.js'; import { h } from 'preact';"],
    ['intent/grammar/x.ts', "import { Intent } from '../schema.js'; import { KEY_NAMES } from '../../shared/keys.js';"],
    [
      'execution/accessibility/native.ts',
      "const a = require('../../../native/ax-bridge/build/Release/ax_bridge.node'); const b = '../../../prebuilds/linux-x64/ax_bridge.node';",
    ],
    ['execution/accessibility/ax-bridge.ts', "import { loadNativeBridge } from './native.js';"],
    ['compose/x.ts', "import { AxBridge } from '../execution/accessibility/ax-bridge.js';"],
    ['voice/x.ts', "import { createRequire } from 'node:module'; const w = createRequire(import.meta.url)('@fugood/whisper.node');"],
    ['main/panel/panel-ipc.ts', "export function bind(ipcMain: IpcMain) { ipcMain.handle('panel:run', () => 1); }"],
    ['preload/panel-preload.cts', "const { ipcRenderer } = require('electron'); ipcRenderer.invoke('panel:run');"],
    ['main/x.ts', "import { ipcMain } from 'electron'; registerPanelIpc(ipcMain, session, trusted);"],
  ])('allows %s importing: %s', (file, source) => {
    expect(checkFile(SRC, at(file), source)).toEqual([]);
  });

  it('fails a folder that is not a known layer', () => {
    expect(checkFile(SRC, at('utils/x.ts'), '')[0]?.message).toContain('not a known layer');
  });
});
