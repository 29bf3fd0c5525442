// The built core process bundle (scripts/build-main.ts) run for real in its own Node process, linked to
// this test by Node's IPC channel in place of Electron's parentPort (Electron itself cannot run here):
// it starts, finds the accessibility addon from its bundled location, and runs a command on the desktop.
import { fork, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, mkdir, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildMain } from '../../scripts/build-main.js';
import { appPaths } from '../../src/main/app-paths.js';
import { RpcPeer } from '../../src/shared/contracts/core-rpc.js';
import type { AssistantEvent } from '../../src/shared/contracts/events.js';
import { desktopSkipReason } from '../support/desktop.js';

const skip = desktopSkipReason();
const ROOT = fileURLToPath(new URL('../../', import.meta.url));

describe.skipIf(skip !== '')('the built core process', () => {
  let child: ChildProcess;
  let main: RpcPeer;
  const events: AssistantEvent[] = [];

  beforeAll(async () => {
    const { core } = await buildMain(join(ROOT, 'out', 'test-main'));
    const home = await mkdtemp(join(tmpdir(), 'ac-core-bundle-'));
    await mkdir(join(home, 'config', 'assistive-control'), { recursive: true });
    await writeFile(join(home, 'config', 'assistive-control', 'settings.json'), JSON.stringify({ provider: 'grammar' }));
    child = fork(core, [], {
      execArgv: ['--require', fileURLToPath(new URL('./parent-port-shim.cjs', import.meta.url))],
      env: { ...process.env, HOME: home, XDG_CONFIG_HOME: join(home, 'config'), XDG_STATE_HOME: join(home, 'state') },
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    main = new RpcPeer(
      {
        post: (message) => child.send(message as object),
        onMessage: (listener) => {
          child.on('message', listener);
          return () => child.off('message', listener);
        },
      },
      {
        'permissions:check': () => [{ kind: 'accessibility', state: 'granted', explanation: '', canOpenSettings: false }],
        'assistant:event': (event: AssistantEvent) => events.push(event),
      },
    );
  }, 60_000);

  afterAll(() => {
    main?.close('test over');
    child?.kill();
  });

  it('answers the accessibility question through the addon it loaded from its bundled location', async () => {
    const answer = await main.call<{ state: string }>('bridge:permission', 2000);
    expect(answer.state).not.toBe('unavailable');
    expect(['granted', 'denied']).toContain(answer.state);
  });

  it('runs a panel command through the real loop and engine, streaming its events back', async () => {
    // Read-only on purpose: other test files share this desktop.
    const reply = await main.call<{ outcome: string; message: string }>('panel:request', 'command:run', ['which app is in front']);
    expect(['done', 'failed']).toContain(reply.outcome);
    expect(events.find((e) => e.type === 'intent')).toMatchObject({ intent: { intent: 'get_frontmost_app' } });
    expect(events.at(-1)).toMatchObject({ type: 'done', outcome: reply.outcome, message: reply.message });
    expect(events.filter((e) => e.type === 'status').at(-1)).toEqual({ type: 'status', status: 'idle' });
  });

  it('says, in the settings view, what the panel may show and nothing secret', async () => {
    const view = await main.call<Record<string, unknown>>('panel:request', 'settings:view', []);
    expect(view).toMatchObject({ provider: 'grammar', keys: { anthropic: 'not_saved', openai: 'not_saved' } });
  });
});

describe('the app paths the main bundle uses', () => {
  it('point at the built preload, panel and core, and at tray icons of 16 and 32 px', async () => {
    const { buildPanel, buildPreload } = await import('../../scripts/build-panel.js');
    const out = join(ROOT, 'out', 'test-main');
    await buildMain(out);
    await buildPanel(join(out, '..', 'panel'));
    await buildPreload(join(out, '..', 'preload', 'panel-preload.cjs'));
    const paths = appPaths(out);
    for (const file of [paths.preloadPath, join(paths.panelDir, 'index.html'), join(paths.panelDir, 'panel.js'), paths.coreEntry]) {
      expect(existsSync(file), file).toBe(true);
    }
    for (const [name, size] of [
      ['trayTemplate.png', 16],
      ['trayTemplate@2x.png', 32],
      ['tray-light.png', 16],
      ['tray-light@2x.png', 32],
    ] as const) {
      const png = await readFile(join(paths.iconDir, name));
      expect(png.subarray(1, 4).toString('latin1'), name).toBe('PNG');
      expect([png.readUInt32BE(16), png.readUInt32BE(20)], name).toEqual([size, size]);
    }
  }, 60_000);
});
