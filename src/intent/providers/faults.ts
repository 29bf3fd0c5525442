/**
 * What went wrong in one HTTP exchange with a provider, read from whatever the SDK threw.
 *
 * The two Stainless SDKs (Anthropic, OpenAI) throw errors with `status` and `headers`; the Ollama
 * client's fetch wrapper (`src/providers/ollama.ts`) throws `HttpStatusError`; Node's fetch (undici)
 * reports network failures as a `TypeError` whose `cause` chain carries a system error code.
 * Everything is duck-typed here so this file depends on no SDK.
 */
import { HttpStatusError } from '../../providers/http.js';
import { errorMessage } from '../../shared/errors.js';

export type Fault =
  | {
      readonly kind: 'http';
      readonly status: number;
      /** From `retry-after-ms` or `retry-after` (seconds or an HTTP date), when the server sent one. */
      readonly retryAfterMs?: number;
      /** The server's own error text, when it gave one (may quote anything: redact before showing). */
      readonly detail: string;
      /** The provider's error code or type ("model_not_found", "not_found_error"), when given. */
      readonly errorCode?: string;
    }
  | { readonly kind: 'unreachable'; readonly code: string }
  | { readonly kind: 'interrupted' }
  | { readonly kind: 'timeout' }
  | { readonly kind: 'aborted' }
  | { readonly kind: 'unreadable'; readonly detail: string };

const UNREACHABLE_CODES = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EADDRNOTAVAIL',
  'UND_ERR_CONNECT_TIMEOUT',
  'ERR_INVALID_URL',
]);
const INTERRUPTED_CODES = new Set(['ECONNRESET', 'EPIPE', 'UND_ERR_SOCKET', 'UND_ERR_CLOSED', 'ECONNABORTED']);

/** Parses `retry-after-ms` / `retry-after` (seconds or an HTTP date) into milliseconds. */
export function retryAfterMs(headers: { get(name: string): string | null } | undefined, now = Date.now()): number | undefined {
  if (!headers) return undefined;
  const ms = Number.parseFloat(headers.get('retry-after-ms') ?? '');
  if (Number.isFinite(ms) && ms >= 0) return ms;
  const value = headers.get('retry-after');
  if (value === null || value.trim() === '') return undefined;
  const seconds = Number(value);
  if (Number.isFinite(seconds) && seconds >= 0) return seconds * 1000;
  const date = Date.parse(value);
  return Number.isFinite(date) ? Math.max(0, date - now) : undefined;
}

function* causeChain(e: unknown): Generator<Record<string, unknown>> {
  let current: unknown = e;
  for (let depth = 0; depth < 6 && typeof current === 'object' && current !== null; depth++) {
    yield current as Record<string, unknown>;
    current = (current as { cause?: unknown }).cause;
  }
}

function errorText(body: unknown): { detail: string; code?: string } {
  // Anthropic: {type:"error", error:{type, message}}; OpenAI: {error:{message, code, type}} (the SDK
  // hands over the inner object); Ollama: {error: "text"}.
  if (typeof body === 'string') {
    try {
      return errorText(JSON.parse(body) as unknown);
    } catch {
      return { detail: body };
    }
  }
  if (typeof body !== 'object' || body === null) return { detail: '' };
  const record = body as Record<string, unknown>;
  const inner = typeof record.error === 'object' && record.error !== null ? (record.error as Record<string, unknown>) : record;
  const message = typeof inner.message === 'string' ? inner.message : typeof record.error === 'string' ? record.error : '';
  const code = typeof inner.code === 'string' ? inner.code : typeof inner.type === 'string' ? inner.type : undefined;
  return code === undefined ? { detail: message } : { detail: message, code };
}

/** Classifies anything an SDK call threw. */
export function classifyError(e: unknown): Fault {
  if (e instanceof HttpStatusError) {
    const { detail, code } = errorText(e.body);
    const retryAfter = retryAfterMs(e.headers);
    return { kind: 'http', status: e.status, detail, ...(code ? { errorCode: code } : {}), ...(retryAfter !== undefined ? { retryAfterMs: retryAfter } : {}) };
  }
  const first = typeof e === 'object' && e !== null ? (e as Record<string, unknown>) : undefined;
  const name = typeof first?.name === 'string' ? first.name : '';
  const ctor = typeof first?.constructor === 'function' ? ((first.constructor as { name?: string }).name ?? '') : '';
  if (name === 'APIUserAbortError' || ctor === 'APIUserAbortError' || name === 'AbortError') return { kind: 'aborted' };
  if (name === 'APIConnectionTimeoutError' || ctor === 'APIConnectionTimeoutError' || name === 'TimeoutError') return { kind: 'timeout' };
  if (first && typeof first.status === 'number') {
    const headers = first.headers as { get(name: string): string | null } | undefined;
    const { detail, code } = errorText(first.error ?? first.message);
    const ownCode = typeof first.code === 'string' ? first.code : undefined;
    const retryAfter = retryAfterMs(headers);
    const errorCode = ownCode ?? code;
    return {
      kind: 'http',
      status: first.status,
      detail,
      ...(errorCode ? { errorCode } : {}),
      ...(retryAfter !== undefined ? { retryAfterMs: retryAfter } : {}),
    };
  }
  for (const link of causeChain(e)) {
    const code = typeof link.code === 'string' ? link.code : '';
    if (UNREACHABLE_CODES.has(code)) return { kind: 'unreachable', code };
    if (INTERRUPTED_CODES.has(code)) return { kind: 'interrupted' };
    if (link.name === 'AbortError') return { kind: 'aborted' };
    if (link.name === 'TimeoutError') return { kind: 'timeout' };
  }
  for (const link of causeChain(e)) {
    const message = typeof link.message === 'string' ? link.message : '';
    // undici: a body cut off after the headers surfaces as "terminated".
    if (/^terminated$|other side closed|socket hang up|premature close/i.test(message)) return { kind: 'interrupted' };
  }
  if (e instanceof SyntaxError || first?.name === 'SyntaxError') return { kind: 'unreadable', detail: e instanceof Error ? e.message : '' };
  const message = errorMessage(e);
  return { kind: 'unreadable', detail: message };
}

/** Whether one more attempt may succeed. */
export function isTransient(fault: Fault): boolean {
  if (fault.kind === 'interrupted') return true;
  if (fault.kind !== 'http') return false;
  return fault.status === 408 || fault.status === 429 || fault.status === 529 || (fault.status >= 500 && fault.status !== 501);
}

const KEY_PATTERN = /\bsk-[A-Za-z0-9_-]{4,}/g;

/**
 * Removes secrets from a text before it reaches a user, a log or a prompt: the exact key, and
 * anything shaped like a provider key (servers echo keys partly masked: "sk-proj-abc…wxyz").
 */
export function redact(text: string, secrets: readonly string[] = []): string {
  let out = text;
  for (const secret of secrets) {
    if (secret.length >= 4) out = out.split(secret).join('[key hidden]');
  }
  return out.replace(KEY_PATTERN, '[key hidden]');
}
