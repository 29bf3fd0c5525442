import { describe, expect, it } from 'vitest';
import type { Intent } from '../../src/intent/schema.js';
import { sameAction, touchesSecureText, withoutTypedText, refusedAsSecure, READ_ONLY, OBSERVING } from '../../src/agent/run-rules.js';
import { SECURE_REFUSAL } from '../../src/shared/secure-fields.js';

const click = (label: string, confidence?: number): Intent =>
  ({ intent: 'click_element', element: { label }, ...(confidence === undefined ? {} : { confidence }) }) as Intent;
const type = (text: string): Intent => ({ intent: 'type_text', text }) as Intent;
const seq = (...steps: Intent[]): Intent => ({ intent: 'sequence', steps }) as unknown as Intent;

describe('run rules', () => {
  it('sees the same action whatever the key order or a changed confidence', () => {
    const a = { element: { role: 'button', label: 'Send' }, intent: 'click_element', confidence: 0.4 } as unknown as Intent;
    const b = { intent: 'click_element', element: { label: 'Send', role: 'button' }, confidence: 0.9 } as unknown as Intent;
    expect(sameAction(a, b)).toBe(true);
    expect(sameAction(click('Send'), click('Sent'))).toBe(false);
    expect(sameAction(seq(click('A'), click('B')), seq(click('B'), click('A')))).toBe(false);
  });

  it('replaces every typed text with [secure], in a sequence too, and leaves other intents alone', () => {
    expect(withoutTypedText(type('hunter2'))).toEqual({ intent: 'type_text', text: '[secure]' });
    const s = withoutTypedText(seq(click('PIN'), type('1234')));
    expect(JSON.stringify(s)).not.toContain('1234');
    expect(JSON.stringify(s)).toContain('PIN');
    expect(withoutTypedText(click('Send'))).toEqual(click('Send'));
  });

  it('treats a typed text as secure when the gate blocked it or the engine refused it, not when it ran', () => {
    const ok = { level: 'moderate', reason: 'Types text.' } as const;
    expect(touchesSecureText(type('x'), ok)).toBe(false);
    expect(touchesSecureText(type('x'), { level: 'blocked', reason: 'Never.' })).toBe(true);
    expect(touchesSecureText(type('x'), ok, { kind: 'failure', code: 'refused', reason: 'No.' })).toBe(true);
    expect(touchesSecureText(type('x'), ok, { kind: 'failure', code: 'not_found', reason: 'Gone.' })).toBe(false);
    // A click refused for a secure field is secure too; a click blocked for another reason is not.
    expect(touchesSecureText(click('PIN'), { level: 'blocked', reason: SECURE_REFUSAL })).toBe(true);
    expect(touchesSecureText(click('Delete'), { level: 'blocked', reason: 'Never.' })).toBe(false);
    expect(refusedAsSecure(ok, { kind: 'failure', code: 'refused', reason: `x ${SECURE_REFUSAL}` })).toBe(true);
  });

  it('counts only observations as observing, and only reads as read-only', () => {
    expect([...OBSERVING].every((i) => READ_ONLY.has(i))).toBe(true);
    expect(READ_ONLY.has('click_element')).toBe(false);
    expect(READ_ONLY.has('type_text')).toBe(false);
  });
});
