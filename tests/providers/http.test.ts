/**
 * What the provider modules share (src/providers/http.ts): base URLs without trailing slashes, the
 * Stainless SDKs' client options (no retries, no logging, the settings' headers and fetch), and an
 * error response thrown as HttpStatusError with everything the fault classifier reads.
 */
import { describe, expect, it } from 'vitest';
import { HttpStatusError, sdkClientOptions, throwIfNotOk, trimBaseURL } from '../../src/providers/http.js';

describe('trimBaseURL', () => {
  it.each([
    ['https://api.openai.com/v1', 'https://api.openai.com/v1'],
    ['https://api.openai.com/v1/', 'https://api.openai.com/v1'],
    ['http://127.0.0.1:11434///', 'http://127.0.0.1:11434'],
    ['http://gateway/v1/openai/', 'http://gateway/v1/openai'],
  ])('%s → %s', (url, trimmed) => expect(trimBaseURL(url)).toBe(trimmed));
});

describe('sdkClientOptions', () => {
  const fetch: typeof globalThis.fetch = (input, init) => globalThis.fetch(input, init);
  it.each([
    [{}, { maxRetries: 0, logLevel: 'off' }],
    [{ baseURL: 'http://ignored/v1' }, { maxRetries: 0, logLevel: 'off' }],
    [{ headers: { 'x-a': '1' } }, { maxRetries: 0, logLevel: 'off', defaultHeaders: { 'x-a': '1' } }],
    [{ fetch }, { maxRetries: 0, logLevel: 'off', fetch }],
  ])('%j: no retries, no logging, only the headers and fetch given', (settings, options) => expect(sdkClientOptions(settings)).toEqual(options));
});

describe('throwIfNotOk', () => {
  it('passes a 2xx response through untouched', async () => {
    const response = Response.json({ ok: true });
    expect(await throwIfNotOk(response)).toBe(response);
    expect(response.bodyUsed).toBe(false);
  });

  it('throws any other status as HttpStatusError with its headers and body', async () => {
    const error = await throwIfNotOk(new Response('slow down', { status: 429, headers: { 'retry-after': '2' } })).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HttpStatusError);
    expect(error).toMatchObject({ name: 'HttpStatusError', message: 'HTTP 429', status: 429, body: 'slow down' });
    expect((error as HttpStatusError).headers.get('retry-after')).toBe('2');
  });
});
