/**
 * The contract between Electron's main process (src/main) and the assistant's core process
 * (src/core): every message each way, by name, with a zod schema of its payload. Both sides import
 * it from here and never from each other.
 *
 * `CORE_ANSWERS` is what the core answers (the shell calls it), `SHELL_ANSWERS` what the shell
 * answers or hears (the core calls or tells it). `ContractPeer` sends and receives over the RPC link
 * of core-rpc.ts and checks both ways: what it sends is checked before it leaves, what arrives
 * before a handler sees it, and a call's answer before the caller gets it. A message off the
 * contract is logged in a sentence and dropped (a call gets a refusal back, so no caller waits);
 * it never throws into either process.
 */
import * as z from 'zod';
import { RpcPeer, type MessageLink, type RpcHandler } from './core-rpc.js';
import { ASSISTANT_STATUSES, INTENT_SOURCES, OUTCOMES, SESSION_MODES, type AssistantEvent } from './events.js';
import { REQUEST_CHANNELS, type RequestChannel } from './ipc-contract.js';
import { permissionKind, permissionStatus } from '../permissions.js';
import { LANGUAGES } from '../language.js';
import { RISK_LEVELS } from '../risk-level.js';
import { Settings } from '../settings-schema.js';
import { SWITCH_INPUTS } from '../switch-access.js';

/** The environment variable main starts the core with: how many times it was started again after a crash (0 or absent at launch). */
export const CORE_RESTARTS_ENV = 'ASSISTIVE_CONTROL_CORE_RESTARTS';

/** One call: its arguments as a tuple, its answer, and the sentence a refused call gets back. */
export interface CallSpec {
  readonly args: z.ZodType<readonly unknown[]>;
  readonly reply: z.ZodType;
  readonly refused?: string;
}

/** What one side answers: calls (with a reply) and notices (no reply). */
export interface SideSpec {
  readonly name: string;
  readonly calls: Readonly<Record<string, CallSpec>>;
  readonly notices: Readonly<Record<string, z.ZodType>>;
}

const riskSummary = z.object({ level: z.enum(RISK_LEVELS), reason: z.string() });
const commandGuide = z.object({
  app: z.string().optional(),
  language: z.enum(LANGUAGES).optional(),
  scope: z.enum(['commands', 'confirmation', 'question', 'running', 'grid']),
  groups: z.array(z.object({ title: z.string(), examples: z.array(z.string()), alsoSaid: z.array(z.string()) })),
});

const place = { label: z.string().max(200), x: z.number(), y: z.number() };
/** Where a step waiting for a confirmation will act: an element's bounds or a point. */
const actionTarget = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('element'), ...place, width: z.number().positive(), height: z.number().positive() }),
  z.object({ kind: z.literal('point'), ...place }),
]);

/** The loop's events, as the core streams them to the panel (src/shared/contracts/events.ts). */
const eventUnion = z.discriminatedUnion('type', [
  z.object({ type: z.literal('status'), status: z.enum(ASSISTANT_STATUSES) }),
  z.object({
    type: z.literal('intent'),
    source: z.enum(INTENT_SOURCES),
    intent: z.record(z.string(), z.unknown()),
    summary: z.string(),
    risk: riskSummary,
    lowConfidence: z.boolean(),
  }),
  z.object({ type: z.literal('clarification'), question: z.string(), options: z.array(z.string()) }),
  z.object({ type: z.literal('confirmation_request'), id: z.string().max(100), summary: z.string(), risk: riskSummary, target: actionTarget.optional() }),
  z.object({ type: z.literal('observation'), summary: z.string(), elements: z.number() }),
  z.object({ type: z.literal('action_result'), ok: z.boolean(), message: z.string(), reversible: z.literal(true).optional() }),
  z.object({ type: z.literal('error'), code: z.string(), message: z.string(), retryable: z.boolean() }),
  z.object({ type: z.literal('done'), outcome: z.enum(OUTCOMES), message: z.string() }),
  z.object({
    type: z.literal('answer'),
    to: z.enum(['confirmation', 'question', 'nothing']),
    answer: z.enum(['confirmed', 'cancelled', 'not_an_answer']),
    message: z.string(),
  }),
  z.object({ type: z.literal('command_guide'), guide: commandGuide }),
  z.object({ type: z.literal('mode'), mode: z.enum(SESSION_MODES), message: z.string() }),
  z.strictObject({ type: z.literal('user_commands_changed') }),
  z.object({ type: z.literal('progress'), step: z.number().int().min(1), total: z.number().int().min(1), doing: z.string(), paused: z.boolean() }),
]);
export const assistantEvent: z.ZodType<AssistantEvent> = eventUnion;

/**
 * Every kind of event the loop can emit has its schema here: a kind added to AssistantEvent without
 * one would be dropped at the process boundary, so it fails the build instead.
 */
type EventKindsCovered = [AssistantEvent['type']] extends [z.infer<typeof eventUnion>['type']] ? true : never;
const _everyEventKindHasASchema: EventKindsCovered = true;

/** The accessibility bridge's permission (src/execution/accessibility/types.ts, PermissionStatus). */
export const bridgePermission = z.object({ state: z.enum(['granted', 'denied', 'unavailable']), detail: z.string() });
export type BridgePermission = z.infer<typeof bridgePermission>;

/** The keys the shell may ask the core to hold: the keyboard inputs a switch can be. */
export const switchKeyList = z.array(z.enum(SWITCH_INPUTS).refine((k) => !k.startsWith('Mouse'), 'a mouse button cannot be held as a key')).max(4);

/** How a hold ended (src/execution/input/switch-keys.ts, HoldOutcome). */
export const holdOutcome = z.object({
  held: z.array(z.string()).readonly(),
  problems: z.array(z.object({ key: z.string(), problem: z.string() })).readonly(),
  unavailable: z.string().optional(),
});
export type HoldOutcomeMessage = z.infer<typeof holdOutcome>;

/**
 * A held switch key went down or up. An edge this contract does not know reads as `lost` (the key
 * is no longer known to be down), and `{ key: '', edge: 'lost' }` means the grab itself was lost.
 * `{ key: '', edge: 'secure_on' | 'secure_off' }` (macOS): another app's secure input began or ended;
 * while it lasts no held key is heard (issue #33).
 */
export const SWITCH_REPORT_EDGES = ['down', 'up', 'lost', 'secure_on', 'secure_off'] as const;
export const switchKeyReport = z.object({ key: z.string().max(40), edge: z.enum(SWITCH_REPORT_EDGES).catch('lost') });
export type SwitchKeyReport = z.infer<typeof switchKeyReport>;

/** The part of a command's reply (RunReply) the shell acts on: the numbered overlay to open or close, a hidden panel to show. */
export const runReplyOverlay = z.looseObject({
  showPanel: z.literal(true).optional(),
  overlay: z
    .union([
      z.literal('hidden'),
      z.object({
        app: z.string(),
        marks: z.array(z.object({ id: z.number(), role: z.string(), label: z.string(), x: z.number(), y: z.number(), width: z.number(), height: z.number() })),
        grid: z.boolean().optional(),
      }),
    ])
    .optional(),
});

/** What the core answers. */
export const CORE_ANSWERS = {
  name: "the assistant's core",
  calls: {
    /** One panel request, relayed after main's sender check; the core's PanelSession validates its arguments. */
    'panel:request': {
      args: z.tuple([z.enum(REQUEST_CHANNELS as readonly [RequestChannel, ...RequestChannel[]]), z.array(z.unknown())]),
      // Each channel's own reply, which goes back to the panel as it is.
      reply: z.unknown(),
      refused: 'Refused a request that is not on the panel contract.',
    },
    /** The accessibility bridge's permission, asked where the bridge runs (Linux). */
    'bridge:permission': { args: z.tuple([z.number().int().min(1).max(10_000)]), reply: bridgePermission },
    /** Hold exactly these switch keys system-wide ([]: none). */
    'switch:hold': { args: z.tuple([switchKeyList]), reply: holdOutcome },
  },
  notices: {},
} as const satisfies SideSpec;

/** What the shell answers or hears. */
export const SHELL_ANSWERS = {
  name: 'the app',
  calls: {
    /** The permission preflight (all kinds when absent), answered with main's OS permission APIs. */
    'permissions:check': { args: z.tuple([z.array(permissionKind).optional()]), reply: z.array(permissionStatus).readonly() },
    /** Opens the pane where the user grants `kind`; false when there is none. */
    'permissions:open-settings': { args: z.tuple([permissionKind]), reply: z.boolean() },
  },
  notices: {
    /** One event of the loop, for the panel. */
    'assistant:event': assistantEvent,
    /** The settings the core just saved: main applies the shortcuts and launch at login. */
    'settings:saved': Settings,
    /** A held switch key went down or up. */
    'switch:key': switchKeyReport,
  },
} as const satisfies SideSpec;

export type CoreAnswers = typeof CORE_ANSWERS;
export type ShellAnswers = typeof SHELL_ANSWERS;

type Awaitable<T> = T | Promise<T>;
/** A call's arguments as its caller gives them. */
type ArgsIn<S extends SideSpec, K extends keyof S['calls']> = Extract<z.input<S['calls'][K]['args']>, readonly unknown[]>;

/** The handlers one side registers: one per call (answering the reply's type) and one per notice. */
export type Handlers<S extends SideSpec> = {
  readonly [K in keyof S['calls']]: (...args: z.output<S['calls'][K]['args']>) => Awaitable<z.input<S['calls'][K]['reply']>>;
} & {
  readonly [K in keyof S['notices']]: (payload: z.output<S['notices'][K]>) => void;
};

function issueOf(error: z.ZodError): string {
  const issue = error.issues[0];
  if (!issue) return 'it does not match';
  return issue.path.length > 0 ? `${issue.path.join('.')}: ${issue.message}` : issue.message;
}

/**
 * One side of the contract over a message link: answers `mine`'s calls and notices with `handlers`,
 * calls and tells `theirs`. Every message is checked on the way out and on the way in.
 */
export class ContractPeer<Mine extends SideSpec, Theirs extends SideSpec> {
  private readonly rpc: RpcPeer;

  constructor(
    link: MessageLink,
    mine: Mine,
    private readonly theirs: Theirs,
    handlers: Handlers<Mine>,
    private readonly log: (line: string) => void,
  ) {
    const table: Record<string, RpcHandler> = {};
    const named = handlers as unknown as Readonly<Record<string, (...args: unknown[]) => unknown>>;
    for (const [name, spec] of Object.entries(mine.calls)) {
      const handler = named[name];
      if (!handler) continue;
      table[name] = (...raw: unknown[]) => {
        const parsed = spec.args.safeParse(raw);
        if (!parsed.success) {
          log(`Refused a ${name} call from ${theirs.name} that is not on the contract (${issueOf(parsed.error)}).`);
          throw new Error(spec.refused ?? `Refused ${name}: ${issueOf(parsed.error)}.`);
        }
        return handler(...parsed.data);
      };
    }
    for (const [name, schema] of Object.entries(mine.notices)) {
      const handler = named[name];
      if (!handler) continue;
      table[name] = (...raw: unknown[]) => {
        const parsed = schema.safeParse(raw[0]);
        if (!parsed.success || raw.length !== 1) {
          log(
            `Ignored a ${name} message from ${theirs.name} that is not on the contract (${parsed.success ? 'more than one payload' : issueOf(parsed.error)}).`,
          );
          return;
        }
        handler(parsed.data);
      };
    }
    this.rpc = new RpcPeer(link, table, (why) => log(`Ignored a malformed message from ${theirs.name}: ${why}.`));
  }

  /** Calls `name` on the other side; rejects with a sentence when the arguments or the answer are off the contract. */
  async call<K extends keyof Theirs['calls'] & string>(name: K, ...args: ArgsIn<Theirs, K>): Promise<z.output<Theirs['calls'][K]['reply']>> {
    const spec: CallSpec = this.theirs.calls[name] as CallSpec;
    const sent = spec.args.safeParse(args);
    if (!sent.success) {
      const line = `Did not send ${name} to ${this.theirs.name}: its arguments are not on the contract (${issueOf(sent.error)}).`;
      this.log(line);
      throw new Error(line);
    }
    // The arguments go as they are: the other side checks them again.
    const answer = await this.rpc.call(name, ...args);
    const parsed = spec.reply.safeParse(answer);
    if (!parsed.success) {
      const line = `${capitalised(this.theirs.name)} answered ${name} with something that is not on the contract (${issueOf(parsed.error)}).`;
      this.log(line);
      throw new Error(line);
    }
    return parsed.data as z.output<Theirs['calls'][K]['reply']>;
  }

  /** Tells the other side `name`; a payload off the contract is logged and not sent. */
  notify<K extends keyof Theirs['notices'] & string>(name: K, payload: z.input<Theirs['notices'][K]>): void {
    const schema: z.ZodType = this.theirs.notices[name] as z.ZodType;
    const checked = schema.safeParse(payload);
    if (!checked.success) {
      this.log(`Did not send ${name} to ${this.theirs.name}: it is not on the contract (${issueOf(checked.error)}).`);
      return;
    }
    this.rpc.notify(name, payload);
  }

  /** The link is gone: every waiting call is rejected with `reason` (a sentence for the user). */
  close(reason: string): void {
    this.rpc.close(reason);
  }
}

function capitalised(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** The shell's side: answers SHELL_ANSWERS, calls the core. */
export function shellPeer(link: MessageLink, handlers: Handlers<ShellAnswers>, log: (line: string) => void): ContractPeer<ShellAnswers, CoreAnswers> {
  return new ContractPeer(link, SHELL_ANSWERS, CORE_ANSWERS, handlers, log);
}

/** The core's side: answers CORE_ANSWERS, calls and tells the shell. */
export function corePeer(link: MessageLink, handlers: Handlers<CoreAnswers>, log: (line: string) => void): ContractPeer<CoreAnswers, ShellAnswers> {
  return new ContractPeer(link, CORE_ANSWERS, SHELL_ANSWERS, handlers, log);
}
