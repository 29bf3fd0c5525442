/**
 * Calls between Electron's main process and the assistant's core process (a utilityProcess), in
 * both directions, over one message link: `call` waits for the other side's answer, `notify` does
 * not. Framework-free so that tests run it over a real worker_threads MessageChannel.
 *
 * Every message is checked against a schema on arrival. A handler's error travels back as its
 * message only; when the link closes (the core process ended), every pending call is rejected with
 * a sentence, so no caller waits forever.
 */
import * as z from 'zod';
import { errorMessage } from '../errors.js';

/** One side of a message channel: Electron's UtilityProcess / parentPort, or a MessagePort in tests. */
export interface MessageLink {
  post(message: unknown): void;
  /** Starts delivering messages to `listener`; returns the function that stops it. */
  onMessage(listener: (message: unknown) => void): () => void;
}

export type RpcHandler = (...args: never[]) => unknown;

const callMessage = z.strictObject({ kind: z.literal('call'), id: z.number().int().nonnegative(), method: z.string().max(100), args: z.array(z.unknown()) });
const notifyMessage = z.strictObject({ kind: z.literal('notify'), method: z.string().max(100), args: z.array(z.unknown()) });
const replyMessage = z.union([
  z.strictObject({ kind: z.literal('reply'), id: z.number().int().nonnegative(), ok: z.literal(true), value: z.unknown() }),
  z.strictObject({
    kind: z.literal('reply'),
    id: z.number().int().nonnegative(),
    ok: z.literal(false),
    name: z.string().max(100),
    message: z.string().max(2000),
  }),
]);
const rpcMessage = z.union([callMessage, notifyMessage, replyMessage]);

/** The other side is gone: a call that was waiting for it. */
export class RpcClosedError extends Error {
  override readonly name = 'RpcClosedError';
}

/** An error the other side's handler threw, with its name kept (InvalidPayloadError stays recognisable). */
export class RemoteError extends Error {
  constructor(
    readonly remoteName: string,
    message: string,
  ) {
    super(message);
  }
}

interface Pending {
  resolve(value: unknown): void;
  reject(error: Error): void;
}

export class RpcPeer {
  private nextId = 0;
  private readonly pending = new Map<number, Pending>();
  private readonly stop: () => void;
  private closedReason: string | undefined;

  constructor(
    private readonly link: MessageLink,
    private readonly handlers: Readonly<Record<string, RpcHandler>>,
    private readonly onBadMessage: (why: string) => void = () => undefined,
  ) {
    this.stop = link.onMessage((message) => this.receive(message));
  }

  /** Calls `method` on the other side and resolves with its answer. */
  call<T>(method: string, ...args: unknown[]): Promise<T> {
    if (this.closedReason !== undefined) return Promise.reject(new RpcClosedError(this.closedReason));
    const id = this.nextId++;
    return new Promise<T>((resolve, reject) => {
      this.pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
      this.link.post({ kind: 'call', id, method, args });
    });
  }

  /** Tells the other side something; no answer. */
  notify(method: string, ...args: unknown[]): void {
    if (this.closedReason === undefined) this.link.post({ kind: 'notify', method, args });
  }

  /** The link is gone: every waiting call is rejected with `reason` (a sentence for the user). */
  close(reason: string): void {
    if (this.closedReason !== undefined) return;
    this.closedReason = reason;
    this.stop();
    for (const p of this.pending.values()) p.reject(new RpcClosedError(reason));
    this.pending.clear();
  }

  private receive(raw: unknown): void {
    const parsed = rpcMessage.safeParse(raw);
    if (!parsed.success) {
      this.onBadMessage(parsed.error.issues[0]?.message ?? 'malformed message');
      return;
    }
    const message = parsed.data;
    switch (message.kind) {
      case 'reply': {
        const waiting = this.pending.get(message.id);
        if (!waiting) return;
        this.pending.delete(message.id);
        if (message.ok) waiting.resolve(message.value);
        else waiting.reject(new RemoteError(message.name, message.message));
        return;
      }
      case 'notify':
        void this.run(message.method, message.args).catch(() => undefined);
        return;
      case 'call':
        this.run(message.method, message.args).then(
          (value) => this.reply({ kind: 'reply', id: message.id, ok: true, value }),
          (error: unknown) =>
            this.reply({
              kind: 'reply',
              id: message.id,
              ok: false,
              name: error instanceof Error ? error.constructor.name : 'Error',
              message: errorMessage(error).slice(0, 2000),
            }),
        );
        return;
    }
  }

  private async run(method: string, args: readonly unknown[]): Promise<unknown> {
    const handler = Object.hasOwn(this.handlers, method) ? this.handlers[method] : undefined;
    if (!handler) throw new Error(`No handler for ${method.slice(0, 100)}.`);
    return (handler as (...a: unknown[]) => unknown)(...args);
  }

  private reply(message: z.infer<typeof replyMessage>): void {
    if (this.closedReason === undefined) this.link.post(message);
  }
}
