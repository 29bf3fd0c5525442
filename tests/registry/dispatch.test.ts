// The registry's switch (src/registry/dispatch.ts) over the fake engine: each intent goes to its
// engine method with its arguments (opt pressed as alt, a picked element in place of its label), the
// kinds that are no action answer without the engine, each sequence step is approved at the level it
// was shown with, and an engine that throws still gives a result.
import { describe, expect, it } from 'vitest';
import type { Intent } from '../../src/intent/schema.js';
import { dispatchIntent, type ElementChoice, type EngineApi } from '../../src/registry/dispatch.js';
import { fakeEngine } from '../agent/loop-fakes.js';

describe('dispatchIntent routes each intent to its engine method', () => {
  // [intent, engine method, its arguments (the options object left out)]
  const routes: [Intent, string, unknown[]][] = [
    [{ intent: 'open_application', app: 'gedit' }, 'openApplication', ['gedit']],
    [{ intent: 'click_element', element: { label: 'Save' } }, 'click', [{ label: 'Save' }]],
    [{ intent: 'double_click_element', element: { id: 3 } }, 'doubleClick', [{ id: 3 }]],
    [{ intent: 'right_click_element', element: { label: 'File' } }, 'rightClick', [{ label: 'File' }]],
    [{ intent: 'type_text', text: 'hi' }, 'typeText', ['hi', undefined]],
    [{ intent: 'press_key', key: 'a', modifiers: ['opt', 'shift'] }, 'pressKey', ['a', ['alt', 'shift'], undefined]],
    [{ intent: 'scroll', direction: 'down', amount: 2 }, 'scroll', ['down', 2, undefined, undefined]],
    [{ intent: 'move_mouse', to: { x: 1, y: 2 } }, 'moveMouse', [{ x: 1, y: 2 }]],
    [{ intent: 'left_click_coordinates', x: 5, y: 6 }, 'clickAt', [{ x: 5, y: 6 }, 1]],
    [{ intent: 'right_click_element', element: { x: 7, y: 8 } }, 'clickAt', [{ x: 7, y: 8 }, 1, 'right']],
    [{ intent: 'drag', from: { label: 'a.txt' }, to: { x: 9, y: 9 } }, 'drag', [{ label: 'a.txt' }, { x: 9, y: 9 }]],
    [{ intent: 'go_to_cell', cell: 'B7' }, 'goToCell', ['B7', undefined]],
    [{ intent: 'open_url', url: 'https://example.org/' }, 'openUrl', ['https://example.org/']],
    [{ intent: 'get_frontmost_app' }, 'getFrontmostApp', []],
    [{ intent: 'get_screen_elements', app: 'gedit' }, 'getScreenElements', ['gedit']],
    [{ intent: 'list_applications' }, 'listApplications', []],
  ];
  it.each(routes)('%j → %s', async (intent, method, args) => {
    const engine = fakeEngine(() => (method === 'getScreenElements' ? { kind: 'observation', text: '' } : { kind: 'success', message: 'Done.' }));
    // Approved at the top, so that no live gate stops a route (opening a web page asks).
    await dispatchIntent(intent, engine, { approved: 'destructive' });
    expect(engine.calls).toEqual([{ method, args }]);
  });

  it.each<[Intent, string]>([
    [{ intent: 'clarify_request', question: 'Which file?', options: ['a', 'b'] }, 'clarification'],
    [{ intent: 'unsupported', suggestion: 'Do it by hand.' }, 'failure'],
  ])('answers %j without the engine', async (intent, kind) => {
    const engine = fakeEngine();
    expect((await dispatchIntent(intent, engine)).kind).toBe(kind);
    expect(engine.calls).toEqual([]);
  });
});

describe('a picked element', () => {
  const choice: ElementChoice = {
    query: { label: 'Save' },
    pid: 1,
    id: 7,
    role: 'button',
    name: 'Save',
    description: '',
    parent: 0,
    depth: 1,
  };
  it.each<[string, Intent, unknown]>([
    ['stands in for the label that was asked about', { intent: 'click_element', element: { label: 'Save' } }, { choice }],
    ['not for another label', { intent: 'click_element', element: { label: 'Open' } }, { label: 'Open' }],
    ['not for the same label in another app', { intent: 'click_element', element: { label: 'Save', app: 'gedit' } }, { label: 'Save', app: 'gedit' }],
  ])('%s', async (_, intent, target) => {
    const engine = fakeEngine();
    await dispatchIntent(intent, engine, { choice });
    expect(engine.calls[0]?.args[0]).toEqual(target);
  });
});

describe('sequences', () => {
  it('approves each step at the level it was shown with, never above what was approved', async () => {
    // Step 1 names "Save" (harmless when shown); live it is "Delete all": the gate asks, step 1.
    const engine = fakeEngine((call) =>
      call.method === 'click'
        ? { result: { kind: 'success', message: 'ok' }, facts: { element: { role: 'button', name: 'Delete all' } } }
        : { kind: 'success', message: 'ok' },
    );
    const intent: Intent = {
      intent: 'sequence',
      steps: [
        { intent: 'click_element', element: { label: 'Save' } },
        { intent: 'click_element', element: { label: 'Delete all' } },
      ],
    };
    const r = await dispatchIntent(intent, engine, { approved: 'destructive' });
    expect(r).toMatchObject({ kind: 'needs_confirmation', level: 'destructive', step: 1 });
    expect(engine.calls).toEqual([]);
  });
});

describe('an engine that throws', () => {
  it('gives a failure, never an exception', async () => {
    const engine = { ...fakeEngine(), click: async () => Promise.reject(new Error('boom')) } as EngineApi;
    const r = await dispatchIntent({ intent: 'click_element', element: { label: 'Save' } }, engine);
    expect(r).toMatchObject({ kind: 'failure', code: 'failed' });
    expect(r.kind === 'failure' && r.reason).toContain('boom');
  });
});
