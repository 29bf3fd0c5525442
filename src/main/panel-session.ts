/**
 * The main-process side of the panel contract: validates each request and drives one AssistantLoop.
 *
 * Framework-free on purpose: the Electron shell binds these handlers to ipcMain (after checking the
 * sender), and the panel tests bind them to Playwright's exposeFunction, so both run this same code
 * against the real loop. One run at a time (the loop refuses a second); Stop aborts the running one,
 * including a confirmation the user has not answered yet.
 */
import type { AssistantLoop, ConfirmAnswer, ConfirmCallback } from '../agent/assistant-loop.js';
import { REQUEST_SCHEMAS, type RequestChannel, type RequestChannels, type RunReply, type SettingsView } from '../shared/ipc-contract.js';

export interface PanelSessionDeps {
  /** Builds the loop with the session's confirm callback (the loop's emitter goes to the panel). */
  readonly createLoop: (confirm: ConfirmCallback) => AssistantLoop;
  readonly settingsView: () => Promise<SettingsView>;
}

/** A payload that failed its schema: the handler never ran. */
export class InvalidPayloadError extends Error {}

type Handlers = { readonly [C in RequestChannel]: (...args: Parameters<RequestChannels[C]>) => ReturnType<RequestChannels[C]> };

export class PanelSession {
  private readonly loop: AssistantLoop;
  private running: AbortController | undefined;
  private pendingConfirm: ((answer: ConfirmAnswer) => void) | undefined;

  constructor(private readonly deps: PanelSessionDeps) {
    this.loop = deps.createLoop((_request, signal) => this.waitForAnswer(signal));
  }

  private waitForAnswer(signal: AbortSignal): Promise<ConfirmAnswer> {
    return new Promise<ConfirmAnswer>((resolve) => {
      const settle = (answer: ConfirmAnswer): void => {
        this.pendingConfirm = undefined;
        signal.removeEventListener('abort', onAbort);
        resolve(answer);
      };
      // The loop treats the abort itself as the cancel; resolving keeps no promise hanging.
      const onAbort = (): void => settle('declined');
      signal.addEventListener('abort', onAbort, { once: true });
      this.pendingConfirm = settle;
    });
  }

  private readonly handlers: Handlers = {
    'command:run': async (command) => {
      if (this.loop.busy) return this.loop.run(command); // refused by the loop, with its own sentence
      const controller = new AbortController();
      this.running = controller;
      try {
        const result = await this.loop.run(command, { signal: controller.signal });
        return { outcome: result.outcome, message: result.message } satisfies RunReply;
      } finally {
        if (this.running === controller) this.running = undefined;
      }
    },
    'command:stop': async () => {
      this.running?.abort();
    },
    'confirmation:answer': async (answer) => {
      this.pendingConfirm?.(answer === 'confirm' ? 'confirmed' : 'declined');
    },
    'commands:recent': async () => [...this.loop.memory.recentCommands],
    'settings:view': () => this.deps.settingsView(),
  };

  /**
   * Handles one request from the panel: the arguments must pass the channel's schema first.
   * Rejects with InvalidPayloadError otherwise (the IPC layer reports it; the panel shows nothing ran).
   */
  handle<C extends RequestChannel>(channel: C, args: readonly unknown[]): ReturnType<RequestChannels[C]> {
    const parsed = REQUEST_SCHEMAS[channel].safeParse(args);
    if (!parsed.success) {
      return Promise.reject(new InvalidPayloadError(`Invalid payload for ${channel}: ${parsed.error.issues[0]?.message ?? 'rejected'}`)) as ReturnType<RequestChannels[C]>;
    }
    const handler = this.handlers[channel] as (...a: unknown[]) => ReturnType<RequestChannels[C]>;
    return handler(...(parsed.data as unknown[]));
  }
}
