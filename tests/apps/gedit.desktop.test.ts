// gedit 44 on a private desktop (issue #14): `assistive-control elements` lists its window as a
// planner receives it, and "click Open" through the assistant loop (grammar, real engine) opens the
// file chooser, read back from gedit's own accessible tree; Escape closes it again.
// A private desktop: this presses keys, which would race the other desktop tests.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AssistantLoop } from '../../src/agent/assistant-loop.js';
import { createElementsCommand } from '../../src/cli/elements-command.js';
import { openDesktopEngine } from '../../src/compose/desktop-engine.js';
import type { AxSnapshot } from '../../src/execution/accessibility/types.js';
import { captureIo } from '../cli/cli-fixtures.js';
import { desktopSkipReason, stopApps, until } from '../support/desktop.js';
import { startGedit, type GeditSession } from './gedit-session.js';

const skip = desktopSkipReason();

/** The file chooser gedit shows for Open: a dialog (or a second window) whose name says Open. */
const chooser = (s: AxSnapshot) => s.elements.find((e) => (e.role === 'dialog' || e.role === 'window') && /open/i.test(e.name));

describe.skipIf(skip !== '')('gedit: listing its window and "click Open"', () => {
  let started: GeditSession | undefined;
  let loop: AssistantLoop;

  const snapshot = (): Promise<AxSnapshot> => {
    if (!started) throw new Error('gedit did not start');
    return started.snapshot();
  };

  beforeAll(async () => {
    started = await startGedit();
    loop = new AssistantLoop({ engine: openDesktopEngine(process.env), emit: () => undefined, confirm: async () => 'declined' });
  }, 60_000);

  afterAll(async () => {
    await stopApps();
    await started?.session.stop();
  });

  it('`elements` lists the window: its Open, New and Save buttons and the text area, numbered', async () => {
    const captured = captureIo(undefined, process.env as Record<string, string>);
    const code = await createElementsCommand((io) => openDesktopEngine(io.env ?? {})).run(['--json'], captured.io);
    expect(code).toBe(0);
    const listed = JSON.parse(captured.out()) as { app: string; text: string; listed: number; tokenEstimate: number };
    expect(listed.app).toBe('gedit');
    for (const name of ['Open', 'New', 'Save']) expect(listed.text).toMatch(new RegExp(`^\\d+ button "${name}"( |$)`, 'm'));
    expect(listed.text).toMatch(/^\d+ text_area /m);
    console.log(`[gedit] elements: ${listed.listed} listed, ~${listed.tokenEstimate} tokens`);
  });

  it('"click Open" opens the file chooser; "press escape" closes it', async () => {
    expect(chooser(await snapshot())).toBeUndefined();
    const opened = await loop.run('click Open');
    expect(opened).toEqual({ outcome: 'done', message: 'Clicked “Open”.' });
    const dialog = await until('the file chooser', async () => chooser(await snapshot()), 15_000);
    console.log(`[gedit] file chooser: ${dialog.role} "${dialog.name}"`);
    expect(dialog.name).toMatch(/open/i);
    expect(await loop.run('press escape')).toMatchObject({ outcome: 'done' });
    await until('the file chooser to close', async () => (chooser(await snapshot()) === undefined ? true : undefined), 15_000);
  }, 60_000);
});
