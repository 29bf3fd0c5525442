/**
 * The panel ↔ main contract: every IPC channel once, with the zod schema its payload must pass.
 *
 * In the style of GitHub Desktop's ipc-shared.ts: `RequestChannels` maps each renderer → main
 * channel to its function signature, `EventChannels` each main → renderer push. The main side
 * validates every payload with `REQUEST_SCHEMAS` (the renderer is untrusted), and the preload exposes
 * only `PanelApi`, a hand-picked set of named functions — never a generic `invoke(channel)`.
 * Nothing here carries a key: the settings view says only whether one is saved.
 */
import { z } from 'zod';
import type { AssistantEvent, Outcome } from './events.js';
import { KEYED_PROVIDERS, LLM_PROVIDERS } from './llm-providers.js';

/** The longest command the panel may send (the loop's own check says the same, in a sentence). */
export const MAX_COMMAND_LENGTH = 2000;

export const commandPayload = z.string().min(1).max(MAX_COMMAND_LENGTH);

/** The user's answer to a confirmation request. */
export const confirmationAnswerPayload = z.enum(['confirm', 'cancel']);
export type ConfirmationAnswer = z.infer<typeof confirmationAnswerPayload>;

/** Whether a key is in the keychain; the key itself never leaves the main process. */
export const keyStatus = z.enum(['saved', 'not_saved']);

export const settingsView = z.strictObject({
  provider: z.enum([...LLM_PROVIDERS, 'grammar']),
  model: z.string().max(200),
  /** Ollama's URL or an OpenAI-compatible base URL; absent for the default. */
  baseUrl: z.string().max(2000).optional(),
  keys: z.strictObject(Object.fromEntries(KEYED_PROVIDERS.map((p) => [p, keyStatus])) as Record<(typeof KEYED_PROVIDERS)[number], typeof keyStatus>),
  confirmModerate: z.boolean(),
  spokenFeedback: z.boolean(),
});
export type SettingsView = z.infer<typeof settingsView>;

/** How a command sent from the panel ended (the loop's RunResult, as plain data). */
export interface RunReply {
  readonly outcome: Outcome;
  readonly message: string;
}

/** Renderer → main: each channel's signature (arguments are validated in main before use). */
export interface RequestChannels {
  'command:run': (command: string) => Promise<RunReply>;
  'command:stop': () => Promise<void>;
  'confirmation:answer': (answer: ConfirmationAnswer) => Promise<void>;
  'commands:recent': () => Promise<readonly string[]>;
  'settings:view': () => Promise<SettingsView>;
}

/** Main → renderer pushes. */
export interface EventChannels {
  'assistant:event': (event: AssistantEvent) => void;
}

export type RequestChannel = keyof RequestChannels;

/** The argument list each request channel must match, checked by main before the handler runs. */
export const REQUEST_SCHEMAS: { readonly [C in RequestChannel]: z.ZodType<Parameters<RequestChannels[C]>> } = {
  'command:run': z.tuple([commandPayload]),
  'command:stop': z.tuple([]),
  'confirmation:answer': z.tuple([confirmationAnswerPayload]),
  'commands:recent': z.tuple([]),
  'settings:view': z.tuple([]),
};

/**
 * The API the preload exposes to the panel as `window.assistiveControl`: named functions only.
 * Tests implement it over Playwright's exposeFunction; the Electron preload over ipcRenderer.
 */
export interface PanelApi {
  runCommand(command: string): Promise<RunReply>;
  stop(): Promise<void>;
  answerConfirmation(answer: ConfirmationAnswer): Promise<void>;
  recentCommands(): Promise<readonly string[]>;
  settingsView(): Promise<SettingsView>;
  /** Calls `listener` for every assistant event; returns the function that unsubscribes. */
  onEvent(listener: (event: AssistantEvent) => void): () => void;
}

/** The global name under which the preload exposes the PanelApi. */
export const PANEL_API_NAME = 'assistiveControl';
