// Session memory: bounded, repeat-free where it should be, able to forget a run's own turns, and
// the readings of "do that again" and of a yes or a no.
import { describe, expect, it } from 'vitest';
import { isRepeatRequest, readYesNo, SessionMemory } from '../../src/agent/session-memory.js';
import type { ConversationTurn } from '../../src/intent/conversation.js';
import type { Intent } from '../../src/intent/schema.js';

const user = (text: string): ConversationTurn => ({ kind: 'user', text });
const SCROLL: Intent = { intent: 'scroll', direction: 'down' } as Intent;

describe('SessionMemory', () => {
  it('starts empty', () => {
    const m = new SessionMemory();
    expect(m.conversation).toEqual([]);
    expect(m.recentCommands).toEqual([]);
    expect(m.lastPerformed).toBeUndefined();
    expect(m.latestElementIds).toBeNull();
    expect(m.pending).toBeUndefined();
    expect(m.hasScreenText).toBe(false);
  });

  it('keeps the latest turnsMax turns, dropping the oldest first', () => {
    const m = new SessionMemory({ turnsMax: 3, recentMax: 10 });
    for (const t of ['a', 'b', 'c', 'd', 'e']) m.addTurn(user(t));
    expect(m.conversation).toEqual([user('c'), user('d'), user('e')]);
  });

  it('keeps recent commands most recent first, without repeats, at most recentMax', () => {
    const m = new SessionMemory({ turnsMax: 10, recentMax: 3 });
    for (const c of ['open Mail', 'scroll down', 'open Mail', 'click Send', 'scroll up']) m.addCommand(c);
    expect(m.recentCommands).toEqual(['scroll up', 'click Send', 'open Mail']);
    m.forgetCommand('click Send');
    expect(m.recentCommands).toEqual(['scroll up', 'open Mail']);
    m.forgetCommand('never said');
    expect(m.recentCommands).toEqual(['scroll up', 'open Mail']);
  });

  it('forgets exactly the turns added after a mark', () => {
    const m = new SessionMemory();
    m.addTurn(user('before'));
    const mark = m.turnMark;
    m.addTurn(user('type 1234 in PIN'));
    m.addTurn({ kind: 'result', outcome: 'failed', detail: 'refused' });
    m.forgetTurnsSince(mark);
    expect(m.conversation).toEqual([user('before')]);
    // A mark taken now forgets nothing.
    m.forgetTurnsSince(m.turnMark);
    expect(m.conversation).toEqual([user('before')]);
  });

  it('forgets a run’s turns even when the limit already dropped older ones, and never more than there are', () => {
    const m = new SessionMemory({ turnsMax: 2, recentMax: 10 });
    m.addTurn(user('old'));
    const mark = m.turnMark;
    for (const t of ['x', 'y', 'z']) m.addTurn(user(t));
    m.forgetTurnsSince(mark);
    expect(m.conversation).toEqual([]);
    m.addTurn(user('next'));
    expect(m.conversation).toEqual([user('next')]);
  });

  it('knows when screen content has gone into the conversation', () => {
    const m = new SessionMemory();
    m.addTurn(user('open gedit'));
    m.addTurn({ kind: 'plan', intent: SCROLL });
    m.addTurn({ kind: 'result', outcome: 'done', detail: '' });
    expect(m.hasScreenText).toBe(false);
    m.addTurn({ kind: 'result', outcome: 'done', detail: 'Read: "Dear Sir"' });
    expect(m.hasScreenText).toBe(true);
    const o = new SessionMemory();
    o.addTurn({ kind: 'observation', text: 'button "OK"' });
    expect(o.hasScreenText).toBe(true);
  });

  it('remembers the last performed intent, the latest ids and what it waits for, and clear forgets all', () => {
    const m = new SessionMemory();
    m.performed({ intent: SCROLL, source: 'grammar', command: 'scroll down' });
    m.observed(new Set([1, 2]));
    m.setPending({ kind: 'clarification', question: 'Which one?', options: ['a', 'b'] });
    m.addTurn(user('scroll down'));
    m.addCommand('scroll down');
    expect(m.lastPerformed?.command).toBe('scroll down');
    expect([...(m.latestElementIds ?? [])]).toEqual([1, 2]);
    expect(m.pending?.kind).toBe('clarification');
    m.clear();
    expect([m.conversation, m.recentCommands, m.lastPerformed, m.latestElementIds, m.pending]).toEqual([[], [], undefined, null, undefined]);
  });
});

describe('isRepeatRequest', () => {
  it.each(['again', 'Do that again.', 'do it again!', 'Repeat', 'repeat that', 'same again', 'Once more', 'one more time', '  do   that, once more? '])(
    '"%s" repeats',
    (text) => {
      expect(isRepeatRequest(text)).toBe(true);
    },
  );

  it.each(['do that again in Firefox', 'again and again', 'repeat after me', 'click again', 'scroll down again', '', 'yes'])(
    '"%s" is a new command',
    (text) => {
      expect(isRepeatRequest(text)).toBe(false);
    },
  );
});

describe('readYesNo', () => {
  it('reads the confirmation words, as the panel and the voice do', () => {
    for (const text of ['yes', 'Yes.', 'go ahead', 'OK', 'confirm']) expect(readYesNo(text), text).toBe('yes');
    for (const text of ['no', 'No!', 'cancel', "don't", 'nope']) expect(readYesNo(text), text).toBe('no');
  });

  it('takes "stop" as a no, however it is said', () => {
    for (const text of ['stop', 'Stop!', 'stop it', 'Stop, please.']) expect(readYesNo(text), text).toBe('no');
  });

  it('is undefined for anything else, including a sentence that starts with yes', () => {
    for (const text of ['yes delete everything', 'click Yes', 'maybe', '', 'do that again']) expect(readYesNo(text), text).toBeUndefined();
  });
});
