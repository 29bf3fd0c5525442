// LibreOffice Calc cells on a private desktop (issue #14): "go to cell B3", "type 42 in B3" and
// "select A1 to C5", said to the assistant loop with the grammar as its only planner and run by the
// real engine (AT-SPI and synthesized keys). Every effect is read back from Calc itself, not from
// the engine's answer: the selection from the cell address box (Calc's Name Box, an unnamed text
// field on the Formula toolbar), a cell's content from the cell's own text once it is opened for
// editing (F2: the paragraph inside the accessible "Cell B3"; the sheet's cells are never listed, a
// sheet manages a million of them). Every command must end done without asking: the Enter that
// commits a cell is harmless. One Calc for the whole file (it takes long to start on two cores).
// A private desktop: this types and presses keys, which would race the other desktop tests.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enterDesktopSession, startDesktopSession, type DesktopSession } from '../../scripts/desktop-session.js';
import { AssistantLoop } from '../../src/agent/assistant-loop.js';
import { openDesktopEngine } from '../../src/compose/desktop-engine.js';
import { AxBridge } from '../../src/execution/accessibility/ax-bridge.js';
import type { AxElement, AxSnapshot } from '../../src/execution/accessibility/types.js';
import { createNutInputDriver, type InputDriver } from '../../src/execution/input/input-driver.js';
import { readShownCellReference } from '../../src/shared/cell-address.js';
import type { AssistantEvent } from '../../src/shared/contracts/events.js';
import { activateWindow, desktopSkipReason, until } from '../support/desktop.js';
import { startLibreOffice, type LibreOfficeApp } from '../support/libreoffice.js';

const skip = desktopSkipReason();

/** Calc's cell address box: the editable text field of a toolbar that shows a cell address. */
function addressBox(s: AxSnapshot): AxElement | undefined {
  const byId = new Map(s.elements.map((e) => [e.id, e]));
  const inToolbar = (e: AxElement): boolean => {
    for (let p = e.parent === null ? undefined : byId.get(e.parent); p; p = p.parent === null ? undefined : byId.get(p.parent))
      if (p.role === 'toolbar') return true;
    return false;
  };
  const boxes = s.elements.filter(
    (e) => e.role === 'text_field' && e.states.includes('editable') && readShownCellReference(e.value) !== undefined && inToolbar(e),
  );
  return boxes.length === 1 ? boxes[0] : undefined;
}

describe.skipIf(skip !== '')('LibreOffice Calc: cells by their address, through the real engine', () => {
  let session: DesktopSession;
  let bridge: AxBridge;
  let keys: InputDriver;
  let calc: LibreOfficeApp | undefined;
  let loop: AssistantLoop;
  const events: AssistantEvent[] = [];

  const snapshot = (): Promise<AxSnapshot> => bridge.snapshot({ pid: calc?.pid ?? 0, deadlineMs: 5000 });
  /** What the address box shows now, and whether it has the focus (it gives it back to the sheet after Enter). */
  const shown = async (): Promise<{ value: string | null; focused: boolean } | undefined> => {
    const box = addressBox(await snapshot());
    return box && { value: box.value, focused: box.states.includes('focused') };
  };
  const waitShown = (address: string): Promise<true> =>
    until(
      `the address box to read ${address}`,
      async () => {
        const now = await shown();
        return now?.value === address && !now.focused ? true : undefined;
      },
      10_000,
    );
  /**
   * The content of the selected cell, from the cell itself: F2 opens it for editing, and its text is
   * then the focused paragraph inside the accessible named "Cell B3"; Escape closes it unchanged.
   */
  const cellText = async (address: string): Promise<string | null> => {
    await waitShown(address);
    await keys.pressChord('f2', []);
    try {
      return await until(
        `cell ${address} open for editing`,
        async () => {
          const s = await snapshot();
          const paragraph = s.elements.find((e) => e.platformRole === 'paragraph' && e.states.includes('focused'));
          const parent = paragraph && s.elements.find((e) => e.id === paragraph.parent);
          if (!paragraph || parent?.name !== `Cell ${address}`) return undefined;
          return bridge.readValue({ generation: s.generation, id: paragraph.id });
        },
        10_000,
      );
    } finally {
      await keys.pressChord('escape', []);
      await until('the cell closed again', async () => ((await shown())?.value === address ? true : undefined), 10_000);
    }
  };
  /** Runs one command as a user would send it; it must end done, without a question. */
  const say = async (command: string): Promise<string> => {
    const result = await loop.run(command);
    console.log(`[calc-cells] "${command}" → ${result.outcome}: ${result.message}`);
    expect(result, `"${command}"`).toMatchObject({ outcome: 'done' });
    return result.message;
  };

  beforeAll(async () => {
    session = await startDesktopSession();
    enterDesktopSession(session.env);
    bridge = AxBridge.open();
    keys = createNutInputDriver();
    expect((await bridge.permission({ prompt: true })).state).toBe('granted');
    calc = await startLibreOffice(bridge, 'calc', (s) => s.elements.some((e) => e.role === 'table') && addressBox(s) !== undefined);
    await activateWindow('LibreOffice Calc$');
    await until('Calc in front', async () => ((await bridge.frontmostApp().catch(() => undefined))?.pid === calc?.pid ? true : undefined), 10_000);
    // The loop as the front ends compose it, with the grammar as its only planner; a question
    // (a confirmation) is declined, so a command that asked would not end done.
    loop = new AssistantLoop({ engine: openDesktopEngine(process.env), emit: (e) => events.push(e), confirm: async () => 'declined' });
  }, 180_000);

  afterAll(async () => {
    await calc?.stop();
    await session?.stop();
  });

  it('"go to cell B3" moves the selection: the address box reads B3 and the sheet has the focus again', async () => {
    expect((await shown())?.value).toBe('A1');
    expect(await say('go to cell B3')).toMatch(/B3/);
    await waitShown('B3');
    // And back, by another phrasing: the box follows.
    await say('jump to cell D12');
    await waitShown('D12');
    // The last cell of a sheet, far off screen.
    await say('go to cell XFD1048576');
    await waitShown('XFD1048576');
  }, 60_000);

  it('"type 42 in B3" fills B3 from elsewhere: Enter commits (the selection moves down to B4), and B3 holds 42', async () => {
    await say('go to cell A1');
    await waitShown('A1');
    await say('type 42 in B3');
    // Enter committed the cell: Calc moved the selection down.
    await waitShown('B4');
    await say('go to cell B3');
    expect(await cellText('B3')).toBe('42');
    // The other phrasings fill other cells the same way.
    await say('put 7 into cell C3');
    await waitShown('C4');
    await say('type "Total" into cell A3');
    await waitShown('A4');
    await say('go to cell C3');
    expect(await cellText('C3')).toBe('7');
    await say('go to cell A3');
    expect(await cellText('A3')).toBe('Total');
  }, 90_000);

  it('"select A1 to C5", "select A1:C5" and "select cells A1 through C5" select the range: the box reads A1:C5', async () => {
    for (const command of ['select A1 to C5', 'select A1:C5', 'select cells A1 through C5']) {
      await say('go to cell E9');
      await waitShown('E9');
      expect(await say(command)).toMatch(/A1:C5/);
      await waitShown('A1:C5');
    }
    // Every command of the file ended done; none stopped to ask.
    const done = events.filter((e) => e.type === 'done');
    expect(done.length).toBeGreaterThan(10);
    expect(done.every((e) => e.type === 'done' && e.outcome === 'done')).toBe(true);
  }, 90_000);
});
