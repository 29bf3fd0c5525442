// Where a step waiting for a confirmation will act (issue #31): the place each kind of step names
// first, asked of the engine; a step that names none, an engine that cannot tell, or one that fails
// gives no outline (the question is still asked).
import { describe, expect, it } from 'vitest';
import type { ElementChoice, Place } from '../../src/execution/engine-types.js';
import type { Intent } from '../../src/intent/schema.js';
import { locateStep, type EngineApi } from '../../src/registry/dispatch.js';
import type { ActionTarget } from '../../src/shared/contracts/events.js';

const FOUND: ActionTarget = { kind: 'element', label: 'Send', x: 1, y: 2, width: 3, height: 4 };

function engine(locate?: (place: Place) => Promise<ActionTarget | undefined>): { api: EngineApi; asked: Place[] } {
  const asked: Place[] = [];
  const api = (locate ? { locate: (p: Place) => (asked.push(p), locate(p)) } : {}) as unknown as EngineApi;
  return { api, asked };
}

describe('locateStep', () => {
  it('asks the engine for the place the step acts on first', async () => {
    const cases: [Intent, Place][] = [
      [{ intent: 'click_element', element: { label: 'Send' } }, { label: 'Send' }],
      [{ intent: 'double_click_element', element: { id: 12 } }, { id: 12 }],
      [
        { intent: 'right_click_element', element: { x: 5, y: 6 } },
        { x: 5, y: 6 },
      ],
      [{ intent: 'type_text', text: 'hi', element: { label: 'To' } }, { label: 'To' }],
      [
        { intent: 'left_click_coordinates', x: 640, y: 400 },
        { x: 640, y: 400 },
      ],
      [{ intent: 'move_mouse', to: { label: 'Menu' } }, { label: 'Menu' }],
      [{ intent: 'drag', from: { label: 'File' }, to: { label: 'Bin' } }, { label: 'File' }],
      [
        {
          intent: 'sequence',
          steps: [
            { intent: 'click_element', element: { label: 'Delete' } },
            { intent: 'press_key', key: 'enter' },
          ],
        },
        { label: 'Delete' },
      ],
    ];
    for (const [intent, place] of cases) {
      const { api, asked } = engine(async () => FOUND);
      await expect(locateStep(intent, api), intent.intent).resolves.toBe(FOUND);
      expect(asked, intent.intent).toEqual([place]);
    }
  });

  it('asks for the element the user picked when the step names the label that was asked about', async () => {
    const choice = { query: { label: 'OK' }, pid: 7, id: 3, role: 'button', name: 'OK', description: '', parent: 1, depth: 2 } as ElementChoice;
    const { api, asked } = engine(async () => FOUND);
    await locateStep({ intent: 'click_element', element: { label: 'OK' } }, api, choice);
    expect(asked).toEqual([{ choice }]);
  });

  it('is undefined for a step without a place, an engine without locate, or a look-up that fails', async () => {
    const none = engine(async () => FOUND);
    await expect(locateStep({ intent: 'press_key', key: 'q', modifiers: ['ctrl'] }, none.api)).resolves.toBeUndefined();
    expect(none.asked).toEqual([]);
    await expect(locateStep({ intent: 'click_element', element: { label: 'Send' } }, engine().api)).resolves.toBeUndefined();
    await expect(
      locateStep({ intent: 'click_element', element: { label: 'Send' } }, engine(() => Promise.reject(new Error('gone'))).api),
    ).resolves.toBeUndefined();
  });
});
