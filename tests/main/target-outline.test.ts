// What main outlines while a confirmation waits (issue #31), event by event: the question's target
// from its request until the question ends, however it ends.
import { describe, expect, it } from 'vitest';
import { followOutline, outlineAfter } from '../../src/main/panel/target-outline.js';
import type { ActionTarget, AssistantEvent } from '../../src/shared/contracts/events.js';

const target: ActionTarget = { kind: 'element', label: 'Delete everything', x: 9, y: 66, width: 151, height: 34 };
const risk = { level: 'destructive', reason: 'It deletes.' } as const;
const request: AssistantEvent = { type: 'confirmation_request', id: 'q1', summary: 'Click “Delete everything”.', risk, target };

describe('outlineAfter', () => {
  it('outlines a request’s target and keeps it while the question waits', () => {
    expect(outlineAfter(request, undefined)).toBe(target);
    for (const e of [
      { type: 'status', status: 'waiting_for_user' },
      { type: 'answer', to: 'confirmation', answer: 'not_an_answer', message: 'Say yes or no.' },
      { type: 'intent', source: 'grammar', intent: {}, summary: '', risk, lowConfidence: false },
      { type: 'command_guide', guide: { scope: 'confirmation', groups: [] } },
    ] as AssistantEvent[])
      expect(outlineAfter(e, target), e.type).toBe(target);
  });

  it('takes it away when the question ends: answered, the run going on, or ending', () => {
    for (const e of [
      { type: 'answer', to: 'confirmation', answer: 'confirmed', message: 'Confirmed.' },
      { type: 'answer', to: 'confirmation', answer: 'cancelled', message: 'Cancelled.' },
      { type: 'status', status: 'executing' },
      { type: 'status', status: 'idle' },
      { type: 'done', outcome: 'refused', message: 'Not done.' },
    ] as AssistantEvent[])
      expect(outlineAfter(e, target), JSON.stringify(e)).toBeUndefined();
    // A new question without a place found outlines nothing (not the old one).
    expect(outlineAfter({ ...request, id: 'q2', target: undefined } as AssistantEvent, target)).toBeUndefined();
  });
});

describe('followOutline', () => {
  it('draws only when the outline changes', () => {
    const drawn: (ActionTarget | undefined)[] = [];
    const follow = followOutline((t) => drawn.push(t));
    for (const e of [
      { type: 'status', status: 'thinking' },
      request,
      { type: 'status', status: 'waiting_for_user' },
      { type: 'status', status: 'executing' },
      { type: 'done', outcome: 'done', message: '' },
    ] as AssistantEvent[])
      follow(e);
    expect(drawn).toEqual([target, undefined]);
  });
});
