/**
 * The panel ↔ main contract: every IPC channel once, with the zod schema its payload must pass.
 *
 * In the style of GitHub Desktop's ipc-shared.ts: `RequestChannels` maps each renderer → main
 * channel to its function signature, `EventChannels` each main → renderer push. The main side
 * validates every payload with `REQUEST_SCHEMAS` (the renderer is untrusted), and the preload exposes
 * only `PanelApi`, a hand-picked set of named functions — never a generic `invoke(channel)`.
 * Nothing here carries a key: the settings view says only whether one is saved.
 */
import * as z from 'zod';
import type { AssistantEvent, Outcome } from './events.js';
import { KEYED_PROVIDERS, LLM_PROVIDERS, type KeyedProvider } from '../llm-providers.js';
import { permissionKind, type PermissionKind, type PermissionStatus } from '../permissions.js';
import { MAX_COMMAND_LENGTH, MAX_COMMAND_PHRASE_LENGTH, MAX_QUICK_COMMAND_LENGTH } from '../limits.js';
import { MAX_QUICK_COMMANDS, SCAN_MODES, SWITCH_INPUTS, type SwitchInput } from '../switch-access.js';
import type { ListenReply } from '../listening.js';
import { LANGUAGES, type Language } from '../language.js';
import { ANSWER_CHANNELS, type AnswerChannel } from '../answer-words.js';
import type { PanelSettings } from '../settings-schema.js';
import { SCREEN_PICTURE_CHOICES, type ScreenPictureChoice } from '../screen-picture-options.js';
import { effortReport, type EffortReport } from '../effort.js';
import { listenAudioPayload, voiceUtterancePayload, type ListenAudio, type VoiceUtterance } from './voice-contract.js';
import { PUSH_TO_TALK_MODES, VOICE_ENGINES, VOICE_MODEL_SIZES, type VoiceProgress, type VoiceReply } from '../voice-settings.js';

/** The longest command the panel may send is the loop's own limit (src/shared/limits.ts), which says it in a sentence. */
export const commandPayload = z.string().min(1).max(MAX_COMMAND_LENGTH);

/** The user's answer to a confirmation request. */
export const confirmationAnswerPayload = z.enum(['confirm', 'cancel']);
export type ConfirmationAnswer = z.infer<typeof confirmationAnswerPayload>;

/** Whether a key is in the keychain; the key itself never leaves the main process. */
export const keyStatus = z.enum(['saved', 'not_saved']);
export type KeyStatusView = z.infer<typeof keyStatus>;

const keyedProvider = z.enum(KEYED_PROVIDERS);
const plannerChoice = z.enum(['grammar', ...LLM_PROVIDERS]);
export type PanelPlannerChoice = z.infer<typeof plannerChoice>;

/** The longest API key main accepts from the panel (real keys are under 200 characters). */
export const MAX_KEY_LENGTH = 1000;

export const keysView = z.strictObject(
  Object.fromEntries(KEYED_PROVIDERS.map((p) => [p, keyStatus])) as Record<(typeof KEYED_PROVIDERS)[number], typeof keyStatus>,
);
export type KeysView = z.infer<typeof keysView>;

/**
 * The settings the panel may change. Shapes and sizes only: main validates the meaning (URLs,
 * model names, ranges) against the settings schema (src/shared/settings-schema.ts) and answers in
 * a sentence. Its type is the schema's PanelSettings (checked below), so a setting added to the
 * schema and not here, or the other way round, fails the type check.
 */
export const settingsUpdate = z.strictObject({
  provider: plannerChoice,
  models: z.strictObject(Object.fromEntries(LLM_PROVIDERS.map((p) => [p, z.string().max(200)])) as Record<(typeof LLM_PROVIDERS)[number], z.ZodString>),
  ollamaUrl: z.string().max(500),
  openaiBaseUrl: z.string().max(500),
  confirmModerate: z.boolean(),
  confidence: z.strictObject({ reject: z.number(), warn: z.number() }),
  /** quietWithScreenReader optional like voice's later fields: an update without it saves off. */
  spokenFeedback: z.strictObject({ enabled: z.boolean(), rate: z.number(), quietWithScreenReader: z.boolean().optional() }),
  launchAtLogin: z.boolean(),
  globalShortcut: z.string().max(100),
  switchAccess: z.strictObject({
    enabled: z.boolean(),
    mode: z.enum(SCAN_MODES),
    selectInput: z.enum(SWITCH_INPUTS),
    moveInput: z.enum(SWITCH_INPUTS),
    scanIntervalMs: z.number(),
    scanLoops: z.number(),
    firstItemPauseMs: z.number(),
    holdMs: z.number(),
    ignoreRepeatMs: z.number(),
    stopHoldMs: z.number(),
    questionSettleMs: z.number(),
    longPressMs: z.number(),
  }),
  quickCommands: z.array(z.string().max(MAX_QUICK_COMMAND_LENGTH)).max(MAX_QUICK_COMMANDS),
  /** Issue #32; optional like voice's later fields: an update without it keeps the saved budget. */
  stepBudget: z.number().optional(),
  /** Issue #32 item 6; optional like the step budget: an update without it keeps the saved language. */
  language: z.enum(LANGUAGES).optional(),
  /** Issue #29 item 4; optional like the step budget: an update without them keeps what is saved. An empty vision model unsets it. */
  screenPictures: z.enum(SCREEN_PICTURE_CHOICES).optional(),
  visionModel: z.string().max(200).optional(),
  /** Voice (issue #8); optional so a form that does not show it leaves it as it is. */
  voice: z
    .strictObject({
      enabled: z.boolean(),
      engine: z.enum(VOICE_ENGINES),
      model: z.enum(VOICE_MODEL_SIZES),
      transcriptionUrl: z.string().max(500),
      review: z.boolean(),
      shortcut: z.string().max(100),
      /** Added after the others: an update without it saves the default, toggle. */
      pushToTalk: z.enum(PUSH_TO_TALK_MODES).optional(),
      /** Continuous listening (issue #15); optional like pushToTalk: an update without it saves off. */
      continuous: z.boolean().optional(),
    })
    .optional(),
});

/** Voice's two later fields may be left out of an update (the defaults are saved then). */
type VoiceUpdate = Omit<PanelSettings['voice'], 'pushToTalk' | 'continuous'> & Partial<Pick<PanelSettings['voice'], 'pushToTalk' | 'continuous'>>;

type SpokenFeedbackUpdate = Omit<PanelSettings['spokenFeedback'], 'quietWithScreenReader'> &
  Partial<Pick<PanelSettings['spokenFeedback'], 'quietWithScreenReader'>>;

/** A change from the panel: the schema's PanelSettings, voice optional (a form that does not show it leaves it as it is). */
export type SettingsUpdate = Omit<PanelSettings, 'voice' | 'spokenFeedback' | 'stepBudget' | 'language' | 'screenPictures'> & {
  voice?: VoiceUpdate;
  spokenFeedback: SpokenFeedbackUpdate;
  stepBudget?: number;
  language?: Language;
  screenPictures?: ScreenPictureChoice;
};

/** What the panel sees of the settings: the changeable ones, whether onboarding is done, and keys as saved / not saved. */
export type SettingsView = PanelSettings & { keys: KeysView; onboardingDone: boolean };

/** True when A and B are the same type (each assignable to the other). */
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
/** The compile-time proof that the update's zod shape and the settings schema describe the same fields. */
const _updateIsTheSchema: Same<z.infer<typeof settingsUpdate>, SettingsUpdate> = true;

/** The answer to a settings or key change: a sentence either way, and the settings as they now are. */
export type SaveReply =
  { readonly ok: true; readonly message: string; readonly view: SettingsView } | { readonly ok: false; readonly message: string; readonly view: SettingsView };

/** How a connection test ended, as one sentence the user can act on. */
export interface ProviderTestReply {
  readonly ok: boolean;
  readonly message: string;
}

/** One number of the numbered overlay: the observation id the planner sees, and where the element is on screen. */
export interface OverlayMark {
  readonly id: number;
  readonly role: string;
  readonly label: string;
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
}

/** What the numbered overlay shows: the app's name and one mark per actionable element with bounds. */
export interface OverlayView {
  readonly app: string;
  readonly marks: readonly OverlayMark[];
  /** The marks are the mouse grid's cells (issue #29): each drawn as a numbered box, its number in the middle. Absent: element numbers. */
  readonly grid?: boolean;
  /**
   * The marks likeliest first (issue #31: the user's picks in this app, the last action, a name not
   * found), each with its estimated probability; the switch scans them in this order. Absent while
   * nothing is known: the rows are scanned. The numbers themselves stay by position.
   */
  readonly ranked?: readonly { readonly id: number; readonly p: number }[];
}

/** How a command sent from the panel ended (the loop's RunResult, as plain data). */
export interface RunReply {
  readonly outcome: Outcome;
  readonly message: string;
  /** Set when the command did not run because a permission is missing: what to grant, and where. */
  readonly permission?: PermissionStatus;
  /** Set when the command showed the numbers (the marks) or closed them (`hidden`); the shell opens or closes the overlay. */
  readonly overlay?: OverlayView | 'hidden';
  /** "show the panel": the shell shows a hidden panel (without taking the focus from the app in front). */
  readonly showPanel?: true;
}

/**
 * The command of the user's own an edit is for, as the view listed it: its phrase, its app scope
 * (absent: every app) and the line it starts on. Shapes and sizes only: the core reads the file again
 * and says in a sentence when the command is no longer there.
 */
export const userCommandTarget = z.strictObject({
  say: z.string().min(1).max(MAX_COMMAND_PHRASE_LENGTH),
  app: z.string().min(1).max(MAX_COMMAND_PHRASE_LENGTH).optional(),
  line: z.number().int().min(1).max(1_000_000),
});
export type UserCommandTarget = z.infer<typeof userCommandTarget>;

/** A command's new phrase and app scope (absent: every app). Whether it can be one is the commands file reader's to say. */
export const userCommandChange = z.strictObject({
  say: z.string().min(1).max(MAX_COMMAND_PHRASE_LENGTH),
  app: z.string().min(1).max(MAX_COMMAND_PHRASE_LENGTH).optional(),
});
export type UserCommandChange = z.infer<typeof userCommandChange>;

/** One command of the user's own as the panel lists it. */
export interface UserCommandEntry {
  readonly say: string;
  readonly app?: string;
  /** What it does, in a sentence (the plan's describer). */
  readonly does: string;
  readonly line: number;
}

/** The "Your commands" view: the commands that load, and every problem of the file (why a command is left out). */
export interface UserCommandsView {
  readonly fileName: string;
  readonly commands: readonly UserCommandEntry[];
  readonly problems: ReadonlyArray<{ readonly line: number; readonly column: number; readonly message: string }>;
}

/** The answer to a delete or an edit: a sentence either way, and the commands as they now are. */
export interface UserCommandsReply {
  readonly ok: boolean;
  readonly message: string;
  readonly view: UserCommandsView;
}

/**
 * What answers the panel's requests: the core's PanelSession, or the shell's relay to it. Each reply
 * goes back to the panel as it is; the shell's binding (src/main/panel/panel-ipc.ts) knows no more.
 */
export interface PanelRequests {
  handle(channel: RequestChannel, args: readonly unknown[]): Promise<unknown>;
}

/** Renderer → main: each channel's signature (arguments are validated in main before use). */
export interface RequestChannels {
  /**
   * A command or an answer; `via`: spoken or typed (default), which the answer rule reads (src/shared/answer-words.ts);
   * `startedAt`: when the user began it (ms since the epoch: the first key typed, the start of the speech), so
   * that a text begun before a question appeared never answers it (src/agent/dialogue.ts); `effort`: the inputs
   * that went into it since the last one sent (src/shared/effort.ts), counts only.
   */
  'command:run': (command: string, via?: AnswerChannel, startedAt?: number, effort?: EffortReport) => Promise<RunReply>;
  'command:stop': () => Promise<void>;
  /** A Confirm or Cancel button's answer, with the id of the question it answers (the confirmation_request event's). */
  'confirmation:answer': (answer: ConfirmationAnswer, questionId: string, effort?: EffortReport) => Promise<void>;
  'commands:recent': () => Promise<readonly string[]>;
  'settings:view': () => Promise<SettingsView>;
  /** The user's own commands (commands.json) and the file's problems. */
  'user-commands:view': () => Promise<UserCommandsView>;
  /** Deletes one command (the panel asked the user first). */
  'user-commands:delete': (target: UserCommandTarget) => Promise<UserCommandsReply>;
  /** Renames a command and sets or clears its app scope; its action stays as saved. */
  'user-commands:edit': (target: UserCommandTarget, change: UserCommandChange) => Promise<UserCommandsReply>;
  'settings:save': (update: SettingsUpdate) => Promise<SaveReply>;
  'onboarding:finish': (how: OnboardingFinish) => Promise<SaveReply>;
  'keys:save': (provider: KeyedProvider, key: string) => Promise<SaveReply>;
  'keys:remove': (provider: KeyedProvider) => Promise<SaveReply>;
  'provider:test': () => Promise<ProviderTestReply>;
  'permissions:check': () => Promise<readonly PermissionStatus[]>;
  'permissions:open-settings': (kind: PermissionKind) => Promise<boolean>;
  /** The numbers the switch highlights now (the shell redraws the overlay; empty: none). */
  'overlay:highlight': (ids: readonly number[]) => Promise<void>;
  /** One spoken command → its transcript (the panel then reviews or runs it like typed text). */
  'voice:transcribe': (utterance: VoiceUtterance) => Promise<VoiceReply>;
  /** Stops the transcription (or model download) that runs. */
  'voice:cancel': () => Promise<void>;
  /** What the speech engine is doing while the panel waits (a model download's progress), or null. */
  'voice:progress': () => Promise<VoiceProgress | null>;
  /** Continuous listening: one block of microphone audio → what the voice detector made of it. */
  'voice:listen-audio': (block: ListenAudio) => Promise<ListenReply>;
  /** Continuous listening stopped in the panel: the utterance being collected is dropped. */
  'voice:listen-stop': () => Promise<void>;
}

/** `completed`: the user went through the steps; `skipped`: offline grammar only from now on. */
export const onboardingFinish = z.enum(['completed', 'skipped']);
export type OnboardingFinish = z.infer<typeof onboardingFinish>;

/** What the shell tells the panel outside the assistant's events. */
export const SWITCH_KEY_EDGES = ['down', 'up', 'lost'] as const;
export type SwitchKeyEdge = (typeof SWITCH_KEY_EDGES)[number];

export type ShellSignal =
  /** A switch pressed while another app had the keyboard (a global shortcut; no hold time is known). */
  | { readonly kind: 'switch'; readonly input: SwitchInput }
  /**
   * A switch key held system-wide (the core's key grab) went down or up while another app had the
   * keyboard; `lost`: it was let go while down, and its press must not count.
   */
  | { readonly kind: 'switch_key'; readonly input: SwitchInput; readonly edge: SwitchKeyEdge }
  /** The numbered overlay was closed from outside the panel (Esc). */
  | { readonly kind: 'overlay_closed' }
  /** The push-to-talk shortcut was pressed: start listening, or stop and send what was heard. */
  | { readonly kind: 'voice_toggle' };

/** Main → renderer pushes. */
export interface EventChannels {
  'assistant:event': (event: AssistantEvent) => void;
  'shell:signal': (signal: ShellSignal) => void;
}

/** Checks a shell signal before it is sent (main) — the panel trusts only what this accepts. */
export const shellSignal = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('switch'), input: z.enum(SWITCH_INPUTS) }),
  z.strictObject({ kind: z.literal('switch_key'), input: z.enum(SWITCH_INPUTS), edge: z.enum(SWITCH_KEY_EDGES) }),
  z.strictObject({ kind: z.literal('overlay_closed') }),
  z.strictObject({ kind: z.literal('voice_toggle') }),
]);

export type RequestChannel = keyof RequestChannels;

/** The argument list each request channel must match, checked by main before the handler runs. */
export const REQUEST_SCHEMAS: { readonly [C in RequestChannel]: z.ZodType<Parameters<RequestChannels[C]>> } = {
  'command:run': z.tuple([commandPayload, z.enum(ANSWER_CHANNELS).optional(), z.number().int().nonnegative().optional(), effortReport.optional()]),
  'command:stop': z.tuple([]),
  'confirmation:answer': z.tuple([confirmationAnswerPayload, z.string().min(1).max(100), effortReport.optional()]),
  'commands:recent': z.tuple([]),
  'settings:view': z.tuple([]),
  'user-commands:view': z.tuple([]),
  'user-commands:delete': z.tuple([userCommandTarget]),
  'user-commands:edit': z.tuple([userCommandTarget, userCommandChange]),
  'settings:save': z.tuple([settingsUpdate]),
  'onboarding:finish': z.tuple([onboardingFinish]),
  'keys:save': z.tuple([keyedProvider, z.string().min(1).max(MAX_KEY_LENGTH)]),
  'keys:remove': z.tuple([keyedProvider]),
  'provider:test': z.tuple([]),
  'permissions:check': z.tuple([]),
  'permissions:open-settings': z.tuple([permissionKind]),
  'overlay:highlight': z.tuple([z.array(z.number().int().min(1).max(99_999)).max(500)]),
  'voice:transcribe': z.tuple([voiceUtterancePayload]),
  'voice:cancel': z.tuple([]),
  'voice:progress': z.tuple([]),
  'voice:listen-audio': z.tuple([listenAudioPayload]),
  'voice:listen-stop': z.tuple([]),
};

/** Channels whose arguments carry a secret: a rejection names the channel only, never the problem's detail. */
export const SECRET_CHANNELS: ReadonlySet<RequestChannel> = new Set(['keys:save']);

/**
 * The API the preload exposes to the panel as `window.assistiveControl`: named functions only.
 * Tests implement it over Playwright's exposeFunction; the Electron preload over ipcRenderer.
 */
export interface PanelApi {
  runCommand(command: string, via?: AnswerChannel, startedAt?: number, effort?: EffortReport): Promise<RunReply>;
  stop(): Promise<void>;
  answerConfirmation(answer: ConfirmationAnswer, questionId: string, effort?: EffortReport): Promise<void>;
  recentCommands(): Promise<readonly string[]>;
  settingsView(): Promise<SettingsView>;
  userCommandsView(): Promise<UserCommandsView>;
  deleteUserCommand(target: UserCommandTarget): Promise<UserCommandsReply>;
  editUserCommand(target: UserCommandTarget, change: UserCommandChange): Promise<UserCommandsReply>;
  saveSettings(update: SettingsUpdate): Promise<SaveReply>;
  finishOnboarding(how: OnboardingFinish): Promise<SaveReply>;
  /** Sends the key to main once; the reply says saved or not, never the key. */
  saveKey(provider: KeyedProvider, key: string): Promise<SaveReply>;
  removeKey(provider: KeyedProvider): Promise<SaveReply>;
  testProvider(): Promise<ProviderTestReply>;
  checkPermissions(): Promise<readonly PermissionStatus[]>;
  openPermissionSettings(kind: PermissionKind): Promise<boolean>;
  highlightNumbers(ids: readonly number[]): Promise<void>;
  transcribeUtterance(utterance: VoiceUtterance): Promise<VoiceReply>;
  cancelTranscription(): Promise<void>;
  voiceProgress(): Promise<VoiceProgress | null>;
  listenAudio(block: ListenAudio): Promise<ListenReply>;
  stopListening(): Promise<void>;
  /** Calls `listener` for every assistant event; returns the function that unsubscribes. */
  onEvent(listener: (event: AssistantEvent) => void): () => void;
  /** Calls `listener` for every shell signal (a global switch press, the overlay closed); returns the function that unsubscribes. */
  onShellSignal(listener: (signal: ShellSignal) => void): () => void;
}

/** Each PanelApi function and the channel it calls: the preload and the tests build the API from this. */
export const PANEL_API_CHANNELS = {
  runCommand: 'command:run',
  stop: 'command:stop',
  answerConfirmation: 'confirmation:answer',
  recentCommands: 'commands:recent',
  settingsView: 'settings:view',
  userCommandsView: 'user-commands:view',
  deleteUserCommand: 'user-commands:delete',
  editUserCommand: 'user-commands:edit',
  saveSettings: 'settings:save',
  finishOnboarding: 'onboarding:finish',
  saveKey: 'keys:save',
  removeKey: 'keys:remove',
  testProvider: 'provider:test',
  checkPermissions: 'permissions:check',
  openPermissionSettings: 'permissions:open-settings',
  highlightNumbers: 'overlay:highlight',
  transcribeUtterance: 'voice:transcribe',
  cancelTranscription: 'voice:cancel',
  voiceProgress: 'voice:progress',
  listenAudio: 'voice:listen-audio',
  stopListening: 'voice:listen-stop',
} as const satisfies { readonly [M in Exclude<keyof PanelApi, 'onEvent' | 'onShellSignal'>]: RequestChannel };

/** Every request channel, in one list (main registers each). */
export const REQUEST_CHANNELS = Object.keys(REQUEST_SCHEMAS) as readonly RequestChannel[];
