import { describe, expect, it } from 'vitest';
import { describeIntent } from '../../src/intent/describe.js';
import { Intent } from '../../src/intent/schema.js';
import { ALL_VALID_INTENTS } from '../fixtures/intents.js';

describe('describeIntent', () => {
  it.each([
    [{ intent: 'open_application', app: 'Firefox' }, 'Open “Firefox”.'],
    [{ intent: 'click_element', element: { label: 'Send', role: 'button', app: 'Mail' } }, 'Click “Send” (button) in “Mail”.'],
    [{ intent: 'click_element', element: { id: 12 } }, 'Click element 12.'],
    [{ intent: 'press_key', key: 't', modifiers: ['shift', 'cmd'] }, 'Press Shift+Cmd+T.'],
    [{ intent: 'press_key', key: 'page_down' }, 'Press Page Down.'],
    [{ intent: 'type_text', text: 'hello\n  world' }, 'Type “hello world”.'],
    [{ intent: 'scroll', direction: 'down', amount: 3 }, 'Scroll down 3.'],
    [{ intent: 'left_click_coordinates', x: 10.4, y: 20, count: 2 }, 'Double-click at 10, 20.'],
    [{ intent: 'right_click_element', element: { x: 640.6, y: 400 } }, 'Right-click at 641, 400.'],
    [{ intent: 'right_click_element', element: { label: 'Report' } }, 'Right-click “Report”.'],
    [{ intent: 'click_element', element: { ordinal: 3, role: 'button', within: 'toolbar' } }, 'Click the 3rd button in “toolbar”.'],
    [{ intent: 'click_element', element: { ordinal: 2, role: 'check_box', unnamed: true } }, 'Click the 2nd unnamed check box.'],
    [{ intent: 'double_click_element', element: { ordinal: 1, role: 'tab', fromEnd: true } }, 'Double-click the last tab.'],
    [
      { intent: 'right_click_element', element: { ordinal: 2, role: 'list_item', fromEnd: true, app: 'Files' } },
      'Right-click the 2nd list item from the end of “Files”.',
    ],
    [{ intent: 'drag', from: { label: 'a.txt' }, to: { x: 5, y: 6 } }, 'Drag from “a.txt” to 5, 6.'],
    [{ intent: 'go_to_cell', cell: 'b3' }, 'Go to cell B3.'],
    [{ intent: 'go_to_cell', cell: 'C5:A1', app: 'LibreOffice Calc' }, 'Select cells A1:C5 in “LibreOffice Calc”.'],
    [
      {
        intent: 'sequence',
        steps: [
          { intent: 'open_application', app: 'Mail' },
          { intent: 'press_key', key: 'n', modifiers: ['cmd'] },
        ],
      },
      '2 steps: 1. Open “Mail”; 2. Press Cmd+N.',
    ],
  ])('%j → %s', (intent, sentence) => {
    expect(describeIntent(Intent.parse(intent))).toBe(sentence);
  });

  it('shortens long planner text so the sentence stays readable', () => {
    const s = describeIntent(Intent.parse({ intent: 'type_text', text: 'x'.repeat(500) }));
    expect(s.length).toBeLessThan(80);
    expect(s).toContain('…');
  });

  it('describes every valid intent in one sentence', () => {
    for (const i of ALL_VALID_INTENTS) expect(describeIntent(i)).toMatch(/^[A-Z0-9].*\.$/);
  });
});
