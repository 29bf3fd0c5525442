// The dialogue (src/agent/dialogue.ts, issue #27): the one owner of what waits. Each rule is tried
// the way it could be got around (an answer begun before the question, a button of an earlier
// question, a second "yes", an ambient "okay" to a destructive question), and each answer that
// counts is shown to settle the question.
import { describe, expect, it } from 'vitest';
import { Dialogue, NOT_HEARD_CLEARLY, type DialogueDeps } from '../../src/agent/dialogue.js';
import type { ConfirmAnswer, ConfirmationRequest } from '../../src/agent/loop-types.js';
import type { Pending } from '../../src/agent/session-memory.js';
import type { AssistantEvent } from '../../src/shared/contracts/events.js';

const destructive = (id: string): ConfirmationRequest => ({
  id,
  summary: 'Click “Delete all parcels”.',
  risk: { level: 'destructive', reason: 'It deletes every parcel and cannot be undone.' },
});
const moderate = (id: string): ConfirmationRequest => ({ id, summary: 'Click “Archive”.', risk: { level: 'moderate', reason: 'It moves the mail.' } });

function rig(over: Partial<DialogueDeps> = {}) {
  let clock = 1_000;
  let pending: Pending | undefined;
  const events: AssistantEvent[] = [];
  const dialogue = new Dialogue({
    pending: () => pending,
    closePending: () => (pending = undefined),
    running: () => false,
    emit: (e) => events.push(e),
    now: () => clock,
    ...over,
  });
  const settled: ConfirmAnswer[] = [];
  const ask = (request: ConfirmationRequest, signal = new AbortController().signal): Promise<ConfirmAnswer> => {
    const p = dialogue.confirm(request, signal);
    void p.then((a) => settled.push(a));
    return p;
  };
  return {
    dialogue,
    events,
    settled,
    ask,
    tick: (ms: number) => (clock += ms),
    at: () => clock,
    setPending: (p: Pending | undefined) => (pending = p),
    get pending() {
      return pending;
    },
  };
}

describe('the dialogue: one pending question, fresh answers only', () => {
  it('a typed yes after the question confirms it, once: the next yes finds nothing waiting', async () => {
    const r = rig();
    const answer = r.ask(moderate('q1'));
    r.tick(500);
    expect(r.dialogue.hear('yes', { via: 'typed', startedAt: r.at() - 100 })).toMatchObject({ kind: 'answered', answer: 'confirmed' });
    await expect(answer).resolves.toBe('confirmed');
    expect(r.dialogue.asked).toBeUndefined();
    const again = r.dialogue.hear('yes', { via: 'typed' });
    expect(again.kind).toBe('not_an_answer');
    expect(r.events.at(-1)).toMatchObject({ type: 'answer', to: 'nothing', answer: 'not_an_answer' });
  });

  it('a text begun before the question appeared answers nothing, says so, and the question keeps waiting', async () => {
    const r = rig();
    const begun = r.at() - 1; // the user started typing "yes" a moment before the question came
    const answer = r.ask(destructive('q1'));
    r.tick(2_000);
    const heard = r.dialogue.hear('yes', { via: 'typed', startedAt: begun });
    expect(heard.kind).toBe('not_an_answer');
    expect(heard.kind === 'not_an_answer' && heard.message).toMatch(/begun before the question appeared/);
    const spoken = r.dialogue.hear('confirm', { via: 'spoken', startedAt: begun });
    expect(spoken.kind === 'not_an_answer' && spoken.message).toMatch(/said before the question was asked/);
    expect(r.settled).toEqual([]);
    expect(r.dialogue.asked?.id).toBe('q1');
    // The same words, begun after it, answer.
    expect(r.dialogue.hear('confirm', { via: 'spoken', startedAt: r.at() - 300 }).kind).toBe('answered');
    await expect(answer).resolves.toBe('confirmed');
  });

  it('"stop" begun before the question still stops: it is never held back', () => {
    const r = rig();
    const begun = r.at() - 5;
    void r.ask(destructive('q1'));
    expect(r.dialogue.hear('stop', { via: 'spoken', startedAt: begun })).toEqual({ kind: 'pass', route: 'stop' });
  });

  it('a button answers only the question it names, once', async () => {
    const r = rig();
    const first = r.ask(moderate('q1'));
    expect(r.dialogue.press('q1', 'cancel')).toBe(true);
    await expect(first).resolves.toBe('declined');
    const second = r.ask(destructive('q2'));
    // A press on the first card (still on screen, or in flight) lands after the second question came.
    expect(r.dialogue.press('q1', 'confirm')).toBe(false);
    expect(r.dialogue.asked?.id).toBe('q2');
    expect(r.dialogue.press('q2', 'confirm')).toBe(true);
    await expect(second).resolves.toBe('confirmed');
    expect(r.dialogue.press('q2', 'confirm')).toBe(false);
  });

  it('by voice, an ambient "okay" does not confirm a destructive question; "confirm" does; a moderate one takes "okay"', async () => {
    const r = rig();
    const answer = r.ask(destructive('q1'));
    r.tick(10);
    for (const word of ['okay', 'Okay.', 'yeah', 'sure', 'yes'])
      expect(r.dialogue.hear(word, { via: 'spoken', startedAt: r.at() }).kind, word).toBe('not_an_answer');
    expect(r.dialogue.hear('yes, delete all parcels', { via: 'spoken', startedAt: r.at() }).kind).toBe('answered');
    await expect(answer).resolves.toBe('confirmed');
    const light = r.ask(moderate('q2'));
    r.tick(10);
    expect(r.dialogue.hear('okay', { via: 'spoken', startedAt: r.at() }).kind).toBe('answered');
    await expect(light).resolves.toBe('confirmed');
  });

  it('an answer speech to text was unsure of answers nothing, in either direction; "stop" still goes', async () => {
    const r = rig();
    const answer = r.ask(moderate('q1'));
    for (const word of ['yes', 'no'])
      expect(r.dialogue.hear(word, { via: 'spoken', uncertain: true })).toEqual({ kind: 'not_an_answer', message: NOT_HEARD_CLEARLY });
    expect(r.dialogue.hear('stop', { via: 'spoken', uncertain: true })).toEqual({ kind: 'pass', route: 'stop' });
    expect(r.dialogue.hear('yes', { via: 'spoken' }).kind).toBe('answered');
    await expect(answer).resolves.toBe('confirmed');
    r.setPending({ kind: 'clarification', question: 'Which “OK”?', options: ['1: “OK” in Left', '2: “OK” in Right'] });
    expect(r.dialogue.hear('the second one', { via: 'spoken', uncertain: true }).kind).toBe('not_an_answer');
  });

  it('a confirmation nobody answers ends, cancelled, with a sentence; a later yes finds nothing', async () => {
    const r = rig({ timeoutMs: () => 20 });
    await expect(r.ask(destructive('q1'))).resolves.toBe('declined');
    expect(r.events.at(-1)).toMatchObject({ type: 'answer', to: 'confirmation', answer: 'cancelled' });
    expect((r.events.at(-1) as { message: string }).message).toMatch(/Nobody answered within 1 second/);
    expect(r.dialogue.hear('confirm', { via: 'typed' }).kind).toBe('not_an_answer');
  });

  it('Stop (the run aborted) settles the question declined; a question already stopped settles at once', async () => {
    const r = rig();
    const stop = new AbortController();
    const answer = r.ask(destructive('q1'), stop.signal);
    stop.abort();
    await expect(answer).resolves.toBe('declined');
    expect(r.dialogue.asked).toBeUndefined();
    await expect(r.ask(destructive('q2'), stop.signal)).resolves.toBe('declined');
  });

  it('a question of the loop (which one?) is closed by "cancel"; its options and new commands pass to the loop', () => {
    const r = rig();
    r.setPending({ kind: 'clarification', question: 'Which “OK”?', options: ['1: “OK” in Left', '2: “OK” in Right'] });
    expect(r.dialogue.hear('the second one', { via: 'spoken' })).toEqual({ kind: 'pass', route: 'choose' });
    expect(r.dialogue.hear('open Firefox', { via: 'typed' })).toEqual({ kind: 'pass', route: 'command' });
    expect(r.dialogue.hear('cancel', { via: 'typed' })).toMatchObject({ kind: 'answered', to: 'question', answer: 'cancelled' });
    expect(r.pending).toBeUndefined();
  });

  it('an option of a question, or its cancel, begun before the question was asked answers nothing; a new command still passes', () => {
    const r = rig();
    const begun = r.at() - 10;
    r.setPending({ kind: 'clarification', askedAt: r.at(), question: 'Which “OK”?', options: ['1: “OK” in Left', '2: “OK” in Right'] });
    const early = r.dialogue.hear('2', { via: 'typed', startedAt: begun });
    expect(early.kind === 'not_an_answer' && early.message).toMatch(
      /^“2” was begun before the question appeared, so it does not answer it .* Say an answer or its number/,
    );
    expect(r.dialogue.hear('cancel', { via: 'spoken', startedAt: begun }).kind).toBe('not_an_answer');
    expect(r.pending).toBeDefined();
    expect(r.dialogue.hear('open Firefox', { via: 'typed', startedAt: begun })).toEqual({ kind: 'pass', route: 'command' });
    expect(r.dialogue.hear('2', { via: 'typed', startedAt: r.at() })).toEqual({ kind: 'pass', route: 'choose' });
  });

  it('while a command runs and asks nothing, a text is not the dialogue’s (the loop refuses it)', () => {
    const r = rig({ running: () => true });
    expect(r.dialogue.hear('yes', { via: 'typed' })).toEqual({ kind: 'pass', route: 'command' });
  });
});

describe('the dialogue in German (issue #32 item 6): the same rules, German words and sentences', () => {
  const german = { language: () => 'de' as const };
  const löschen = (id: string): ConfirmationRequest => ({
    id,
    summary: 'Click “Alle löschen”.',
    risk: { level: 'destructive', reason: 'Clicking “Alle löschen” may delete something for good.' },
  });

  it('by voice, an ambient „ok“ or „ja“ does not confirm a destructive question; „ja, löschen“ does, and is answered in German', async () => {
    const r = rig(german);
    const answer = r.ask(löschen('q1'));
    r.tick(10);
    for (const word of ['ok', 'Ja.', 'okay', 'jawohl', 'yes']) {
      const heard = r.dialogue.hear(word, { via: 'spoken', startedAt: r.at() });
      expect(heard.kind === 'not_an_answer' && heard.message, word).toMatch(/das reicht hier nicht: .* sag „bestätigen“ oder „ja, alle“/);
    }
    expect(r.dialogue.hear('ja, löschen', { via: 'spoken', startedAt: r.at() })).toMatchObject({
      kind: 'answered',
      answer: 'confirmed',
      message: 'Bestätigt.',
    });
    await expect(answer).resolves.toBe('confirmed');
    const again = r.ask(löschen('q2'));
    r.tick(10);
    expect(r.dialogue.hear('Nein.', { via: 'spoken', startedAt: r.at() })).toMatchObject({ kind: 'answered', message: 'Abgebrochen.' });
    await expect(again).resolves.toBe('declined');
  });

  it('an answer begun before the question, an unsure one, a cancelled question and an unanswered one are all said in German', async () => {
    const r = rig({ ...german, timeoutMs: () => 20 });
    const begun = r.at() - 10;
    const unanswered = r.ask(löschen('q1'));
    const early = r.dialogue.hear('bestätigen', { via: 'spoken', startedAt: begun });
    expect(early.kind === 'not_an_answer' && early.message).toMatch(
      /^“bestätigen” wurde gesagt, bevor die Frage gestellt war, .* Ich warte noch auf deine Antwort zu/,
    );
    expect(r.dialogue.hear('bestätigen', { via: 'spoken', uncertain: true })).toMatchObject({
      message: expect.stringMatching(/^Ich habe das nicht deutlich verstanden/),
    });
    await expect(unanswered).resolves.toBe('declined');
    expect((r.events.at(-1) as { message: string }).message).toMatch(/^Niemand hat innerhalb von einer Sekunde geantwortet/);
    r.setPending({ kind: 'clarification', question: 'Which “OK”?', options: ['1: “OK” in Left', '2: “OK” in Right'] });
    expect(r.dialogue.hear('die zweite', { via: 'spoken' })).toEqual({ kind: 'pass', route: 'choose' });
    expect(r.dialogue.hear('abbrechen', { via: 'spoken' })).toMatchObject({
      kind: 'answered',
      to: 'question',
      message: expect.stringMatching(/^Abgebrochen: die Frage ist geschlossen/),
    });
  });
});
