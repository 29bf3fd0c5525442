// The panel's conversation as pure data: which entry each assistant event adds, how questions,
// confirmations and guides open and close, and what the panel waits for at each point.
import { describe, expect, it } from 'vitest';
import type { CommandGuide } from '../../src/shared/command-guide.js';
import type { AssistantEvent, RiskSummary } from '../../src/shared/contracts/events.js';
import type { PermissionStatus } from '../../src/shared/permissions.js';
import {
  INITIAL_STATE,
  STATUS_TEXT,
  addPermissionNeeded,
  addSendError,
  addSessionReply,
  addUserMessage,
  answerConfirmation,
  applyEvent,
  openGuide,
  openQuestion,
  pendingConfirmation,
  reducePanel,
  waitingFor,
  type PanelState,
} from '../../src/panel/conversation.js';
import { ASSISTANT_STATUSES } from '../../src/shared/contracts/events.js';

const harmless: RiskSummary = { level: 'harmless', reason: 'It only reads.' };
const destructive: RiskSummary = { level: 'destructive', reason: 'It deletes a file.' };
const guide: CommandGuide = { scope: 'commands', groups: [{ title: 'Click', examples: ['click Send'], alsoSaid: ['press'] }] };

/** The state after each event in turn. */
function run(events: readonly AssistantEvent[], from: PanelState = INITIAL_STATE): PanelState {
  return events.reduce(applyEvent, from);
}

const intent = (name: string, lowConfidence = false, risk = harmless): AssistantEvent => ({
  type: 'intent',
  source: 'grammar',
  intent: { intent: name },
  summary: `Plan ${name}.`,
  risk,
  lowConfidence,
});
const question: AssistantEvent = { type: 'clarification', question: 'Which Send?', options: ['the first', 'the second'] };
const confirmation: AssistantEvent = { type: 'confirmation_request', id: 'q1', summary: 'Delete report.odt.', risk: destructive };

describe('entries from events', () => {
  it('starts empty and idle, and numbers entries from 1 upward', () => {
    expect(INITIAL_STATE).toEqual({ status: 'idle', entries: [], lastIntent: undefined, nextId: 1, mode: 'commands' });
    const s = addSessionReply(addUserMessage(INITIAL_STATE, 'hello'), 'Numbers hidden.', true);
    expect(s.entries.map((e) => e.id)).toEqual([1, 2]);
    expect(s.nextId).toBe(3);
  });

  it('a long run’s progress is kept (not an entry) until the run is done, paused or not (issue #32)', () => {
    const step: AssistantEvent = { type: 'progress', step: 3, total: 30, doing: 'Click “Increment”.', paused: false };
    const s = run([step]);
    expect(s.progress).toEqual({ step: 3, total: 30, doing: 'Click “Increment”.', paused: false });
    expect(s.entries).toEqual([]);
    const paused = run([{ ...step, step: 4, paused: true }], s);
    expect(paused.progress).toEqual({ step: 4, total: 30, doing: 'Click “Increment”.', paused: true });
    const done = run([{ type: 'done', outcome: 'cancelled', message: 'Stopped.' }], paused);
    expect(done.progress).toBeUndefined();
    expect('progress' in done).toBe(false);
  });

  it('a status event changes the status and adds nothing', () => {
    const s = applyEvent(INITIAL_STATE, { type: 'status', status: 'thinking' });
    expect(s.status).toBe('thinking');
    expect(s.entries).toEqual([]);
  });

  it('an intent becomes a plan entry with its risk; a low-confidence one adds the warning after it', () => {
    const s = run([intent('click_element'), intent('type_text', true)]);
    expect(s.entries.map((e) => e.kind)).toEqual(['intent', 'intent', 'low_confidence']);
    expect(s.entries[0]).toMatchObject({ kind: 'intent', text: 'Plan click_element.', risk: harmless });
    expect(s.entries[2]).toMatchObject({ text: 'The assistant is not sure it understood you. Check that this is what you meant.' });
    expect(s.lastIntent).toBe('type_text');
  });

  it('an unsupported intent shows no plan, and its failed result reads as a suggestion', () => {
    const s = run([intent('unsupported'), { type: 'action_result', ok: false, message: 'Try "click" instead.' }]);
    expect(s.entries).toEqual([{ id: 1, kind: 'suggestion', text: 'Try "click" instead.' }]);
  });

  it('a failed result after a supported intent is a result, not a suggestion; an intent without a name clears the last one', () => {
    const s = run([intent('click_element'), { type: 'action_result', ok: false, message: 'No such button.' }]);
    expect(s.entries.at(-1)).toMatchObject({ kind: 'result', text: 'No such button.', ok: false });
    const nameless = applyEvent(run([intent('unsupported')]), { ...(intent('x') as Extract<AssistantEvent, { type: 'intent' }>), intent: {} });
    expect(nameless.lastIntent).toBeUndefined();
  });

  it('observation, error and guide events add their entries', () => {
    const s = run([
      { type: 'observation', summary: '12 buttons in Firefox', elements: 12 },
      { type: 'error', code: 'timeout', message: 'Firefox did not answer.', retryable: true },
      { type: 'command_guide', guide },
    ]);
    expect(s.entries).toEqual([
      { id: 1, kind: 'result', text: 'Looked at the screen: 12 buttons in Firefox', ok: true },
      { id: 2, kind: 'error', text: 'Firefox did not answer.' },
      { id: 3, kind: 'guide', guide },
    ]);
  });

  it('permission, send error and session reply entries carry what the panel was told', () => {
    const status: PermissionStatus = { kind: 'accessibility', state: 'denied', explanation: 'Turn on Accessibility.', canOpenSettings: true };
    let s = addPermissionNeeded(INITIAL_STATE, status);
    s = addSendError(s, 'The command could not be sent.');
    s = addSessionReply(s, 'Nothing is running.', false);
    expect(s.entries).toEqual([
      { id: 1, kind: 'permission', text: 'Turn on Accessibility.', permission: 'accessibility', canOpenSettings: true },
      { id: 2, kind: 'error', text: 'The command could not be sent.' },
      { id: 3, kind: 'result', text: 'Nothing is running.', ok: false },
    ]);
  });
});

describe('questions', () => {
  it('a question is open until the user says something else; a text that is no answer keeps it open', () => {
    const asked = run([question]);
    expect(openQuestion(asked)).toMatchObject({ text: 'Which Send?', options: ['the first', 'the second'], open: true });
    expect(openQuestion(addUserMessage(asked, 'banana', true))).toBeDefined();
    const replaced = addUserMessage(asked, 'open Firefox');
    expect(openQuestion(replaced)).toBeUndefined();
    expect(replaced.entries[0]).toMatchObject({ kind: 'clarification', open: false });
  });

  it('only the latest question counts, and one without options has no buttons to answer with', () => {
    expect(openQuestion(run([question, { type: 'clarification', question: 'Say more?', options: [] }]))).toBeUndefined();
    expect(openQuestion(run([{ type: 'clarification', question: 'Old?', options: ['a'] }, question]))?.text).toBe('Which Send?');
    expect(openQuestion(INITIAL_STATE)).toBeUndefined();
  });

  it('a spoken "cancel" closes the question with a result; a text that answers nothing adds an error and keeps it', () => {
    const closed = applyEvent(run([question]), { type: 'answer', to: 'question', answer: 'cancelled', message: 'Cancelled the question.' });
    expect(openQuestion(closed)).toBeUndefined();
    expect(closed.entries.at(-1)).toMatchObject({ kind: 'result', text: 'Cancelled the question.', ok: false });
    const kept = applyEvent(run([question]), { type: 'answer', to: 'question', answer: 'not_an_answer', message: 'Say the first or the second.' });
    expect(kept.entries.at(-1)).toMatchObject({ kind: 'error', text: 'Say the first or the second.' });
    expect(kept.entries[0]).toMatchObject({ kind: 'clarification', open: true });
  });
});

describe('confirmations', () => {
  it('a confirmation waits until answered with a button', () => {
    const asked = run([confirmation]);
    const pending = pendingConfirmation(asked);
    expect(pending).toMatchObject({ kind: 'confirmation', text: 'Delete report.odt.', risk: destructive, answer: 'pending' });
    const answered = answerConfirmation(asked, pending?.id ?? 0, 'cancelled');
    expect(pendingConfirmation(answered)).toBeUndefined();
    expect(answered.entries[0]).toMatchObject({ answer: 'cancelled' });
  });

  it('a button answer with another id changes nothing', () => {
    const asked = run([confirmation]);
    expect(answerConfirmation(asked, 99, 'confirmed').entries).toEqual(asked.entries);
  });

  it('a typed or spoken yes answers it; a text that is no answer leaves it waiting and says what to say', () => {
    const yes = applyEvent(run([confirmation]), { type: 'answer', to: 'confirmation', answer: 'confirmed', message: 'Confirmed.' });
    expect(yes.entries).toHaveLength(1);
    expect(yes.entries[0]).toMatchObject({ answer: 'confirmed' });
    const no = applyEvent(run([confirmation]), { type: 'answer', to: 'confirmation', answer: 'not_an_answer', message: 'Say yes or no.' });
    expect(pendingConfirmation(no)).toBeDefined();
    expect(no.entries.at(-1)).toMatchObject({ kind: 'error', text: 'Say yes or no.' });
  });

  it('a user message never closes a confirmation', () => {
    expect(pendingConfirmation(addUserMessage(run([confirmation]), 'open Firefox'))).toBeDefined();
  });

  it('the end of a run expires a confirmation still waiting; a cancelled run says so', () => {
    const done = applyEvent(run([confirmation]), { type: 'done', outcome: 'done', message: 'Done.' });
    expect(done.entries).toEqual([expect.objectContaining({ answer: 'expired' })]);
    const cancelled = applyEvent(run([confirmation]), { type: 'done', outcome: 'cancelled', message: 'Stopped.' });
    expect(cancelled.entries.map((e) => e.kind)).toEqual(['confirmation', 'result']);
    expect(cancelled.entries[1]).toMatchObject({ text: 'Stopped.', ok: false });
  });

  it('an answered confirmation is not expired by the end of the run', () => {
    const s = answerConfirmation(run([confirmation]), 1, 'confirmed');
    expect(applyEvent(s, { type: 'done', outcome: 'done', message: 'Done.' }).entries[0]).toMatchObject({ answer: 'confirmed' });
  });
});

describe('the guide', () => {
  it('stays open through the answers it gets, and closes once the user says something', () => {
    const shown = run([
      { type: 'command_guide', guide },
      { type: 'status', status: 'idle' },
      { type: 'action_result', ok: true, message: 'Done.' },
    ]);
    expect(openGuide(shown)?.guide).toBe(guide);
    expect(openGuide(addUserMessage(shown, 'click Send'))).toBeUndefined();
    expect(openGuide(INITIAL_STATE)).toBeUndefined();
  });

  it('the latest guide is the open one', () => {
    const other: CommandGuide = { scope: 'running', groups: [] };
    expect(
      openGuide(
        run([
          { type: 'command_guide', guide },
          { type: 'command_guide', guide: other },
        ]),
      )?.guide,
    ).toBe(other);
  });
});

describe('what the panel waits for', () => {
  it('nothing when idle; a run while the assistant works', () => {
    expect(waitingFor(INITIAL_STATE)).toEqual({ kind: 'nothing' });
    expect(waitingFor(run([{ type: 'status', status: 'executing' }]))).toEqual({ kind: 'running' });
  });

  it('a confirmation comes before the running status, a question only once the run is idle', () => {
    const s = run([{ type: 'status', status: 'waiting_for_user' }, confirmation]);
    // With its level and the words the user may name by voice (issue #27).
    expect(waitingFor(s)).toEqual({
      kind: 'confirmation',
      summary: 'Delete report.odt.',
      level: 'destructive',
      question: `Delete report.odt. ${destructive.reason}`,
    });
    expect(waitingFor(run([{ type: 'status', status: 'thinking' }, question]))).toEqual({ kind: 'running' });
    expect(waitingFor(run([question]))).toEqual({ kind: 'question', question: 'Which Send?', options: ['the first', 'the second'] });
  });
});

describe('the panel reducer', () => {
  it('each action goes to its function', () => {
    const status: PermissionStatus = { kind: 'accessibility', state: 'denied', explanation: 'Turn on Accessibility.', canOpenSettings: false };
    let s = reducePanel(INITIAL_STATE, { type: 'event', event: question });
    s = reducePanel(s, { type: 'user', text: 'banana', keepQuestion: true });
    expect(openQuestion(s)).toBeDefined();
    s = reducePanel(s, { type: 'user', text: 'open Firefox', keepQuestion: false });
    expect(openQuestion(s)).toBeUndefined();
    s = reducePanel(s, { type: 'event', event: confirmation });
    s = reducePanel(s, { type: 'answered', id: 4, answer: 'confirmed' });
    s = reducePanel(s, { type: 'permission', status });
    s = reducePanel(s, { type: 'send_error', text: 'Not sent.' });
    s = reducePanel(s, { type: 'session_reply', text: 'Numbers shown.', ok: true });
    expect(s.entries.map((e) => e.kind)).toEqual(['clarification', 'user', 'user', 'confirmation', 'permission', 'error', 'result']);
    expect(s.entries[3]).toMatchObject({ answer: 'confirmed' });
  });
});

describe('status text', () => {
  it('has a sentence for every status', () => {
    for (const status of ASSISTANT_STATUSES) expect(STATUS_TEXT[status]).toMatch(/^[A-Z]/);
    expect(STATUS_TEXT.idle).toBe('Ready');
  });
});

describe('dictation mode (issue #18)', () => {
  it("the mode event sets the panel's mode and says how to leave, and leaving sets it back", () => {
    const on = run([{ type: 'mode', mode: 'dictation', message: 'Dictation is on.' }]);
    expect(on.mode).toBe('dictation');
    expect(on.entries.at(-1)).toMatchObject({ kind: 'result', text: 'Dictation is on.', ok: true });
    const off = run([{ type: 'mode', mode: 'commands', message: 'Dictation is off.' }], on);
    expect(off.mode).toBe('commands');
    expect(INITIAL_STATE.mode).toBe('commands');
  });
});

describe('the effort of the last task (issue #31)', () => {
  it('is kept beside the conversation, not as an entry, until the user says the next thing', () => {
    let s = reducePanel(INITIAL_STATE, { type: 'effort', text: 'Done in 3 presses.' });
    expect(s.effort).toBe('Done in 3 presses.');
    expect(s.entries).toEqual([]);
    s = reducePanel(s, { type: 'event', event: { type: 'status', status: 'idle' } });
    expect(s.effort).toBe('Done in 3 presses.');
    s = reducePanel(s, { type: 'user', text: 'click Send', keepQuestion: false });
    expect(s.effort).toBeUndefined();
    expect(s.entries.map((e) => e.kind)).toEqual(['user']);
  });
});
