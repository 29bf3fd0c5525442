// The built preload (src/preload/panel-preload.cts, bundled as the app bundles it) run in a bare
// context with a stand-in for Electron's contextBridge and ipcRenderer: it requires Electron and
// nothing else, and exposes exactly the named PanelApi functions, each calling its own channel.
import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { buildPreload } from '../../scripts/build-panel.js';
import { PANEL_API_CHANNELS } from '../../src/shared/contracts/ipc-contract.js';

const KEY = 'sk-test-4f1c9e0a7b2d4c68a9e1';

describe('the built preload', () => {
  it('exposes exactly the named PanelApi functions, each calling its own channel with its arguments', async () => {
    const out = join(await mkdtemp(join(tmpdir(), 'ac-preload-')), 'panel-preload.cjs');
    await buildPreload(out);
    const exposed: Record<string, Record<string, (...a: unknown[]) => unknown>> = {};
    const invoked: unknown[][] = [];
    const electron = {
      contextBridge: { exposeInMainWorld: (name: string, api: Record<string, (...a: unknown[]) => unknown>) => void (exposed[name] = api) },
      ipcRenderer: { invoke: (...a: unknown[]) => (invoked.push(a), Promise.resolve()), on: () => undefined, removeListener: () => undefined },
    };
    const module = { exports: {} };
    // The sandboxed preload may require Electron and nothing else.
    runInNewContext(await readFile(out, 'utf8'), {
      module,
      exports: module.exports,
      require: (name: string) => {
        if (name === 'electron') return electron;
        throw new Error(`the preload required ${name}`);
      },
    });
    const api = exposed.assistiveControl ?? {};
    expect(Object.keys(api).sort()).toEqual([...Object.keys(PANEL_API_CHANNELS), 'onEvent', 'onShellSignal'].sort());
    for (const [method, channel] of Object.entries(PANEL_API_CHANNELS)) {
      invoked.length = 0;
      await api[method]?.('a', 'b');
      expect(invoked[0]?.[0], method).toBe(channel);
    }
    await api.saveKey?.('openai', KEY);
    expect(invoked.at(-1)).toEqual(['keys:save', 'openai', KEY]);
  });
});
