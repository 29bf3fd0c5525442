// Every fault as the sentence the user reads: what happened, that nothing was done, and the one
// thing to do, in each provider's own terms, with no key in it.
import { describe, expect, it } from 'vitest';
import { faultToError, refusalError, truncatedError, type FaultContext } from '../../../src/intent/providers/error-messages.js';
import type { Fault } from '../../../src/intent/providers/faults.js';

const KEY = 'sk-test-CANARY-0123456789';

const ctx = (over: Partial<FaultContext> = {}): FaultContext => ({
  provider: 'anthropic',
  model: 'claude-haiku-4-5',
  endpoint: 'https://api.anthropic.com',
  officialEndpoint: true,
  keyAdvice: 'Change it with `assistive-control keys set anthropic`.',
  budgetMs: 15_000,
  secrets: [KEY],
  ...over,
});
const ollama = ctx({ provider: 'ollama', model: 'llama3.2', endpoint: 'http://127.0.0.1:11434', officialEndpoint: false, keyAdvice: '' });
const openai = ctx({
  provider: 'openai',
  model: 'gpt-4.1-mini',
  endpoint: 'https://api.openai.com/v1',
  keyAdvice: 'Change it with `assistive-control keys set openai`.',
});
const selfHosted = ctx({ provider: 'openai', model: 'qwen', endpoint: 'http://127.0.0.1:1234/v1', officialEndpoint: false });
const http = (status: number, detail = '', more: Partial<Extract<Fault, { kind: 'http' }>> = {}): Fault => ({ kind: 'http', status, detail, ...more });

describe('faultToError: no answer at all', () => {
  it('a cancel did nothing and is not retried', () => {
    expect(faultToError({ kind: 'aborted' }, ctx(), false)).toEqual({
      code: 'cancelled',
      message: 'Cancelled: the command was not planned, and nothing was done.',
      retryable: false,
    });
  });

  it('a timeout names the budget in whole seconds; for Ollama it says the model may be loading', () => {
    expect(faultToError({ kind: 'timeout' }, ctx({ budgetMs: 1500 }), false)).toEqual({
      code: 'timeout',
      message:
        'Anthropic did not answer within 2 seconds, so nothing was done. Try again, or choose a faster model with `assistive-control config set models.anthropic <model>`.',
      retryable: true,
    });
    expect(faultToError({ kind: 'timeout' }, { ...ollama, budgetMs: 1000 }, false).message).toBe(
      'Ollama did not answer within 1 second, so nothing was done. The model may still be loading: try again in a moment, or choose a smaller model with `assistive-control config set models.ollama <model>`.',
    );
  });

  it('an unreachable server: start Ollama; start or re-address a self-hosted server; check the internet for a cloud one', () => {
    const local = faultToError({ kind: 'unreachable', code: 'ECONNREFUSED' }, ollama, false);
    expect(local).toMatchObject({ code: 'unreachable', retryable: false });
    expect(local.message).toContain('Ollama is not running at http://127.0.0.1:11434 — start it with `ollama serve`');
    expect(faultToError({ kind: 'unreachable', code: 'ECONNREFUSED' }, selfHosted, false)).toEqual({
      code: 'unreachable',
      message:
        'Nothing is answering at http://127.0.0.1:1234/v1: start that server, or change the address with `assistive-control config set openaiBaseUrl <url>`.',
      retryable: false,
    });
    expect(faultToError({ kind: 'unreachable', code: 'ENOTFOUND' }, openai, false)).toEqual({
      code: 'unreachable',
      message: "Can't reach OpenAI (https://api.openai.com/v1): check the internet connection, then try again.",
      retryable: true,
    });
  });

  it('a broken or unreadable answer says whether it was tried twice', () => {
    expect(faultToError({ kind: 'interrupted' }, ctx(), true).message).toBe(
      'The connection to Anthropic broke off before the answer was complete (tried twice), so nothing was done. Try again.',
    );
    expect(faultToError({ kind: 'interrupted' }, ctx(), false).message).not.toContain('tried twice');
    expect(faultToError({ kind: 'unreadable', detail: 'x' }, selfHosted, true)).toMatchObject({
      code: 'unreadable',
      retryable: true,
      message: expect.stringMatching(/^The server at http:\/\/127\.0\.0\.1:1234\/v1 sent an answer the assistant could not read \(tried twice\)/) as unknown,
    });
  });
});

describe('faultToError: HTTP statuses', () => {
  it('401 and 403 blame the key (with the advice) for a cloud provider, the address for Ollama', () => {
    expect(faultToError(http(401), ctx(), false)).toEqual({
      code: 'auth',
      message: 'Anthropic rejected the API key (HTTP 401): it is wrong, revoked or expired. Change it with `assistive-control keys set anthropic`.',
      retryable: false,
    });
    expect(faultToError(http(403), openai, false).message).toBe(
      'OpenAI refused the request (HTTP 403): the API key has no access to the model "gpt-4.1-mini". Change it with `assistive-control keys set openai`.',
    );
    expect(faultToError(http(401), ollama, false).message).toBe(
      'The Ollama server at http://127.0.0.1:11434 refused the request (HTTP 401). Check its address with `assistive-control config show`.',
    );
  });

  it('402 is no credit left', () => {
    expect(faultToError(http(402), ctx(), false)).toMatchObject({
      code: 'billing',
      retryable: false,
      message: expect.stringContaining('no credit left (HTTP 402)') as unknown,
    });
  });

  it('404 tells a missing model (pull it for Ollama) from a wrong address', () => {
    expect(faultToError(http(404, 'model "llama9" not found'), { ...ollama, model: 'llama9' }, false)).toEqual({
      code: 'model_not_found',
      message:
        'The model "llama9" is not installed in Ollama. Install it with `ollama pull llama9`, or choose an installed one with `assistive-control config set models.ollama <model>`.',
      retryable: false,
    });
    expect(faultToError(http(404), ollama, false).code).toBe('model_not_found');
    expect(faultToError(http(404, 'page not found'), ollama, false)).toMatchObject({
      code: 'endpoint_not_found',
      message: 'Ollama answered "not found" (HTTP 404): check its address with `assistive-control config show`.',
    });
    expect(faultToError(http(404, 'no such thing', { errorCode: 'model_not_found' }), openai, false).code).toBe('model_not_found');
    // Anthropic's own service answers 404 only for a model it does not know.
    expect(faultToError(http(404), ctx(), false).message).toBe(
      'Anthropic has no model called "claude-haiku-4-5" (or the key cannot use it). Choose another with `assistive-control config set models.anthropic <model>`.',
    );
    expect(faultToError(http(404), selfHosted, false)).toMatchObject({
      code: 'endpoint_not_found',
      message: expect.stringContaining('check the base URL (it usually ends in /v1)') as unknown,
    });
  });

  it('429 waits as long as the server asked, else a moment', () => {
    expect(faultToError(http(429, '', { retryAfterMs: 2500 }), ctx(), true)).toEqual({
      code: 'rate_limited',
      message: 'Anthropic is limiting requests right now (HTTP 429) (tried twice), so nothing was done. Try again in 3 seconds.',
      retryable: true,
    });
    expect(faultToError(http(429), ctx(), false).message).toMatch(/ Wait a moment and try again\.$/);
  });

  it('400, 413 and 422 quote the server (keys hidden, whitespace flattened, cut short) and suggest another model', () => {
    const e = faultToError(http(400, `bad\n\n schema   ${KEY} and sk-other-abcdef`), openai, false);
    expect(e.code).toBe('bad_request');
    expect(e.message).toBe(
      'OpenAI refused the request (HTTP 400: bad schema [key hidden] and [key hidden]). The model "gpt-4.1-mini" may not support structured answers: choose another with `assistive-control config set models.openai <model>`.',
    );
    const long = faultToError(http(422, 'y'.repeat(500)), openai, false).message;
    expect(long).toContain(`(HTTP 422: ${'y'.repeat(159)}…)`);
    expect(faultToError(http(413, '   '), openai, false).message).toMatch(/^OpenAI refused the request \(HTTP 413\)\. /);
  });

  it('5xx and 408 are retryable; the server’s words are shown only for a local or self-hosted server', () => {
    expect(faultToError(http(503, 'overloaded'), ctx(), false)).toMatchObject({
      code: 'server_error',
      retryable: true,
      message: expect.stringMatching(/^Anthropic had a problem \(HTTP 503\), so nothing was done\./) as unknown,
    });
    expect(faultToError(http(500, 'CUDA out of memory'), ollama, true).message).toMatch(
      /^Ollama had a problem \(HTTP 500: CUDA out of memory\) \(tried twice\), so nothing was done\./,
    );
    expect(faultToError(http(408), ctx(), false).code).toBe('server_error');
  });

  it('any other status is an unexpected error, not retried', () => {
    expect(faultToError(http(418, 'teapot'), ctx(), false)).toEqual({
      code: 'server_error',
      message: 'Anthropic answered with an unexpected error (HTTP 418: teapot), so nothing was done.',
      retryable: false,
    });
  });

  it('never lets a key through, wherever the server put it', () => {
    for (const status of [400, 401, 403, 404, 418, 429, 500]) {
      for (const c of [ctx(), ollama, openai, selfHosted]) {
        const e = faultToError(http(status, `echo ${KEY}`, { errorCode: KEY }), { ...c, model: KEY }, true);
        expect(e.message, `${status} ${c.provider}`).not.toContain(KEY);
        expect(e.message).toMatch(/[.)]$/);
      }
    }
  });
});

describe('refusalError and truncatedError', () => {
  it('say nothing was done and what to try', () => {
    expect(refusalError(ctx())).toEqual({
      code: 'refused',
      message: 'The model declined to plan this command, so nothing was done. Say it another way, or break it into smaller steps such as "open Mail".',
      retryable: false,
    });
    expect(truncatedError(ctx())).toMatchObject({
      code: 'truncated',
      retryable: true,
      message: expect.stringMatching(/cut off before it was complete, so nothing was done\. Try a shorter command/) as unknown,
    });
  });
});
