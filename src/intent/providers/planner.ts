/**
 * The planner interface every LLM provider implements, and what a plan call returns.
 *
 * One small interface (as in the Vercel AI SDK): `plan(request)` takes the conversation, a signal
 * and a time budget and always resolves — with the validator's verdict on the model's answer, or a
 * typed error whose message is a sentence the user can act on. It never rejects and never outlives
 * its budget.
 */
import type { FetchLike } from '../../providers/http.js';
import { LLM_PROVIDER_NAMES, type LlmProvider } from '../../shared/llm-providers.js';
import type { ConversationTurn } from '../conversation.js';
import type { Validation, ValidationContext } from '../validator.js';

export type ProviderId = LlmProvider;
export const PROVIDER_NAMES = LLM_PROVIDER_NAMES;

/** The default end-to-end budget of one plan call, retries included. */
export const DEFAULT_PLAN_BUDGET_MS = 15_000;

export interface PlanRequest {
  /** The conversation so far; the last user turn is the command to plan. */
  readonly conversation: readonly ConversationTurn[];
  /** Cancels the call (the user pressed stop); the outcome is then a `cancelled` error. */
  readonly signal?: AbortSignal;
  /** End-to-end budget in milliseconds, retries included. Default 15 s. */
  readonly budgetMs?: number;
  /** Passed to the validator: the latest observation's element ids and the confidence policy. */
  readonly validation?: ValidationContext;
  /** A picture of the screen sent with the last user turn (only to a planner the user allowed pictures for). */
  readonly image?: PlanImage;
}

/** A screen picture as a provider's image input takes it. */
export interface PlanImage {
  readonly mediaType: 'image/png';
  /** The file's bytes, base64. */
  readonly base64: string;
  readonly width: number;
  readonly height: number;
}

/** A request for a sentence about a picture ("describe the screen"), not a plan. */
export interface DescribeRequest {
  readonly conversation: readonly ConversationTurn[];
  readonly image: PlanImage;
  readonly signal?: AbortSignal;
  readonly budgetMs?: number;
}

export type DescribeOutcome =
  | { readonly kind: 'described'; readonly text: string; readonly timing: PlanTiming; readonly usage?: TokenUsage }
  | { readonly kind: 'failed'; readonly error: PlannerError; readonly timing: PlanTiming };

export type PlannerErrorCode =
  | 'auth'
  | 'billing'
  | 'model_not_found'
  | 'endpoint_not_found'
  | 'bad_request'
  | 'rate_limited'
  | 'server_error'
  | 'unreachable'
  | 'interrupted'
  | 'timeout'
  | 'cancelled'
  | 'refused'
  | 'truncated'
  | 'unreadable';

export interface PlannerError {
  readonly code: PlannerErrorCode;
  /** For the user: what happened and what to do, in one or two sentences. Never contains a key. */
  readonly message: string;
  /** Whether trying the same command again, unchanged, may work (a transient fault). */
  readonly retryable: boolean;
}

export interface PlanTiming {
  /** Wall-clock time of the whole call, retries and waits included. */
  readonly totalMs: number;
  /** HTTP attempts made (1 or 2). */
  readonly attempts: number;
}

/** Tokens of one exchange, as the provider reported them (absent when it did not). */
export interface TokenUsage {
  /** Every input token, cached ones included. */
  readonly inputTokens: number;
  readonly outputTokens: number;
  /** Input tokens read from the provider's prompt cache (billed cheaper), when reported. */
  readonly cachedInputTokens?: number;
}

export type PlanOutcome =
  /** The model answered; `validation` is the validator's verdict (an intent, or a rejection with feedback). */
  | { readonly kind: 'answered'; readonly validation: Validation; readonly timing: PlanTiming; readonly usage?: TokenUsage }
  /** No usable answer: the provider, the network or the model failed. */
  | { readonly kind: 'failed'; readonly error: PlannerError; readonly timing: PlanTiming };

/** One LLM planner, built for one provider, model and key (built at send time, so settings apply at once). */
export interface Planner {
  readonly provider: ProviderId;
  readonly model: string;
  plan(request: PlanRequest): Promise<PlanOutcome>;
  /** A sentence about a picture, in the model's words (untrusted: it is read out, never acted on). */
  describe?(request: DescribeRequest): Promise<DescribeOutcome>;
}

/** The `fetch` the SDKs accept (the provider modules' type); injectable so tests and proxies can stand in the middle. */
export type { FetchLike };

/** Options shared by the HTTP-API providers (Anthropic, OpenAI-compatible). */
export interface ApiPlannerOptions {
  readonly model?: string;
  readonly baseURL?: string;
  readonly headers?: Record<string, string>;
  readonly fetch?: FetchLike;
  /** How the user changes the key, quoted in "key rejected" messages. */
  readonly keyAdvice?: string;
  /** The system prompt; defaults to the one generated for this platform. */
  readonly systemPrompt?: string;
}
