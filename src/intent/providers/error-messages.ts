/**
 * Turns a fault into the sentence the user reads: what happened, and the one thing to do about it.
 *
 * Provider-specific advice lives here (Ollama is local: "start it with `ollama serve`"; a cloud
 * provider with a wrong key: where to change it), so every provider speaks the same way.
 */
import { redact, type Fault } from './faults.js';
import { PROVIDER_NAMES, type PlannerError, type ProviderId } from './planner.js';

export interface FaultContext {
  readonly provider: ProviderId;
  readonly model: string;
  /** The server's base URL, as configured. */
  readonly endpoint: string;
  /** True when the endpoint is the provider's own service (not a self-hosted compatible server). */
  readonly officialEndpoint: boolean;
  /** How the user changes the key: a sentence fragment ("run `assistive-control keys set openai` …"). */
  readonly keyAdvice: string;
  readonly budgetMs: number;
  /** Secrets to scrub from anything quoted from the server. */
  readonly secrets: readonly string[];
}

/** Where to change a provider's key, for "key rejected" messages (the composer may say more). */
export function defaultKeyAdvice(provider: 'anthropic' | 'openai'): string {
  return `Save the right key with \`assistive-control keys set ${provider}\`, or in the panel's Settings → API keys.`;
}

const DETAIL_MAX = 160;

function quoteDetail(detail: string, ctx: FaultContext): string {
  const flat = redact(detail, ctx.secrets).replace(/\s+/g, ' ').trim();
  if (!flat) return '';
  return flat.length > DETAIL_MAX ? `${flat.slice(0, DETAIL_MAX - 1)}…` : flat;
}

/** Who the user is talking to: "Anthropic", "Ollama", or "the server at http://…" for a compatible one. */
function who(ctx: FaultContext): string {
  if (ctx.provider === 'openai' && !ctx.officialEndpoint) return `The server at ${ctx.endpoint}`;
  return PROVIDER_NAMES[ctx.provider];
}

function seconds(ms: number): string {
  const s = Math.max(1, Math.ceil(ms / 1000));
  return `${s} second${s === 1 ? '' : 's'}`;
}

function modelSettingHint(ctx: FaultContext): string {
  return `\`assistive-control config set models.${ctx.provider} <model>\``;
}

function err(code: PlannerError['code'], message: string, retryable: boolean, ctx: FaultContext): PlannerError {
  // Belt and braces: no message leaves this module with a key in it.
  return { code, message: redact(message, ctx.secrets), retryable };
}

/** The user-facing error for a fault. `retried` says a second attempt was already made. */
export function faultToError(fault: Fault, ctx: FaultContext, retried: boolean): PlannerError {
  const name = who(ctx);
  const again = retried ? ' (tried twice)' : '';
  switch (fault.kind) {
    case 'aborted':
      return err('cancelled', 'Cancelled: the command was not planned, and nothing was done.', false, ctx);
    case 'timeout':
      return err(
        'timeout',
        ctx.provider === 'ollama'
          ? `Ollama did not answer within ${seconds(ctx.budgetMs)}, so nothing was done. The model may still be loading: try again in a moment, or choose a smaller model with ${modelSettingHint(ctx)}.`
          : `${name} did not answer within ${seconds(ctx.budgetMs)}, so nothing was done. Try again, or choose a faster model with ${modelSettingHint(ctx)}.`,
        true,
        ctx,
      );
    case 'unreachable':
      if (ctx.provider === 'ollama') {
        return err(
          'unreachable',
          `Ollama is not running at ${ctx.endpoint} — start it with \`ollama serve\` (or open the Ollama app), then try again. If it runs elsewhere, set its address with \`assistive-control config set ollamaUrl <url>\`.`,
          false,
          ctx,
        );
      }
      if (ctx.provider === 'openai' && !ctx.officialEndpoint) {
        return err(
          'unreachable',
          `Nothing is answering at ${ctx.endpoint}: start that server, or change the address with \`assistive-control config set openaiBaseUrl <url>\`.`,
          false,
          ctx,
        );
      }
      return err('unreachable', `Can't reach ${name} (${ctx.endpoint}): check the internet connection, then try again.`, true, ctx);
    case 'interrupted':
      return err('interrupted', `The connection to ${name} broke off before the answer was complete${again}, so nothing was done. Try again.`, true, ctx);
    case 'unreadable':
      return err(
        'unreadable',
        `${name} sent an answer the assistant could not read${again}, so nothing was done. Try again; if it keeps happening, choose another model or provider.`,
        true,
        ctx,
      );
    case 'http':
      return httpError(fault, ctx, retried);
  }
}

function httpError(fault: Extract<Fault, { kind: 'http' }>, ctx: FaultContext, retried: boolean): PlannerError {
  const name = who(ctx);
  const status = fault.status;
  const detail = quoteDetail(fault.detail, ctx);
  const again = retried ? ' (tried twice)' : '';
  if (status === 401 || status === 403) {
    if (ctx.provider === 'ollama') {
      return err(
        'auth',
        `The Ollama server at ${ctx.endpoint} refused the request (HTTP ${status}). Check its address with \`assistive-control config show\`.`,
        false,
        ctx,
      );
    }
    return err(
      'auth',
      status === 401
        ? `${name} rejected the API key (HTTP 401): it is wrong, revoked or expired. ${ctx.keyAdvice}`
        : `${name} refused the request (HTTP 403): the API key has no access to the model "${ctx.model}". ${ctx.keyAdvice}`,
      false,
      ctx,
    );
  }
  if (status === 402) {
    return err(
      'billing',
      `${name} refused the request because the account has no credit left (HTTP 402). Add credit in the provider's console, or switch provider with \`assistive-control config set provider ollama\`.`,
      false,
      ctx,
    );
  }
  if (status === 404) {
    const mentionsModel = /model/i.test(fault.detail) || /model/i.test(fault.errorCode ?? '');
    if (ctx.provider === 'ollama' && (mentionsModel || fault.detail === '')) {
      return err(
        'model_not_found',
        `The model "${ctx.model}" is not installed in Ollama. Install it with \`ollama pull ${ctx.model}\`, or choose an installed one with ${modelSettingHint(ctx)}.`,
        false,
        ctx,
      );
    }
    if (mentionsModel || (ctx.provider === 'anthropic' && ctx.officialEndpoint)) {
      return err(
        'model_not_found',
        `${name} has no model called "${ctx.model}" (or the key cannot use it). Choose another with ${modelSettingHint(ctx)}.`,
        false,
        ctx,
      );
    }
    return err(
      'endpoint_not_found',
      ctx.provider === 'openai'
        ? `${name} has no chat endpoint there (HTTP 404): check the base URL (it usually ends in /v1) with \`assistive-control config set openaiBaseUrl <url>\`.`
        : `${name} answered "not found" (HTTP 404): check its address with \`assistive-control config show\`.`,
      false,
      ctx,
    );
  }
  if (status === 429) {
    const wait = fault.retryAfterMs !== undefined ? ` Try again in ${seconds(fault.retryAfterMs)}.` : ' Wait a moment and try again.';
    return err('rate_limited', `${name} is limiting requests right now (HTTP 429)${again}, so nothing was done.${wait}`, true, ctx);
  }
  if (status === 400 || status === 413 || status === 422) {
    return err(
      'bad_request',
      `${name} refused the request (HTTP ${status}${detail ? `: ${detail}` : ''}). The model "${ctx.model}" may not support structured answers: choose another with ${modelSettingHint(ctx)}.`,
      false,
      ctx,
    );
  }
  if (status >= 500 || status === 408) {
    const local = ctx.provider === 'ollama' || !ctx.officialEndpoint;
    const shown = local && detail ? `: ${detail}` : '';
    return err(
      'server_error',
      `${name} had a problem (HTTP ${status}${shown})${again}, so nothing was done. Try again in a moment; if it keeps happening, switch provider with \`assistive-control config set provider <ollama|anthropic|openai>\`.`,
      true,
      ctx,
    );
  }
  return err('server_error', `${name} answered with an unexpected error (HTTP ${status}${detail ? `: ${detail}` : ''}), so nothing was done.`, false, ctx);
}

export function refusalError(ctx: FaultContext): PlannerError {
  return err(
    'refused',
    'The model declined to plan this command, so nothing was done. Say it another way, or break it into smaller steps such as "open Mail".',
    false,
    ctx,
  );
}

export function truncatedError(ctx: FaultContext): PlannerError {
  return err(
    'truncated',
    "The model's answer was cut off before it was complete, so nothing was done. Try a shorter command, or split it into steps.",
    true,
    ctx,
  );
}
