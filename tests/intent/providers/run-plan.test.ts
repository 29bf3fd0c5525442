// The plan call every provider shares (src/intent/providers/run-plan.ts), over a fake transport: one
// retry, only for a transient fault and only when its wait fits the budget; refusals, malformed and
// truncated answers become typed errors; the deadline and the user's cancel end a call that hangs.
import { describe, expect, it } from 'vitest';
import type { ChatMessage } from '../../../src/intent/conversation.js';
import { HttpStatusError } from '../../../src/providers/http.js';
import type { PlanRequest } from '../../../src/intent/providers/planner.js';
import { plannerFromTransport, type ModelReply, type SendOptions } from '../../../src/intent/providers/run-plan.js';

const PRESS_ENTER = { plan: { intent: 'press_key', key: 'enter' } };
const REQUEST: PlanRequest = { conversation: [{ kind: 'user', text: 'press enter' }] };

type Answer = ModelReply | Error | 'hang';

/** A transport that answers each send from the script and records what it was sent. */
function transport(script: Answer[]) {
  const sent: { messages: readonly ChatMessage[]; options: SendOptions }[] = [];
  return {
    sent,
    provider: 'openai' as const,
    model: 'test-model',
    send(messages: readonly ChatMessage[], options: SendOptions): Promise<ModelReply> {
      sent.push({ messages, options });
      const answer = script.shift() ?? 'hang';
      if (answer === 'hang') return new Promise(() => undefined);
      return answer instanceof Error ? Promise.reject(answer) : Promise.resolve(answer);
    },
  };
}

function planner(script: Answer[]) {
  const t = transport(script);
  const p = plannerFromTransport(t, {
    endpoint: 'https://api.example.test/v1',
    officialEndpoint: false,
    keyAdvice: 'Save a key.',
    secrets: ['sk-secret-123456'],
  });
  return { t, p };
}

const http = (status: number, headers: Record<string, string> = {}, body = '{"error":{"message":"busy"}}') =>
  new HttpStatusError(status, new Headers(headers), body);

describe('plannerFromTransport', () => {
  it('validates a value answer and sends the conversation as chat messages', async () => {
    const { t, p } = planner([{ kind: 'value', value: PRESS_ENTER, usage: { inputTokens: 10, outputTokens: 3 } }]);
    const outcome = await p.plan(REQUEST);
    expect(outcome.kind).toBe('answered');
    if (outcome.kind !== 'answered') return;
    expect(outcome.validation.ok && outcome.validation.intent).toEqual({ intent: 'press_key', key: 'enter' });
    expect(outcome.timing.attempts).toBe(1);
    expect(outcome.usage).toEqual({ inputTokens: 10, outputTokens: 3 });
    expect(t.sent[0]?.messages.some((m) => m.content.includes('press enter'))).toBe(true);
  });

  it('reads the JSON out of a text answer', async () => {
    const { p } = planner([{ kind: 'text', text: `Sure: ${JSON.stringify(PRESS_ENTER)}` }]);
    const outcome = await p.plan(REQUEST);
    expect(outcome.kind === 'answered' && outcome.validation.ok).toBe(true);
  });

  // Which faults get the one retry: [what the first send threw, attempts made, final outcome kind].
  const retries: [string, number, 'answered' | 'failed', Error][] = [
    ['503 with a short retry-after-ms', 2, 'answered', http(503, { 'retry-after-ms': '5' })],
    ['429 with a short retry-after-ms', 2, 'answered', http(429, { 'retry-after-ms': '5' })],
    ['a reset connection', 2, 'answered', Object.assign(new Error('reset'), { code: 'ECONNRESET' })],
    ['400 (not transient)', 1, 'failed', http(400)],
    ['401 (not transient)', 1, 'failed', http(401)],
    ['501 (not implemented is not transient)', 1, 'failed', http(501)],
    ['503 whose retry-after does not fit the budget', 1, 'failed', http(503, { 'retry-after': '60' })],
  ];
  it.each(retries)('after %s: %i attempt(s), %s', async (_, attempts, kind, error) => {
    const { t, p } = planner([error, { kind: 'value', value: PRESS_ENTER }]);
    const outcome = await p.plan({ ...REQUEST, budgetMs: 5_000 });
    expect(outcome.kind).toBe(kind);
    expect(outcome.timing.attempts).toBe(attempts);
    expect(t.sent).toHaveLength(attempts);
  });

  it('does not wait for a retry-after that does not fit the budget: it fails at once with the server error', async () => {
    const { p } = planner([http(503, { 'retry-after': '60' }), { kind: 'value', value: PRESS_ENTER }]);
    const started = performance.now();
    const outcome = await p.plan({ ...REQUEST, budgetMs: 2_000 });
    expect(outcome.kind === 'failed' && outcome.error.code).toBe('server_error');
    expect(performance.now() - started).toBeLessThan(1_000);
  });

  it('retries at most once', async () => {
    const { t, p } = planner([http(503, { 'retry-after-ms': '1' }), http(503, { 'retry-after-ms': '1' }), { kind: 'value', value: PRESS_ENTER }]);
    const outcome = await p.plan(REQUEST);
    expect(outcome.kind === 'failed' && outcome.error.code).toBe('server_error');
    expect(t.sent).toHaveLength(2);
  });

  // Answers that are no plan: [reply, error code].
  const unusable: [string, ModelReply, string][] = [
    ['a refusal', { kind: 'refusal' }, 'refused'],
    ['a malformed body', { kind: 'malformed', detail: 'empty body' }, 'unreadable'],
    ['an invalid answer cut off at the token limit', { kind: 'text', text: '{"plan": {"intent": "press_k', truncated: true }, 'truncated'],
  ];
  it.each(unusable)('%s is a %s error', async (_, reply, code) => {
    const { p } = planner([reply]);
    const outcome = await p.plan(REQUEST);
    expect(outcome.kind === 'failed' && outcome.error.code).toBe(code);
  });

  it('gives an invalid, complete answer to the loop as a rejection (it feeds it back)', async () => {
    const { p } = planner([{ kind: 'value', value: { plan: { intent: 'fly_to_the_moon' } } }]);
    const outcome = await p.plan(REQUEST);
    expect(outcome.kind).toBe('answered');
    expect(outcome.kind === 'answered' && outcome.validation.ok).toBe(false);
  });

  it('ends a call that hangs at its budget, as a timeout', async () => {
    const { p } = planner(['hang']);
    const outcome = await p.plan({ ...REQUEST, budgetMs: 40 });
    expect(outcome.kind === 'failed' && outcome.error.code).toBe('timeout');
  });

  it("ends a call that hangs when the user cancels, as cancelled (the user's stop wins)", async () => {
    const { p } = planner(['hang']);
    const stop = new AbortController();
    setTimeout(() => stop.abort(), 10);
    const outcome = await p.plan({ ...REQUEST, signal: stop.signal, budgetMs: 5_000 });
    expect(outcome.kind === 'failed' && outcome.error.code).toBe('cancelled');
  });

  it('never shows the key in an error', async () => {
    const { p } = planner([http(401, {}, '{"error":{"message":"bad key sk-secret-123456"}}')]);
    const outcome = await p.plan(REQUEST);
    expect(outcome.kind).toBe('failed');
    expect(JSON.stringify(outcome)).not.toContain('sk-secret-123456');
  });
});
