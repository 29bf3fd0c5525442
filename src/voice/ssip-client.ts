/**
 * A client of speech-dispatcher's SSIP protocol over its socket: the queue the screen reader (Orca)
 * speaks through too, so the assistant's lines wait their turn instead of talking over it.
 *
 * One connection carries every line (no process per utterance). Each command waits for its reply
 * within a deadline; replies are `NNN-data` lines ended by one `NNN text` line. Events (7xx: a
 * message began, ended, was cancelled) arrive between replies once notifications are on, and are
 * handed to `onEvent`. Text is sent as data lines ended by a lone ".", a line that starts with "."
 * doubled, so nothing in it can end the message early or become a command.
 */
import { connect, type Socket } from 'node:net';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { withDeadline } from '../shared/deadline.js';

/** How to reach the server: `SPEECHD_ADDRESS` (`unix_socket:PATH`, `inet_socket:HOST:PORT`), else its usual socket. */
export type SsipAddress = { readonly path: string } | { readonly host: string; readonly port: number };

export function ssipAddress(env: Readonly<Record<string, string | undefined>>): SsipAddress {
  const spec = env.SPEECHD_ADDRESS?.trim();
  const runtime = env.XDG_RUNTIME_DIR && env.XDG_RUNTIME_DIR.startsWith('/') ? env.XDG_RUNTIME_DIR : join(homedir(), '.cache');
  const usual = { path: join(runtime, 'speech-dispatcher', 'speechd.sock') };
  if (!spec) return usual;
  const [method, ...rest] = spec.split(':');
  if (method === 'unix_socket') return rest.length > 0 && rest.join(':') ? { path: rest.join(':') } : usual;
  if (method === 'inet_socket') {
    const port = Number(rest[1] ?? 6560);
    return { host: rest[0] || '127.0.0.1', port: Number.isInteger(port) ? port : 6560 };
  }
  return usual;
}

export interface SsipReply {
  readonly code: number;
  /** The `NNN-` lines before the last one (a message id after SPEAK). */
  readonly data: readonly string[];
  readonly text: string;
}

export type SsipEventKind = 'begin' | 'end' | 'cancelled' | 'paused' | 'resumed' | 'index_mark';
export interface SsipEvent {
  readonly kind: SsipEventKind;
  readonly messageId: string;
}

const EVENT_KINDS: Readonly<Record<number, SsipEventKind>> = {
  700: 'index_mark',
  701: 'begin',
  702: 'end',
  703: 'cancelled',
  704: 'paused',
  705: 'resumed',
};

export class SsipError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SsipError';
  }
}

/** The data lines of a message: CRLF, a leading "." doubled, then the lone "." that ends it. */
export function ssipMessageData(text: string): string {
  return `${text
    .split(/\r?\n/)
    .map((line) => (line.startsWith('.') ? `.${line}` : line))
    .join('\r\n')}\r\n.\r\n`;
}

interface Pending {
  readonly resolve: (reply: SsipReply) => void;
  readonly reject: (e: Error) => void;
}

export class SsipConnection {
  private buffer = '';
  private data: string[] = [];
  private readonly pending: Pending[] = [];
  private eventLines: string[] = [];
  private closedWith: Error | undefined;

  private constructor(
    private readonly socket: Socket,
    private readonly deadlineMs: number,
    private readonly onEvent: (event: SsipEvent) => void,
    private readonly onClose: () => void,
  ) {
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => this.receive(chunk));
    socket.on('error', (e) => this.close(new SsipError(`speech-dispatcher's connection failed (${(e as NodeJS.ErrnoException).code ?? e.message}).`)));
    socket.on('close', () => this.close(new SsipError("speech-dispatcher's connection closed.")));
  }

  /** Connects within `deadlineMs`; rejects when nothing listens there (speech-dispatcher does not run). */
  static async open(
    address: SsipAddress,
    options: { readonly deadlineMs?: number; readonly onEvent?: (e: SsipEvent) => void; readonly onClose?: () => void } = {},
  ): Promise<SsipConnection> {
    const deadlineMs = options.deadlineMs ?? 1000;
    const socket = 'path' in address ? connect(address.path) : connect(address.port, address.host);
    const ready = new Promise<void>((resolve, reject) => {
      socket.once('connect', () => resolve());
      socket.once('error', reject);
    });
    await withDeadline(ready, {
      deadlineMs,
      late: () => new SsipError('speech-dispatcher did not answer.'),
      giveUp: () => socket.destroy(),
      unref: true,
    }).catch((e: unknown) => {
      socket.destroy();
      throw e;
    });
    return new SsipConnection(socket, deadlineMs, options.onEvent ?? (() => undefined), options.onClose ?? (() => undefined));
  }

  get closed(): boolean {
    return this.closedWith !== undefined;
  }

  /** Sends one command line (or a message's data) and waits for its reply; a 3xx or 4xx reply rejects. */
  async send(line: string): Promise<SsipReply> {
    if (this.closedWith) throw this.closedWith;
    const reply = new Promise<SsipReply>((resolve, reject) => this.pending.push({ resolve, reject }));
    this.socket.write(line.endsWith('\r\n') ? line : `${line}\r\n`);
    const answer = await withDeadline(reply, {
      deadlineMs: this.deadlineMs,
      late: () => new SsipError('speech-dispatcher did not answer in time.'),
      giveUp: () => this.close(new SsipError('speech-dispatcher did not answer in time.')),
      unref: true,
    });
    if (answer.code >= 300) throw new SsipError(`speech-dispatcher refused "${line.split(' ', 3).join(' ').slice(0, 40)}": ${answer.code} ${answer.text}`);
    return answer;
  }

  close(reason: Error = new SsipError("speech-dispatcher's connection was closed.")): void {
    if (this.closedWith) return;
    this.closedWith = reason;
    this.socket.destroy();
    for (const p of this.pending.splice(0)) p.reject(reason);
    this.onClose();
  }

  private receive(chunk: string): void {
    this.buffer += chunk;
    for (let end = this.buffer.indexOf('\n'); end >= 0; end = this.buffer.indexOf('\n')) {
      const line = this.buffer.slice(0, end).replace(/\r$/, '');
      this.buffer = this.buffer.slice(end + 1);
      this.line(line);
    }
  }

  private line(line: string): void {
    const code = Number(line.slice(0, 3));
    const last = line[3] !== '-';
    const rest = line.slice(4);
    if (code >= 700 && code < 800) {
      // An event: "7xx-message id", "7xx-client id", "7xx NAME".
      if (!last) return void this.eventLines.push(rest);
      const kind = EVENT_KINDS[code];
      const messageId = this.eventLines[0] ?? '';
      this.eventLines = [];
      if (kind) this.onEvent({ kind, messageId });
      return;
    }
    if (!last) return void this.data.push(rest);
    const data = this.data;
    this.data = [];
    this.pending.shift()?.resolve({ code, data, text: rest });
  }
}
