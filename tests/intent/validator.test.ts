import { describe, expect, it } from 'vitest';
import { JSON_MAX_DEPTH, RAW_MAX_CHARS, extractJson } from '../../src/intent/extract-json.js';
import { validateIntentValue, validatePlannerOutput, type Validation } from '../../src/intent/validator.js';
import { ALL_VALID_INTENTS } from '../fixtures/intents.js';

function rejection(v: Validation) {
  if (v.ok) throw new Error(`expected a rejection, got ${JSON.stringify(v.intent)}`);
  return v.rejection;
}

const CLICK = { intent: 'click_element', element: { label: 'Send', role: 'button' } };

describe('validator: reading the planner text', () => {
  it.each([
    ['bare JSON', JSON.stringify(CLICK)],
    ['wrapped in plan', JSON.stringify({ plan: CLICK })],
    ['in a json code fence with prose', `Sure! Here is the plan:\n\`\`\`json\n${JSON.stringify({ plan: CLICK })}\n\`\`\`\nLet me know.`],
    ['in an unlabelled fence', `\`\`\`\n${JSON.stringify(CLICK)}\n\`\`\``],
    ['after prose with braces', `I will use {the button} now: ${JSON.stringify(CLICK)}`],
    ['after an unbalanced brace', `Plan { unfinished: ${JSON.stringify(CLICK)}`],
    ['with a string containing braces and quotes', JSON.stringify({ intent: 'type_text', text: 'a } " { b' })],
    ['pretty printed', JSON.stringify({ plan: CLICK }, null, 2)],
  ])('accepts %s', (_name, raw) => {
    const v = validatePlannerOutput(raw);
    expect(v.ok).toBe(true);
  });

  it('keeps the exact typed text through extraction', () => {
    const v = validatePlannerOutput(JSON.stringify({ intent: 'type_text', text: 'a } " { b' }));
    expect(v.ok && v.intent).toEqual({ intent: 'type_text', text: 'a } " { b' });
  });

  it.each([
    ['empty', '', 'empty'],
    ['whitespace', ' \n\t ', 'empty'],
    ['not text', 42, 'no_json'],
    ['prose only', 'I cannot help with that.', 'no_json'],
    ['a JSON array', '[1, 2, 3]', 'no_json'],
    ['truncated JSON', '{"intent": "click_element", "element": {"label": "Se', 'no_json'],
    ['JSON with NaN', '{"intent": "left_click_coordinates", "x": NaN, "y": 1}', 'malformed_json'],
    ['JSON with Infinity', '{"intent": "left_click_coordinates", "x": Infinity, "y": 1}', 'malformed_json'],
    ['single-quoted JSON', "{'intent': 'get_frontmost_app'}", 'malformed_json'],
    ['trailing comma', '{"intent": "get_frontmost_app",}', 'malformed_json'],
    ['too large', `{"intent": "type_text", "text": "${'x'.repeat(RAW_MAX_CHARS)}"}`, 'too_large'],
    ['too deep', `${'{"a":'.repeat(JSON_MAX_DEPTH + 1)}1${'}'.repeat(JSON_MAX_DEPTH + 1)}`, 'too_deep'],
    ['100,000 levels deep', `${'['.repeat(50_000)}{${'{"a":'.repeat(50_000)}1${'}'.repeat(50_001)}${']'.repeat(50_000)}`, 'too_large'],
    ['__proto__ key', '{"intent": "get_frontmost_app", "__proto__": {"admin": true}}', 'unsafe_key'],
    ['nested constructor key', '{"intent": "click_element", "element": {"label": "x", "constructor": 1}}', 'unsafe_key'],
    ['prototype key', '{"plan": {"intent": "get_frontmost_app"}, "prototype": 1}', 'unsafe_key'],
  ] as const)('rejects %s', (_name, raw, code) => {
    const r = rejection(validatePlannerOutput(raw));
    expect(r.code).toBe(code);
    expect(r.message).toMatch(/\.$/);
    expect(r.message.length).toBeGreaterThan(20);
    expect(r.feedback.length).toBeGreaterThan(10);
  });

  it('does not let a __proto__ key change any prototype', () => {
    validatePlannerOutput('{"intent": "get_frontmost_app", "__proto__": {"polluted": true}}');
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('tries later JSON objects when an earlier one is not valid JSON', () => {
    const v = validatePlannerOutput('Example: {not json}. Answer: {"intent": "get_frontmost_app"}');
    expect(v.ok).toBe(true);
  });

  it('handles a 100 kB answer of braces quickly', () => {
    const started = performance.now();
    const r = rejection(validatePlannerOutput('{'.repeat(RAW_MAX_CHARS - 1)));
    expect(r.code).toBe('no_json');
    // Not a timing assertion on the happy path: this guards against a quadratic scan (seconds).
    expect(performance.now() - started).toBeLessThan(2000);
  });
});

describe('validator: schema rules', () => {
  it.each(ALL_VALID_INTENTS.map((i) => [i.intent, i] as const))('accepts a valid %s', (_kind, intent) => {
    const v = validateIntentValue(intent);
    expect(v.ok && v.intent).toEqual(intent);
  });

  it('reads null as absent (OpenAI strict mode spells optional fields as null)', () => {
    const v = validatePlannerOutput(JSON.stringify({ plan: { intent: 'click_element', element: { label: 'OK', role: null, app: null }, confidence: null } }));
    expect(v.ok && v.intent).toEqual({ intent: 'click_element', element: { label: 'OK' } });
  });

  it('names an unknown action for the user and lists the allowed ones for the planner', () => {
    const r = rejection(validateIntentValue({ intent: 'run_shell', command: 'rm -rf ~' }));
    expect(r.code).toBe('schema');
    expect(r.message).toContain('there is no action called "run_shell"');
    expect(r.feedback).toContain('click_element');
    expect(r.feedback).toContain('open_application');
  });

  it('names an extra field', () => {
    const r = rejection(validateIntentValue({ intent: 'open_application', app: 'Safari', reasoning: 'because' }));
    expect(r.message).toContain('unknown field "reasoning"');
    expect(r.feedback).toContain('remove it');
  });

  it('says which field is missing, without the envelope in the user text', () => {
    const r = rejection(validateIntentValue({ plan: { intent: 'type_text' } }));
    expect(r.message).toContain('(text is missing)');
    expect(r.feedback).toContain('plan.text is missing');
  });

  it('rejects numbers given as strings', () => {
    const r = rejection(validateIntentValue({ intent: 'scroll', direction: 'down', amount: '3' }));
    expect(r.message).toContain('amount');
  });

  it('rejects a nested sequence in words a user understands', () => {
    const r = rejection(validateIntentValue({ intent: 'sequence', steps: [{ intent: 'sequence', steps: [{ intent: 'scroll', direction: 'up' }] }] }));
    expect(r.message).toContain('a sequence cannot contain "sequence"');
  });

  it('rejects extra fields in the envelope', () => {
    const r = rejection(validateIntentValue({ plan: { intent: 'get_frontmost_app' }, note: 'hi' }));
    expect(r.message).toContain('unknown field "note"');
  });

  it('never throws on hostile values handed in directly', () => {
    const getterBomb = Object.defineProperty({}, 'intent', {
      enumerable: true,
      get() {
        throw new Error('boom');
      },
    });
    const deep: Record<string, unknown> = {};
    let cur = deep;
    for (let i = 0; i < 10_000; i++) cur = (cur.a = {}) as Record<string, unknown>;
    for (const value of [getterBomb, deep, undefined, Symbol('x'), () => 1, new Proxy({}, {})]) {
      const v = validateIntentValue(value);
      expect(v.ok).toBe(false);
    }
  });
});

describe('validator: confidence policy', () => {
  // [confidence, accepted, flagged low when accepted]: below 0.3 rejected, below 0.6 flagged.
  it.each([
    [0, false, false],
    [0.29, false, false],
    [0.3, true, true],
    [0.45, true, true],
    [0.59, true, true],
    [0.6, true, false],
    [0.9, true, false],
    [1, true, false],
  ])('confidence %s: accepted %s, flagged low %s', (confidence, accepted, low) => {
    const v = validateIntentValue({ intent: 'get_frontmost_app', confidence });
    expect(v.ok).toBe(accepted);
    if (!v.ok) expect(v.rejection.code).toBe('low_confidence');
    else expect(v.lowConfidence).toBe(low);
  });

  it('no confidence is neither rejected nor flagged', () => {
    const v = validateIntentValue({ intent: 'get_frontmost_app' });
    expect(v.ok && v.lowConfidence).toBe(false);
  });

  it('applies to the least confident step of a sequence', () => {
    const v = validateIntentValue({
      intent: 'sequence',
      confidence: 0.9,
      steps: [
        { intent: 'open_application', app: 'Mail' },
        { intent: 'click_element', element: { label: 'Send' }, confidence: 0.2 },
      ],
    });
    expect(rejection(v).code).toBe('low_confidence');
  });

  it('uses the thresholds it is given', () => {
    const v = validateIntentValue({ intent: 'get_frontmost_app', confidence: 0.5 }, { confidence: { reject: 0.7, warn: 0.8 } });
    expect(rejection(v).code).toBe('low_confidence');
  });

  it('tells the user plainly and the planner to ask instead', () => {
    const r = rejection(validateIntentValue({ intent: 'get_frontmost_app', confidence: 0.1 }));
    expect(r.message).toContain('not sure what you meant');
    expect(r.feedback).toContain('clarify_request');
  });
});

describe('validator: element ids', () => {
  const click12 = { intent: 'click_element', element: { id: 12 } };

  it('accepts an id from the latest observation', () => {
    expect(validateIntentValue(click12, { latestElementIds: new Set([11, 12]) }).ok).toBe(true);
  });

  it('rejects an id that is not in the latest observation as stale', () => {
    const r = rejection(validateIntentValue(click12, { latestElementIds: new Set([1, 2]) }));
    expect(r.code).toBe('stale_element');
    expect(r.message).toContain('Element 12');
    expect(r.feedback).toContain('observe again');
  });

  it('rejects any id when nothing has been observed yet', () => {
    const r = rejection(validateIntentValue(click12, { latestElementIds: null }));
    expect(r.code).toBe('no_observation');
    expect(r.message).toContain("what's on screen");
  });

  it('checks ids inside drags and sequences', () => {
    const seq = {
      intent: 'sequence',
      steps: [
        { intent: 'drag', from: { id: 1 }, to: { id: 2 } },
        { intent: 'move_mouse', to: { id: 7 } },
      ],
    };
    expect(rejection(validateIntentValue(seq, { latestElementIds: new Set([1, 2]) })).message).toContain('Element 7');
    expect(validateIntentValue(seq, { latestElementIds: new Set([1, 2, 7]) }).ok).toBe(true);
  });

  it('leaves ids to execution when the caller tracks no observation', () => {
    expect(validateIntentValue(click12).ok).toBe(true);
  });

  it('does not check labels against observations', () => {
    expect(validateIntentValue(CLICK, { latestElementIds: null }).ok).toBe(true);
  });
});

describe('extractJson', () => {
  it('returns the parsed object of a fenced answer', () => {
    expect(extractJson('```json\n{"a": 1}\n```')).toEqual({ ok: true, value: { a: 1 } });
  });
});
