// When the panel offers "Take it back" (button, Alt+Backspace, first scan entry): right after an
// action the assistant did, from the conversation its events built.
import { describe, expect, it } from 'vitest';
import { addUserMessage, INITIAL_STATE, reducePanel, type PanelState } from '../../src/panel/conversation.js';
import { isTakeBackKey, offersTakeBack } from '../../src/panel/take-back-offer.js';
import type { AssistantEvent } from '../../src/shared/contracts/events.js';

const after = (text: string, ...events: AssistantEvent[]): PanelState =>
  events.reduce((s, event) => reducePanel(s, { type: 'event', event }), addUserMessage(INITIAL_STATE, text));
const done = { type: 'done', outcome: 'done', message: 'x' } as const;

describe('offersTakeBack', () => {
  it('after the result of an action that can be taken back, the effort’s words after it too', () => {
    const acted = after('click Notify me', { type: 'action_result', ok: true, message: 'Clicked “Notify me”.', reversible: true }, done);
    expect(offersTakeBack(acted)).toBe(true);
    expect(offersTakeBack(reducePanel(acted, { type: 'session_reply', text: 'Done in 3 presses.', ok: true }))).toBe(true);
  });

  it('not before anything, not after a failure, an error, a session reply, or a take-back itself', () => {
    expect(offersTakeBack(INITIAL_STATE)).toBe(false);
    expect(offersTakeBack(after('click Nope', { type: 'action_result', ok: false, message: 'Not found.' }, done))).toBe(false);
    expect(offersTakeBack(after('click', { type: 'error', code: 'x', message: 'Say what to click.', retryable: false }, done))).toBe(false);
    expect(offersTakeBack(reducePanel(addUserMessage(INITIAL_STATE, 'show numbers'), { type: 'session_reply', text: 'Numbers shown.', ok: true }))).toBe(false);
    expect(
      offersTakeBack(after('Take it back.', { type: 'action_result', ok: true, message: 'Took it back: Clicked “Notify me”.', reversible: true }, done)),
    ).toBe(false);
    // A new command typed since: what it does is judged when it ends.
    const acted = after('click Notify me', { type: 'action_result', ok: true, message: 'Clicked “Notify me”.', reversible: true }, done);
    expect(offersTakeBack(addUserMessage(acted, 'scroll down'))).toBe(false);
  });

  it('not after an action nothing was recorded for (a plain click): a switch user would pay a press for a refusal', () => {
    expect(offersTakeBack(after('click Send', { type: 'action_result', ok: true, message: 'Clicked “Send”.' }, done))).toBe(false);
  });
});

describe('isTakeBackKey', () => {
  const key = { key: 'Backspace', altKey: true, ctrlKey: false, metaKey: false, shiftKey: false, repeat: false };
  it('Alt+Backspace, once', () => {
    expect(isTakeBackKey(key)).toBe(true);
    expect(isTakeBackKey({ ...key, repeat: true })).toBe(false);
    expect(isTakeBackKey({ ...key, altKey: false })).toBe(false);
    expect(isTakeBackKey({ ...key, ctrlKey: true })).toBe(false);
    expect(isTakeBackKey({ ...key, key: 'z' })).toBe(false);
  });
});
