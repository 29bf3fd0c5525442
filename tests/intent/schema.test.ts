import { describe, expect, it } from 'vitest';
import { INTENT_KINDS, Intent, LIMITS, PlannerReply, Step as StepSchema, isStep } from '../../src/intent/schema.js';
import { ALL_VALID_INTENTS, VALID_INTENTS } from '../fixtures/intents.js';

describe('intent schema', () => {
  it('has valid examples for every intent kind', () => {
    expect(Object.keys(VALID_INTENTS).sort()).toEqual([...INTENT_KINDS].sort());
  });

  it.each(ALL_VALID_INTENTS.map((i) => [i.intent, i] as const))('accepts a valid %s', (_kind, intent) => {
    const r = Intent.safeParse(intent);
    expect(r.success).toBe(true);
    expect(r.data).toEqual(intent);
    expect(PlannerReply.safeParse({ plan: intent }).success).toBe(true);
  });

  // Each row: why it is invalid, the value, and the path of the expected issue.
  const INVALID: ReadonlyArray<readonly [string, unknown, string]> = [
    ['unknown action', { intent: 'delete_file', path: '/' }, 'intent'],
    ['no action', { app: 'Safari' }, 'intent'],
    ['action not a string', { intent: 3 }, 'intent'],
    ['open: app missing', { intent: 'open_application' }, 'app'],
    ['open: app empty', { intent: 'open_application', app: '' }, 'app'],
    ['open: app blank', { intent: 'open_application', app: '   ' }, 'app'],
    ['open: app too long', { intent: 'open_application', app: 'a'.repeat(LIMITS.appMax + 1) }, 'app'],
    ['open: app with control characters', { intent: 'open_application', app: 'Safari\u001b[31m' }, 'app'],
    ['open: extra field', { intent: 'open_application', app: 'Safari', bundle: 'x' }, ''],
    ['click: element missing', { intent: 'click_element' }, 'element'],
    ['click: element empty', { intent: 'click_element', element: {} }, 'element'],
    ['click: label and id at once', { intent: 'click_element', element: { id: 1, label: 'OK' } }, 'element'],
    ['click: id zero', { intent: 'click_element', element: { id: 0 } }, 'element.id'],
    ['click: id fractional', { intent: 'click_element', element: { id: 1.5 } }, 'element'],
    ['click: id as string', { intent: 'click_element', element: { id: '12' } }, 'element'],
    ['click: id too large', { intent: 'click_element', element: { id: LIMITS.elementIdMax + 1 } }, 'element.id'],
    ['click: unknown role', { intent: 'click_element', element: { label: 'OK', role: 'AXButton' } }, 'element'],
    ['click: label too long', { intent: 'click_element', element: { label: 'a'.repeat(LIMITS.labelMax + 1) } }, 'element.label'],
    ['click: label with newline', { intent: 'click_element', element: { label: 'OK\nCancel' } }, 'element.label'],
    ['click: label with bidi override', { intent: 'click_element', element: { label: 'OK\u202Eevil' } }, 'element.label'],
    ['double-click: element is a point', { intent: 'double_click_element', element: { x: 1, y: 2 } }, 'element'],
    ['right-click: extra field', { intent: 'right_click_element', element: { label: 'x' }, button: 'left' }, ''],
    ['type: text missing', { intent: 'type_text' }, 'text'],
    ['type: text empty', { intent: 'type_text', text: '' }, 'text'],
    ['type: text too long', { intent: 'type_text', text: 'x'.repeat(LIMITS.textMax + 1) }, 'text'],
    ['type: NUL in text', { intent: 'type_text', text: 'a\u0000b' }, 'text'],
    ['type: escape in text', { intent: 'type_text', text: '\u001b[2J' }, 'text'],
    ['type: text not a string', { intent: 'type_text', text: 42 }, 'text'],
    ['key: unknown key', { intent: 'press_key', key: 'banana' }, 'key'],
    ['key: wrong case', { intent: 'press_key', key: 'Enter' }, 'key'],
    ['key: chord in key', { intent: 'press_key', key: 'cmd+q' }, 'key'],
    ['key: unknown modifier', { intent: 'press_key', key: 'a', modifiers: ['super'] }, 'modifiers.0'],
    ['key: repeated modifier', { intent: 'press_key', key: 'a', modifiers: ['cmd', 'cmd'] }, 'modifiers'],
    ['key: alt and opt both', { intent: 'press_key', key: 'a', modifiers: ['alt', 'opt'] }, 'modifiers'],
    ['key: too many modifiers', { intent: 'press_key', key: 'a', modifiers: ['cmd', 'ctrl', 'alt', 'shift', 'fn'] }, 'modifiers'],
    ['key: modifiers as a string', { intent: 'press_key', key: 'a', modifiers: 'cmd,shift' }, 'modifiers'],
    ['scroll: no direction', { intent: 'scroll' }, 'direction'],
    ['scroll: bad direction', { intent: 'scroll', direction: 'sideways' }, 'direction'],
    ['scroll: amount zero', { intent: 'scroll', direction: 'up', amount: 0 }, 'amount'],
    ['scroll: amount too large', { intent: 'scroll', direction: 'up', amount: 51 }, 'amount'],
    ['scroll: amount as string', { intent: 'scroll', direction: 'up', amount: '3' }, 'amount'],
    ['move: no target', { intent: 'move_mouse' }, 'to'],
    ['move: x only', { intent: 'move_mouse', to: { x: 1 } }, 'to'],
    ['coordinates: string x', { intent: 'left_click_coordinates', x: '100', y: 5 }, 'x'],
    ['coordinates: off every screen', { intent: 'left_click_coordinates', x: 1e9, y: 5 }, 'x'],
    ['coordinates: NaN', { intent: 'left_click_coordinates', x: Number.NaN, y: 5 }, 'x'],
    ['coordinates: Infinity', { intent: 'left_click_coordinates', x: 5, y: Number.POSITIVE_INFINITY }, 'y'],
    ['coordinates: count 4', { intent: 'left_click_coordinates', x: 5, y: 5, count: 4 }, 'count'],
    ['drag: no destination', { intent: 'drag', from: { x: 1, y: 1 } }, 'to'],
    ['go to cell: no cell', { intent: 'go_to_cell' }, 'cell'],
    ['go to cell: not an address', { intent: 'go_to_cell', cell: 'the total' }, 'cell'],
    ['go to cell: column past XFD', { intent: 'go_to_cell', cell: 'XFE1' }, 'cell'],
    ['go to cell: row 0', { intent: 'go_to_cell', cell: 'A0' }, 'cell'],
    ['go to cell: absolute marks', { intent: 'go_to_cell', cell: '$A$1' }, 'cell'],
    ['go to cell: a number', { intent: 'go_to_cell', cell: 3 }, 'cell'],
    ['sequence: empty', { intent: 'sequence', steps: [] }, 'steps'],
    ['sequence: 101 steps (the hard bound)', { intent: 'sequence', steps: Array(LIMITS.sequenceMax + 1).fill({ intent: 'scroll', direction: 'up' }) }, 'steps'],
    ['sequence: nested', { intent: 'sequence', steps: [{ intent: 'sequence', steps: [{ intent: 'scroll', direction: 'up' }] }] }, 'steps.0.intent'],
    ['sequence: a question inside', { intent: 'sequence', steps: [{ intent: 'clarify_request', question: 'Which?' }] }, 'steps.0.intent'],
    ['sequence: an observation inside', { intent: 'sequence', steps: [{ intent: 'get_screen_elements' }] }, 'steps.0.intent'],
    ['sequence: invalid step', { intent: 'sequence', steps: [{ intent: 'type_text', text: '' }] }, 'steps.0.text'],
    ['clarify: no question', { intent: 'clarify_request' }, 'question'],
    ['clarify: 7 options', { intent: 'clarify_request', question: 'Which?', options: ['1', '2', '3', '4', '5', '6', '7'] }, 'options'],
    ['clarify: empty options', { intent: 'clarify_request', question: 'Which?', options: [] }, 'options'],
    ['clarify: long option', { intent: 'clarify_request', question: 'Which?', options: ['x'.repeat(61)] }, 'options.0'],
    ['unsupported: no suggestion', { intent: 'unsupported' }, 'suggestion'],
    ['open url: no url', { intent: 'open_url' }, 'url'],
    ['open url: a file', { intent: 'open_url', url: 'file:///etc/passwd' }, 'url'],
    ['open url: a bare host', { intent: 'open_url', url: 'example.com' }, 'url'],
    ['list apps: extra field', { intent: 'list_applications', app: 'Mail' }, ''],
    ['sequence: list apps inside', { intent: 'sequence', steps: [{ intent: 'list_applications' }] }, 'steps.0.intent'],
    ['frontmost: extra field', { intent: 'get_frontmost_app', app: 'Mail' }, ''],
    ['confidence above 1', { intent: 'get_frontmost_app', confidence: 1.5 }, 'confidence'],
    ['confidence negative', { intent: 'get_frontmost_app', confidence: -0.1 }, 'confidence'],
    ['confidence as string', { intent: 'get_frontmost_app', confidence: '0.9' }, 'confidence'],
    ['an array', [{ intent: 'get_frontmost_app' }], ''],
    ['null', null, ''],
    ['a string', 'open Safari', ''],
  ];

  it.each(INVALID)('rejects %s', (_why, value, path) => {
    const r = Intent.safeParse(value);
    expect(r.success).toBe(false);
    const paths = r.error!.issues.map((i) => i.path.join('.'));
    expect(paths).toContain(path);
  });

  it('takes a long sequence (30 steps, and the hard bound of 100) for the step budget to pace (issue #32)', () => {
    expect(LIMITS.sequenceMax).toBe(100);
    for (const length of [30, LIMITS.sequenceMax])
      expect(Intent.safeParse({ intent: 'sequence', steps: Array(length).fill({ intent: 'click_element', element: { label: 'Count' } }) }).success).toBe(true);
  });

  it('keeps typed text exactly as given, including tabs, newlines and non-ASCII', () => {
    const text = 'Grüße,\tnaïve café!\n— 5 € ✓';
    const r = Intent.parse({ intent: 'type_text', text });
    expect(r).toEqual({ intent: 'type_text', text });
  });
});

describe('isStep', () => {
  it('is true exactly for the intents a sequence may contain', () => {
    const kinds = new Set<string>();
    for (const intent of ALL_VALID_INTENTS) {
      expect(isStep(intent), intent.intent).toBe(StepSchema.safeParse(intent).success);
      if (isStep(intent)) kinds.add(intent.intent);
    }
    expect(kinds).toContain('open_url');
    for (const kind of ['sequence', 'clarify_request', 'unsupported', 'get_screen_elements', 'get_frontmost_app', 'list_applications'])
      expect(kinds.has(kind), kind).toBe(false);
  });
});
