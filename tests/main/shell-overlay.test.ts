// The Electron shell's numbered overlay and switch keys (issue #9; src/main/shell.ts on the
// recording fake of electron, shell-harness.ts): the overlay window drawn from the marks, closed on
// "hide numbers", the next action or Esc, a confirmation's outline, the switch keys held by the core
// or captured as shortcuts, and the overlay following the switch highlight.
import { describe, expect, it, vi } from 'vitest';
import { fake, notices, panelEvent, running, setup } from './shell-harness.js';

/** Space and Enter as switches on Linux, held by a core on X11 (it holds every key asked). */
async function heldByTheCore() {
  fake().state.holdKeys = (keys) => ({ held: keys, problems: [] });
  const switchAccess = { enabled: true, mode: 'step', selectInput: 'Space', moveInput: 'Enter' };
  const { window, shell } = await running(await setup({ switchAccess }), 'linux');
  const core = fake().state.forks[0];
  await vi.waitFor(() => expect(shell.switches.active).toEqual(['Space', 'Enter']));
  return { window, shell, core };
}

describe('the numbered overlay and the switch keys (issue #9)', () => {
  const MARKS = [
    { id: 1, role: 'button', label: 'Send', x: 100, y: 200, width: 80, height: 30 },
    { id: 2, role: 'text_field', label: 'To', x: 100, y: 250, width: 300, height: 30 },
  ];

  /** Sends "command" from the panel and lets the core answer `value`. */
  async function run(window: { webContents: unknown & { mainFrame: unknown } }, command: string, value: unknown, id: number): Promise<unknown> {
    const core = fake().state.forks[0];
    const reply = fake().state.ipcHandlers.get('command:run')?.(panelEvent(window), command) as Promise<unknown>;
    await vi.waitFor(() => expect(core?.posted).toContainEqual({ kind: 'call', id, method: 'panel:request', args: ['command:run', [command]] }));
    core?.emit('message', { kind: 'reply', id, ok: true, value });
    return reply;
  }

  it('"show numbers" opens a transparent, click-through, always-on-top, unfocusable window over the display, drawn from the marks', async () => {
    const { window } = await running(await setup());
    const view = { app: 'Mail', marks: MARKS };
    await expect(run(window, 'show numbers', { outcome: 'done', message: 'Numbers 1 to 2 are shown on “Mail”.', overlay: view }, 0)).resolves.toMatchObject({
      overlay: view,
    });
    const overlay = fake().state.windows[1];
    if (!overlay) throw new Error('no overlay window');
    expect(overlay.options).toMatchObject({
      transparent: true,
      frame: false,
      focusable: false,
      alwaysOnTop: true,
      skipTaskbar: true,
      resizable: false,
      movable: false,
      show: false,
    });
    expect(overlay.options.webPreferences).toMatchObject({ contextIsolation: true, sandbox: true, nodeIntegration: false });
    expect((overlay.options.webPreferences as Record<string, unknown>).preload).toBeUndefined();
    expect(overlay.ignoreMouseCalls).toEqual([[true]]);
    expect(overlay.alwaysOnTopCalls).toEqual([[true, 'screen-saver']]);
    expect(overlay.workspaceCalls).toEqual([[true, { visibleOnFullScreen: true, skipTransformProcessType: true }]]);
    // The whole display (not its work area), shown without taking the focus from the app under it.
    expect(overlay.getBounds()).toEqual({ x: 0, y: 0, width: 1440, height: 900 });
    expect(overlay.shownInactive).toBe(1);
    expect(overlay.focused).toBe(false);
    const url = new URL(overlay.webContents.getURL());
    expect(`${url.protocol}//${url.host}${url.pathname}`).toBe('app://panel/overlay.html');
    expect(JSON.parse(decodeURIComponent(url.hash.slice(1)))).toEqual({ app: 'Mail', marks: MARKS, origin: { x: 0, y: 0 }, highlight: [] });
    // Esc is taken system-wide only while the numbers are up.
    expect(fake().state.shortcuts.has('Escape')).toBe(true);
  });

  it('"show the panel" said while the panel is hidden shows it without taking the focus; a reply that does not ask leaves it hidden (issue #31)', async () => {
    const { window } = await running(await setup());
    const panel = window as unknown as {
      hide(): void;
      visible: boolean;
      focused: boolean;
      shownInactive: number;
      options: { webPreferences: Record<string, unknown> };
    };
    // Listening goes on while it is hidden: the page is not throttled.
    expect(panel.options.webPreferences.backgroundThrottling).toBe(false);
    panel.hide();
    await run(window, 'click Send', { outcome: 'done', message: 'Clicked “Send”.' }, 0);
    await run(window, 'show the panel', { outcome: 'done', message: 'The panel is shown.', showPanel: 'please' }, 1);
    expect(panel.visible).toBe(false);
    const shownBefore = panel.shownInactive;
    await run(window, 'show the panel', { outcome: 'done', message: 'The panel is shown.', showPanel: true }, 2);
    expect(panel.visible).toBe(true);
    expect(panel.focused).toBe(false);
    expect(panel.shownInactive).toBe(shownBefore + 1);
  });

  it('covers the display that holds the marks, drawn relative to that display’s corner', async () => {
    fake().state.displays.push({ workArea: { x: 1440, y: 0, width: 1920, height: 1050 }, bounds: { x: 1440, y: 0, width: 1920, height: 1080 } });
    const { window } = await running(await setup());
    const marks = [{ id: 1, role: 'button', label: 'Send', x: 1500, y: 300, width: 80, height: 30 }];
    await run(window, 'show numbers', { outcome: 'done', message: '', overlay: { app: 'Mail', marks } }, 0);
    const overlay = fake().state.windows[1];
    expect(overlay?.getBounds()).toEqual({ x: 1440, y: 0, width: 1920, height: 1080 });
    expect(JSON.parse(decodeURIComponent(new URL(overlay?.webContents.getURL() ?? '').hash.slice(1))).origin).toEqual({ x: 1440, y: 0 });
  });

  it('closes on "hide numbers", on the next action, and on Esc (telling the panel); Esc is released each time', async () => {
    const { window } = await running(await setup());
    await run(window, 'show numbers', { outcome: 'done', message: '', overlay: { app: 'Mail', marks: MARKS } }, 0);
    const overlay = fake().state.windows[1];
    await run(window, 'hide numbers', { outcome: 'done', message: 'The numbers are hidden.', overlay: 'hidden' }, 1);
    expect(overlay?.isVisible()).toBe(false);
    expect(fake().state.shortcuts.has('Escape')).toBe(false);

    await run(window, 'show numbers', { outcome: 'done', message: '', overlay: { app: 'Mail', marks: MARKS } }, 2);
    expect(fake().state.windows).toHaveLength(2); // the same window again
    expect(overlay?.isVisible()).toBe(true);
    await run(window, 'click 1', { outcome: 'done', message: 'Clicked “Send”.', overlay: 'hidden' }, 3);
    expect(overlay?.isVisible()).toBe(false);

    await run(window, 'show numbers', { outcome: 'done', message: '', overlay: { app: 'Mail', marks: MARKS } }, 4);
    fake().state.shortcuts.get('Escape')?.();
    expect(overlay?.isVisible()).toBe(false);
    expect(fake().state.shortcuts.has('Escape')).toBe(false);
    expect(window.webContents.sent).toContainEqual(['shell:signal', { kind: 'overlay_closed' }]);
    // A reply without overlay leaves the numbers as they are.
    await run(window, 'show numbers', { outcome: 'done', message: '', overlay: { app: 'Mail', marks: MARKS } }, 5);
    await run(window, 'what time is it', { outcome: 'failed', message: 'No.' }, 6);
    expect(overlay?.isVisible()).toBe(true);
  });

  it('while a confirmation waits, outlines its target (alone or over the numbers) and takes it away when the question ends; Esc stays the app’s', async () => {
    const { window } = await running(await setup());
    const core = fake().state.forks[0];
    const event = (e: unknown) => core?.emit('message', { kind: 'notify', method: 'assistant:event', args: [e] });
    const fragmentOf = (w: { webContents: { getURL: () => string } } | undefined) =>
      JSON.parse(decodeURIComponent(new URL(w?.webContents.getURL() ?? '').hash.slice(1)));
    const target = { kind: 'element', label: 'Delete everything', x: 9, y: 66, width: 151, height: 34 };
    const risk = { level: 'destructive', reason: 'It deletes.' };
    event({ type: 'status', status: 'waiting_for_user' });
    event({ type: 'confirmation_request', id: 'q1', summary: 'Click “Delete everything”.', risk, target });
    await vi.waitFor(() => expect(fake().state.windows[1]?.isVisible()).toBe(true));
    const overlay = fake().state.windows[1];
    expect(fragmentOf(overlay)).toEqual({ app: '', marks: [], origin: { x: 0, y: 0 }, highlight: [], target });
    expect(fake().state.shortcuts.has('Escape')).toBe(false);
    // Answered: the run goes on (or ends), and the outline goes.
    event({ type: 'status', status: 'executing' });
    await vi.waitFor(() => expect(overlay?.isVisible()).toBe(false));

    // Over the numbers: both drawn; the question's end leaves the numbers as they were.
    await run(window, 'show numbers', { outcome: 'done', message: '', overlay: { app: 'Mail', marks: MARKS } }, 0);
    const point = { kind: 'point', label: 'the point 140, 215', x: 140, y: 215 };
    event({ type: 'confirmation_request', id: 'q2', summary: 'Click at 140, 215.', risk, target: point });
    await vi.waitFor(() => expect(fragmentOf(overlay).target).toEqual(point));
    expect(fragmentOf(overlay).marks).toEqual(MARKS);
    event({ type: 'done', outcome: 'refused', message: 'Not done.' });
    await vi.waitFor(() => expect(fragmentOf(overlay).target).toBeUndefined());
    expect(fragmentOf(overlay).marks).toEqual(MARKS);
    expect(overlay?.isVisible()).toBe(true);
    // A question with no place found outlines nothing.
    event({ type: 'confirmation_request', id: 'q3', summary: 'Press Ctrl+Q.', risk });
    await run(window, 'hide numbers', { outcome: 'done', message: 'The numbers are hidden.', overlay: 'hidden' }, 1);
    expect(overlay?.isVisible()).toBe(false);
  });

  it('the core holds the switch keys while another app has the keyboard: each press and release reaches the panel; the panel focused lets go', async () => {
    const { window, core } = await heldByTheCore();
    expect(core?.holds).toEqual([['Space', 'Enter']]);
    // No global shortcut takes Space or Enter: the hold is the core's.
    expect([...fake().state.shortcuts.keys()]).toEqual(['CommandOrControl+Shift+Space']);
    core?.emit('message', { kind: 'notify', method: 'switch:key', args: [{ key: 'Space', edge: 'down' }] });
    core?.emit('message', { kind: 'notify', method: 'switch:key', args: [{ key: 'Space', edge: 'up' }] });
    // A key that is no switch, or a malformed report, goes nowhere.
    core?.emit('message', { kind: 'notify', method: 'switch:key', args: [{ key: 'F20', edge: 'down' }] });
    core?.emit('message', { kind: 'notify', method: 'switch:key', args: [{ key: 'Enter', edge: 'sideways' }] });
    await vi.waitFor(() =>
      expect(window.webContents.sent.filter(([channel, e]) => channel === 'shell:signal' && (e as { kind: string }).kind === 'switch_key')).toEqual([
        ['shell:signal', { kind: 'switch_key', input: 'Space', edge: 'down' }],
        ['shell:signal', { kind: 'switch_key', input: 'Space', edge: 'up' }],
        ['shell:signal', { kind: 'switch_key', input: 'Enter', edge: 'lost' }],
      ]),
    );
    window.focus();
    window.emit('focus');
    await vi.waitFor(() => expect(core?.holds.at(-1)).toEqual([]));
    window.blur();
    await vi.waitFor(() => expect(core?.holds.at(-1)).toEqual(['Space', 'Enter']));
    expect(notices(window)).toEqual([]);
  });

  it('never stranded (issue #31): a switch press brings a hidden panel back without the focus; while the core restarts the shell holds the switch keys and a press reaches the panel', async () => {
    const { window, core } = await heldByTheCore();
    window.hide();
    core?.emit('message', { kind: 'notify', method: 'switch:key', args: [{ key: 'Space', edge: 'down' }] });
    await vi.waitFor(() => expect(window.visible).toBe(true));
    expect(window.shownInactive).toBe(1);
    expect(window.focused).toBe(false);
    // The core dies: its hold is gone, so the shell takes the switch keys as global shortcuts until it is back.
    core?.emit('exit', 9);
    await vi.waitFor(() => expect([...fake().state.shortcuts.keys()].sort()).toEqual(['CommandOrControl+Shift+Space', 'Enter', 'Space']));
    fake().state.shortcuts.get('Space')?.();
    expect(window.webContents.sent.at(-1)).toEqual(['shell:signal', { kind: 'switch', input: 'Space' }]);
    expect(window.webContents.sent).toContainEqual(['assistant:event', expect.objectContaining({ type: 'error', code: 'core_exited' })]);
    // The new core holds them again, and the shell lets go of its shortcuts first.
    await vi.waitFor(() => expect(fake().state.forks).toHaveLength(2), { timeout: 3000 });
    await vi.waitFor(() => expect(fake().state.forks[1]?.holds).toEqual([['Space', 'Enter']]));
    expect([...fake().state.shortcuts.keys()]).toEqual(['CommandOrControl+Shift+Space']);
  });

  it('where the core can hold no key, only F13–F24 are captured system-wide (as global shortcuts) and the others are named in a sentence', async () => {
    const switchAccess = { enabled: true, mode: 'step', selectInput: 'F13', moveInput: 'Space' };
    const { window, shell } = await running(await setup({ switchAccess }));
    // Space would take the space bar from every app: never a global shortcut.
    await vi.waitFor(() => expect([...fake().state.shortcuts.keys()].sort()).toEqual(['CommandOrControl+Shift+Space', 'F13']));
    expect(shell.switches.active).toEqual(['F13']);
    await vi.waitFor(() =>
      expect(notices(window)).toEqual([
        'The switch key Space works only while the panel has the focus: there is no X display to hold keys on. Choose F13–F24 as switch keys to use them in other apps.',
      ]),
    );
    fake().state.shortcuts.get('F13')?.();
    expect(window.webContents.sent).toContainEqual(['shell:signal', { kind: 'switch', input: 'F13' }]);
    window.focus();
    window.emit('focus');
    await vi.waitFor(() => expect(fake().state.shortcuts.has('F13')).toBe(false));
    window.blur();
    await vi.waitFor(() => expect(fake().state.shortcuts.has('F13')).toBe(true));
    // Said once: the focus change does not repeat it.
    expect(notices(window)).toHaveLength(1);
  });

  it('says when a switch key is taken by another app or is the panel shortcut; switch access off captures nothing', async () => {
    fake().state.taken.add('F14');
    const { window } = await running(
      await setup({ globalShortcut: 'F13', switchAccess: { enabled: true, mode: 'step', selectInput: 'F13', moveInput: 'F14' } }),
    );
    await vi.waitFor(() =>
      expect(notices(window)).toEqual([
        'F13 is also the shortcut that shows the panel, so it cannot be a switch in other apps. Choose another switch key or shortcut in Settings.',
        'The switch key F14 is already used by another app, so the switch works only while the panel has the focus. Choose another switch key in Settings.',
      ]),
    );
    expect(fake().state.shortcuts.has('F14')).toBe(false);
    // The push-to-talk shortcut keeps its key too, when voice is on.
    fake().reset();
    const voiceOn = await running(await setup({ voice: { enabled: true, shortcut: 'F15' }, switchAccess: { enabled: true, selectInput: 'F15' } }));
    await vi.waitFor(() =>
      expect(notices(voiceOn.window)).toContain(
        'F15 is also the shortcut that starts listening, so it cannot be a switch in other apps. Choose another switch key or shortcut in Settings.',
      ),
    );
    fake().reset();
    await running(await setup({ switchAccess: { enabled: false, selectInput: 'F15' } }));
    expect([...fake().state.shortcuts.keys()]).toEqual(['CommandOrControl+Shift+Space']);
  });
});

describe('the overlay follows the switch highlight (issue #9)', () => {
  const MARKS = [{ id: 1, role: 'button', label: 'Send', x: 100, y: 200, width: 80, height: 30 }];

  it('redraws the numbers with the highlighted ones once the core accepted the request; nothing when the numbers are down', async () => {
    const { window } = await running(await setup());
    const core = fake().state.forks[0];
    const call = (channel: string, arg: unknown, id: number, value: unknown) => {
      const reply = fake().state.ipcHandlers.get(channel)?.(panelEvent(window), arg) as Promise<unknown>;
      core?.emit('message', { kind: 'reply', id, ok: true, value });
      return reply;
    };
    await call('overlay:highlight', [1], 0, undefined);
    expect(fake().state.windows).toHaveLength(1); // no numbers, no overlay window
    await call('command:run', 'show numbers', 1, { outcome: 'done', message: '', overlay: { app: 'Mail', marks: MARKS } });
    const overlay = fake().state.windows[1];
    await call('overlay:highlight', [1], 2, undefined);
    const drawn = JSON.parse(decodeURIComponent(new URL(overlay?.webContents.getURL() ?? '').hash.slice(1))) as { highlight: number[] };
    expect(drawn.highlight).toEqual([1]);
    // A payload the core refuses draws nothing.
    const refused = fake().state.ipcHandlers.get('overlay:highlight')?.(panelEvent(window), ['x']) as Promise<unknown>;
    core?.emit('message', { kind: 'reply', id: 3, ok: false, name: 'InvalidPayloadError', message: 'Invalid payload for overlay:highlight.' });
    await expect(refused).rejects.toThrow();
    expect(JSON.parse(decodeURIComponent(new URL(overlay?.webContents.getURL() ?? '').hash.slice(1))).highlight).toEqual([1]);
  });
});
