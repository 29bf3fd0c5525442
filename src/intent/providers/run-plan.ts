/**
 * The part of a plan call every provider shares: the time budget, the one retry, validation, and
 * turning faults into sentences.
 *
 * A provider only supplies `send` — one HTTP exchange through its SDK — and this module wraps it:
 * the SDK's own retries are off (`maxRetries: 0`) so the budget is ours to keep, a retry happens only
 * for a transient fault and only when its `retry-after` fits in what is left of the budget, and the
 * whole call is raced against the deadline so a client that ignores its signal still cannot hang
 * the assistant.
 */
import { toChatMessages, type ChatMessage } from '../conversation.js';
import { validateIntentValue, validatePlannerOutput } from '../validator.js';
import { faultToError, refusalError, truncatedError, type FaultContext } from './error-messages.js';
import { classifyError, isTransient, type Fault } from './faults.js';
import {
  DEFAULT_PLAN_BUDGET_MS,
  type DescribeOutcome,
  type PlanImage,
  type PlanOutcome,
  type PlanRequest,
  type PlanTiming,
  type Planner,
  type PlannerError,
  type ProviderId,
  type TokenUsage,
} from './planner.js';
import { withDeadline } from '../../shared/deadline.js';

/** What the model said, as the SDK delivered it. */
export type ModelReply =
  /** A parsed JSON value (a tool call's input, or a structured-output object). */
  | { readonly kind: 'value'; readonly value: unknown; readonly truncated?: boolean; readonly usage?: TokenUsage }
  /** Text that should contain the JSON (possibly wrapped in prose). */
  | { readonly kind: 'text'; readonly text: string; readonly truncated?: boolean; readonly usage?: TokenUsage }
  /** The model declined. */
  | { readonly kind: 'refusal' }
  /** The response parsed but is not this protocol's answer (an empty body, a proxy's page). */
  | { readonly kind: 'malformed'; readonly detail: string };

export interface SendOptions {
  /** Aborts on cancel and at the deadline. */
  readonly signal: AbortSignal;
  /** What is left of the budget, for the SDK's own timeout. */
  readonly timeoutMs: number;
  /** A picture to send with the last user message, in the provider's image input. */
  readonly image?: PlanImage;
  /** 'plan' (default): the structured plan; 'text': a sentence, without the plan's format or tool. */
  readonly answer?: 'plan' | 'text';
}

/** One provider's wire exchange: the only thing a provider implements. */
export interface ProviderTransport {
  readonly provider: ProviderId;
  readonly model: string;
  send(messages: readonly ChatMessage[], options: SendOptions): Promise<ModelReply>;
}

export interface RunPlanOptions {
  readonly endpoint: string;
  readonly officialEndpoint: boolean;
  readonly keyAdvice: string;
  readonly secrets: readonly string[];
  /** Injectable clock, for tests. */
  readonly now?: () => number;
}

/** A second attempt is only worth starting with at least this much of the budget left. */
const MIN_ATTEMPT_MS = 1_000;
/** Wait before retrying a 5xx or a broken connection when the server named no time. */
const DEFAULT_RETRY_WAIT_MS = 300;
const DEFAULT_RATE_LIMIT_WAIT_MS = 1_000;

const DEADLINE = Symbol('deadline');

/** Resolves with the promise, or rejects with DEADLINE as soon as the signal aborts. */
function raceSignal<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  return withDeadline(promise, { signal, aborted: () => DEADLINE });
}

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(DEADLINE);
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(DEADLINE);
    };
    signal.addEventListener('abort', onAbort, { once: true });
  });
}

type Failed = { readonly kind: 'failed'; readonly error: PlannerError; readonly timing: PlanTiming };
type Answered = Extract<ModelReply, { kind: 'value' | 'text' }>;
interface Exchange {
  readonly conversation: PlanRequest['conversation'];
  readonly signal?: AbortSignal | undefined;
  readonly budgetMs?: number | undefined;
  readonly image?: PlanImage | undefined;
}

/** Builds a Planner around a transport: `plan` validates the answer, `describe` returns its text. */
export function plannerFromTransport(transport: ProviderTransport, options: RunPlanOptions): Planner {
  const exchange = <T>(request: Exchange, answer: 'plan' | 'text', finish: (reply: Answered, timing: PlanTiming, ctx: FaultContext) => T | Failed) =>
    runExchange(transport, options, request, answer, finish);
  return {
    provider: transport.provider,
    model: transport.model,
    plan(request: PlanRequest): Promise<PlanOutcome> {
      return exchange(request, 'plan', (reply, timing, ctx): PlanOutcome => {
        const validation =
          reply.kind === 'value' ? validateIntentValue(reply.value, request.validation) : validatePlannerOutput(reply.text, request.validation);
        if (!validation.ok && reply.truncated) return { kind: 'failed', error: truncatedError(ctx), timing };
        return { kind: 'answered', validation, timing, ...(reply.usage ? { usage: reply.usage } : {}) };
      });
    },
    describe(request): Promise<DescribeOutcome> {
      return exchange(request, 'text', (reply, timing): DescribeOutcome => {
        const text = reply.kind === 'text' ? reply.text.trim() : JSON.stringify(reply.value);
        return { kind: 'described', text, timing, ...(reply.usage ? { usage: reply.usage } : {}) };
      });
    },
  };
}

/** One call: the budget, the one retry, faults as sentences; `finish` reads a usable reply. */
async function runExchange<T>(
  transport: ProviderTransport,
  options: RunPlanOptions,
  request: Exchange,
  answer: 'plan' | 'text',
  finish: (reply: Answered, timing: PlanTiming, ctx: FaultContext) => T | Failed,
): Promise<T | Failed> {
  const now = options.now ?? (() => performance.now());
  const budgetMs = request.budgetMs ?? DEFAULT_PLAN_BUDGET_MS;
  const started = now();
  const ctx: FaultContext = {
    provider: transport.provider,
    model: transport.model,
    endpoint: options.endpoint,
    officialEndpoint: options.officialEndpoint,
    keyAdvice: options.keyAdvice,
    budgetMs,
    secrets: options.secrets,
  };
  const deadline = new AbortController();
  const timer = setTimeout(() => deadline.abort(), budgetMs);
  const signal = request.signal ? AbortSignal.any([request.signal, deadline.signal]) : deadline.signal;
  let attempts = 0;
  const timing = () => ({ totalMs: Math.round(now() - started), attempts });
  const failed = (error: ReturnType<typeof faultToError>): Failed => ({ kind: 'failed', error, timing: timing() });
  /** Why the signal fired: the user's cancel wins over the deadline. */
  const abortFault = (): Fault => (request.signal?.aborted ? { kind: 'aborted' } : { kind: 'timeout' });
  const image = request.image ? { image: request.image } : {};

  try {
    let messages: ChatMessage[];
    try {
      messages = toChatMessages(request.conversation);
    } catch (e) {
      return failed(faultToError({ kind: 'unreadable', detail: String(e) }, ctx, false));
    }
    for (;;) {
      attempts++;
      let reply: ModelReply;
      try {
        const timeoutMs = Math.max(1, Math.ceil(budgetMs - (now() - started)));
        reply = await raceSignal(transport.send(messages, { signal, timeoutMs, answer, ...image }), signal);
      } catch (e) {
        let fault: Fault = e === DEADLINE || signal.aborted ? abortFault() : classifyError(e);
        // An SDK reports our own abort as an abort: say which one it was.
        if (fault.kind === 'aborted' || fault.kind === 'timeout') fault = signal.aborted ? abortFault() : fault;
        if (attempts === 1 && isTransient(fault)) {
          const wait =
            fault.kind === 'http' && fault.retryAfterMs !== undefined
              ? fault.retryAfterMs
              : fault.kind === 'http' && fault.status === 429
                ? DEFAULT_RATE_LIMIT_WAIT_MS
                : DEFAULT_RETRY_WAIT_MS;
          const left = budgetMs - (now() - started);
          if (wait + Math.min(MIN_ATTEMPT_MS, budgetMs / 4) <= left) {
            try {
              await sleep(wait, signal);
            } catch {
              return failed(faultToError(abortFault(), ctx, false));
            }
            continue;
          }
        }
        return failed(faultToError(fault, ctx, attempts > 1));
      }
      if (reply.kind === 'refusal') return failed(refusalError(ctx));
      if (reply.kind === 'malformed') return failed(faultToError({ kind: 'unreadable', detail: reply.detail }, ctx, false));
      return finish(reply, timing(), ctx);
    }
  } finally {
    clearTimeout(timer);
  }
}
