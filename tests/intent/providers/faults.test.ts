// What went wrong in one exchange with a provider (src/intent/providers/faults.ts), read from whatever
// an SDK threw: HTTP statuses with their retry-after, network codes through the cause chain, aborts
// and timeouts by name; which faults are worth one more attempt; keys removed from any text.
import { describe, expect, it } from 'vitest';
import { classifyError, isTransient, redact, retryAfterMs, type Fault } from '../../../src/intent/providers/faults.js';
import { HttpStatusError } from '../../../src/providers/http.js';

describe('retryAfterMs', () => {
  const NOW = Date.parse('2026-01-01T00:00:00Z');
  it.each<[Record<string, string>, number | undefined]>([
    [{ 'retry-after-ms': '250' }, 250],
    [{ 'retry-after': '2' }, 2000],
    [{ 'retry-after': 'Thu, 01 Jan 2026 00:00:05 GMT' }, 5000],
    [{ 'retry-after': 'Wed, 31 Dec 2025 00:00:00 GMT' }, 0],
    [{ 'retry-after': 'soon' }, undefined],
    [{}, undefined],
  ])('%j → %s ms', (headers, ms) => {
    expect(retryAfterMs(new Headers(headers), NOW)).toBe(ms);
  });
});

describe('classifyError', () => {
  const withCause = (code: string) => Object.assign(new TypeError('fetch failed'), { cause: Object.assign(new Error('x'), { code }) });
  it.each<[string, unknown, Partial<Fault>]>([
    [
      'an HttpStatusError',
      new HttpStatusError(429, new Headers({ 'retry-after': '1' }), '{"error":"slow down"}'),
      { kind: 'http', status: 429, retryAfterMs: 1000, detail: 'slow down' },
    ],
    [
      'an SDK error with a status and code',
      Object.assign(new Error('nope'), { status: 404, error: { message: 'no model', code: 'model_not_found' } }),
      { kind: 'http', status: 404, errorCode: 'model_not_found' },
    ],
    ['a refused connection', withCause('ECONNREFUSED'), { kind: 'unreachable', code: 'ECONNREFUSED' }],
    ['a reset connection', withCause('ECONNRESET'), { kind: 'interrupted' }],
    ['a body cut off', new Error('terminated'), { kind: 'interrupted' }],
    ['an abort', Object.assign(new Error('aborted'), { name: 'AbortError' }), { kind: 'aborted' }],
    ['a timeout', Object.assign(new Error('slow'), { name: 'TimeoutError' }), { kind: 'timeout' }],
    ['bad JSON', new SyntaxError('Unexpected token'), { kind: 'unreadable' }],
  ])('%s', (_, error, fault) => {
    expect(classifyError(error)).toMatchObject(fault);
  });
});

describe('isTransient', () => {
  it.each<[Fault, boolean]>([
    [{ kind: 'http', status: 500, detail: '' }, true],
    [{ kind: 'http', status: 501, detail: '' }, false],
    [{ kind: 'http', status: 408, detail: '' }, true],
    [{ kind: 'http', status: 429, detail: '' }, true],
    [{ kind: 'http', status: 529, detail: '' }, true],
    [{ kind: 'http', status: 401, detail: '' }, false],
    [{ kind: 'interrupted' }, true],
    [{ kind: 'unreachable', code: 'ECONNREFUSED' }, false],
    [{ kind: 'timeout' }, false],
  ])('%j → %s', (fault, transient) => {
    expect(isTransient(fault)).toBe(transient);
  });
});

describe('redact', () => {
  it.each<[string, string[], string]>([
    ['key sk-proj-abcdef123 rejected', [], 'key [key hidden] rejected'],
    ['my key is hunter22', ['hunter22'], 'my key is [key hidden]'],
    ['short abc stays', ['abc'], 'short abc stays'],
  ])('%j → %j', (text, secrets, shown) => {
    expect(redact(text, secrets)).toBe(shown);
  });
});
