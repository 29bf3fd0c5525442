// go_to_cell in the engine, against a scripted spreadsheet (issue #14): how the cell address box is
// found (by its name, else as the one toolbar text field that shows an address), what is done there
// (focus, the address, Enter), how the result is read back, and the sentence for every way it can
// fail. Calc itself is driven in tests/apps/calc-cells.desktop.test.ts.
import { describe, expect, it } from 'vitest';
import type { AxElement, AxSnapshot, ElementRef } from '../../src/execution/accessibility/types.js';
import { ExecutionEngine } from '../../src/execution/engine.js';
import type { AccessibilityDriver, Clock, LiveFacts } from '../../src/execution/engine-types.js';
import type { InputDriver } from '../../src/execution/input/input-driver.js';
import { dispatchIntent } from '../../src/registry/dispatch.js';
import { el } from './element-fixtures.js';

const PID = 4321;

/** A spreadsheet window: a toolbar with the address box (and a font box), a sheet table. */
interface SheetOptions {
  /** How the box is exposed: unnamed in a toolbar (Calc), or a combo box named "Name Box" (Excel, web sheets). */
  readonly box?: 'calc' | 'named' | 'none' | 'two';
  /** What the app does with Enter in the box: go there, or keep the focus in the box (an address it refuses). */
  readonly onEnter?: 'go' | 'refuse';
}

function scriptedSheet(options: SheetOptions = {}) {
  const state = { value: 'A1', boxFocused: false, generation: 0, setValues: [] as string[], keys: [] as string[], actions: [] as string[] };
  const elements = (): AxElement[] => {
    const focused = (on: boolean) => ['enabled', 'showing', 'visible', 'focusable', ...(on ? ['focused' as const] : [])] as AxElement['states'];
    const field = (id: number, parent: number, value: string, focus = false): AxElement =>
      el(id, 'text_field', '', { parent, depth: 3, value, states: [...focused(focus), 'editable'], actions: ['focus'] });
    const out: AxElement[] = [
      { ...el(1, 'window', 'Untitled 1 - LibreOffice Calc'), parent: null, depth: 0 },
      el(2, 'toolbar', 'Formula Tool Bar', { parent: 1, depth: 1 }),
    ];
    switch (options.box ?? 'calc') {
      case 'calc':
        out.push(el(3, 'group', '', { parent: 2, depth: 2 }), field(4, 3, state.value, state.boxFocused));
        break;
      case 'named':
        // Named twice, on the combo box and on its text field: one box.
        out.push(el(3, 'combo_box', 'Name Box', { parent: 2, depth: 2 }), { ...field(4, 3, state.value, state.boxFocused), name: 'Name Box' });
        break;
      case 'two':
        out.push(field(4, 2, state.value), field(5, 2, 'B7'));
        break;
      case 'none':
        break;
    }
    out.push(el(6, 'toolbar', 'Formatting', { parent: 1, depth: 1 }), field(7, 6, 'DejaVu Sans'));
    out.push(el(8, 'table', 'Sheet Sheet1', { parent: 1, depth: 1, states: focused(!state.boxFocused) }));
    return out;
  };
  const app = { pid: PID, name: 'soffice', bundleId: null, frontmost: true, responding: true };
  const bridge = {
    frontmostApp: async () => app,
    runningApps: async () => [app],
    launchApp: async () => {
      throw new Error('not in this test');
    },
    activateApp: async () => undefined,
    snapshot: async (): Promise<AxSnapshot> => ({
      generation: ++state.generation,
      pid: PID,
      app: 'soffice',
      truncated: 'none',
      elements: elements(),
      elapsedMs: 1,
    }),
    performAction: async (ref: ElementRef, action: string) => {
      state.actions.push(`${action} ${ref.id}`);
      if (action === 'focus' && ref.id === 4) state.boxFocused = true;
    },
    setValue: async (ref: ElementRef, value: string) => {
      if (ref.id === 4) state.value = value;
      state.setValues.push(value);
    },
    readValue: async () => state.value,
    insertText: async () => ({ start: 0, end: 0 }),
  } as unknown as AccessibilityDriver;
  const input: InputDriver = {
    pointer: async () => ({ x: 0, y: 0 }),
    moveTo: async () => undefined,
    click: async () => undefined,
    pressButton: async () => undefined,
    releaseButton: async () => undefined,
    scroll: async () => undefined,
    untypableByKeys: async () => [],
    typeByKeys: async () => undefined,
    pressChord: async (key) => {
      state.keys.push(key);
      // Calc takes the address ("b3" shows as "B3") and gives the focus back to the sheet.
      if (key === 'enter' && state.boxFocused && (options.onEnter ?? 'go') === 'go') {
        state.value = state.value.toUpperCase();
        state.boxFocused = false;
      }
    },
  };
  let now = 0;
  const clock: Clock = { now: () => now, sleep: async (ms) => void (now += ms) };
  const engine = new ExecutionEngine({ bridge, input, clock, tuning: { pollMs: 50, activateWaitMs: 1000, cellWaitMs: 2000 } });
  return { engine, state };
}

describe('go_to_cell in the engine', () => {
  it("puts the address in Calc's unnamed address box, presses Enter there, and reads the box back", async () => {
    const { engine, state } = scriptedSheet();
    expect(await engine.goToCell('b3', undefined)).toEqual({ kind: 'success', message: 'Went to cell B3: the cell address box reads B3.' });
    expect(state.actions).toEqual(['focus 4']);
    expect(state.setValues).toEqual(['B3']);
    expect(state.keys).toEqual(['enter']);
  });

  it('selects a range, written with its corners in order', async () => {
    const { engine, state } = scriptedSheet();
    expect(await engine.goToCell('C5:A1', undefined)).toEqual({ kind: 'success', message: 'Selected cells A1:C5: the cell address box reads A1:C5.' });
    expect(state.setValues).toEqual(['A1:C5']);
  });

  it('finds a box named "Name Box" by its name (a combo box stands for its text field)', async () => {
    const { engine, state } = scriptedSheet({ box: 'named' });
    expect((await engine.goToCell('D4', undefined)).kind).toBe('success');
    expect(state.setValues).toEqual(['D4']);
  });

  it('says so when the front window has no address box, and presses nothing', async () => {
    const { engine, state } = scriptedSheet({ box: 'none' });
    expect(await engine.goToCell('B3', undefined)).toEqual({
      kind: 'failure',
      code: 'not_found',
      reason:
        'This app has no cell address box (the Name Box of a spreadsheet) in its front window, so I cannot go to B3: open the spreadsheet and close any dialog in front of it, then say the cell again.',
    });
    expect(state.keys).toEqual([]);
    expect(state.setValues).toEqual([]);
  });

  it('does not guess between two boxes that show an address', async () => {
    const { engine, state } = scriptedSheet({ box: 'two' });
    const r = await engine.goToCell('B3', undefined);
    expect(r).toMatchObject({ kind: 'failure', code: 'not_found' });
    expect(r.kind === 'failure' && r.reason).toMatch(/several boxes that show a cell address.*click in the sheet you mean/);
    expect(state.keys).toEqual([]);
  });

  it('reports, within its wait, an address the app did not go to, with what the box reads', async () => {
    const { engine } = scriptedSheet({ onEnter: 'refuse' });
    expect(await engine.goToCell('B3', undefined)).toEqual({
      kind: 'failure',
      code: 'mismatch',
      reason:
        'The app did not take cell B3: its cell address box still has the focus and reads “B3”. The address may be past the end of this sheet, or the app opened a message: look at the sheet, then try again.',
    });
  });

  it('rejects what is no address before touching the app', async () => {
    const { engine, state } = scriptedSheet();
    const r = await engine.goToCell('$A$1', undefined);
    expect(r).toMatchObject({ kind: 'failure', code: 'unsupported' });
    expect(r.kind === 'failure' && r.reason).toContain('cell must be a cell address such as "B3"');
    expect(state.actions).toEqual([]);
  });

  it('shows the gate the address box before acting, and stops when the gate says so', async () => {
    const { engine, state } = scriptedSheet();
    const seen: LiveFacts[] = [];
    const r = await engine.goToCell('B3', undefined, {
      gate: (facts) => {
        seen.push(facts);
        return { kind: 'needs_confirmation', level: 'moderate', reason: 'Stop here.' };
      },
    });
    expect(r).toEqual({ kind: 'needs_confirmation', level: 'moderate', reason: 'Stop here.' });
    expect(seen).toEqual([{ element: expect.objectContaining({ role: 'text_field', secure: false }) }]);
    expect(state.keys).toEqual([]);
  });

  it('runs through dispatch as a harmless step of "put 42 in B3"', async () => {
    const { engine, state } = scriptedSheet();
    const r = await dispatchIntent(
      {
        intent: 'sequence',
        steps: [
          { intent: 'go_to_cell', cell: 'B3' },
          { intent: 'type_text', text: '42' },
          { intent: 'press_key', key: 'enter' },
        ],
      },
      engine,
    );
    expect(r).toEqual({ kind: 'success', message: 'Done: all 3 steps.' });
    expect(state.keys).toEqual(['enter', 'enter']);
  });
});
