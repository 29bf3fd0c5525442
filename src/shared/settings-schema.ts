/**
 * The settings schema: the one description of the user's non-secret settings, with each field's
 * label (as the panel names it) and range as metadata. The settings file (src/config/settings.ts),
 * the panel's view and update types (src/shared/contracts/ipc-contract.ts), the sentences that refuse a
 * change (src/core/panel-settings.ts) and `assistive-control config` all derive from it.
 */
import * as z from 'zod';
import { DEFAULT_LANGUAGE, LANGUAGES, LANGUAGE_NAMES } from './language.js';
import { DEFAULT_MODELS, DEFAULT_OLLAMA_URL, DEFAULT_OPENAI_BASE_URL, LLM_PROVIDERS } from './llm-providers.js';
import { MAX_QUICK_COMMAND_LENGTH, unsafeText } from './limits.js';
import { DEFAULT_SCREEN_PICTURES, SCREEN_PICTURE_CHOICES } from './screen-picture-options.js';
import { CONFIRM_TIMEOUT_SECONDS, MOUSE_GRID_CELLS, PLANNER_TIMEOUT_SECONDS, SPEECH_RATE, STEP_BUDGET, THRESHOLD } from './setting-ranges.js';
import { DEFAULT_QUICK_COMMANDS, DEFAULT_SWITCH_SETTINGS, MAX_QUICK_COMMANDS, SCAN_MODES, SWITCH_INPUTS, SWITCH_LIMITS } from './switch-access.js';
import { DEFAULT_VOICE_MODEL, DEFAULT_VOICE_SHORTCUT, PUSH_TO_TALK_MODES, VOICE_ENGINES, VOICE_MODEL_SIZES } from './voice-settings.js';

/** What a setting carries besides its shape: the name the user sees, and its range when it is a number. */
export interface SettingMeta {
  /** The field as the panel labels it, as the subject of a sentence ("The speech rate"). */
  readonly label: string;
  readonly min?: number;
  readonly max?: number;
}

/** Attaches a setting's label (and range) to its schema; the last call in a chain, so no copy drops it. */
function about<T extends z.ZodType>(schema: T, meta: SettingMeta): T {
  return schema.meta({ ...meta });
}

/** The planners a user can choose: the offline grammar alone, or the grammar then an LLM. */
export const PLANNER_CHOICES = ['grammar', ...LLM_PROVIDERS] as const;
export type PlannerChoice = (typeof PLANNER_CHOICES)[number];

const HttpUrl = z
  .string({ error: 'must be a URL' })
  .max(500, { error: 'is longer than 500 characters' })
  .refine(
    (s) => {
      try {
        const u = new URL(s);
        return (u.protocol === 'http:' || u.protocol === 'https:') && u.username === '' && u.password === '';
      } catch {
        return false;
      }
    },
    { error: 'must be an http:// or https:// URL without a user name or password' },
  );

const ModelName = z
  .string({ error: 'must be a model name' })
  .min(1, { error: 'is empty' })
  .max(200, { error: 'is longer than 200 characters' })
  .regex(/^[^\s]+$/, { error: 'must not contain spaces' });

/** Modifier names Electron's accelerators accept (case-insensitive). */
const SHORTCUT_MODIFIERS = 'CommandOrControl|CmdOrCtrl|Command|Cmd|Control|Ctrl|Alt|Option|AltGr|Shift|Super|Meta';
const SHORTCUT_KEYS = String.raw`[A-Za-z0-9]|F(?:[1-9]|1[0-9]|2[0-4])|Space|Tab|Enter|Return|Backspace|Delete|Insert|Escape|Esc|Up|Down|Left|Right|Home|End|PageUp|PageDown|Plus|[-=,./;'\[\]\\\`]`;
/** At least one modifier then one key ("CommandOrControl+Shift+Space"), or a function key alone. */
const SHORTCUT_RE = new RegExp(String.raw`^(?:(?:(?:${SHORTCUT_MODIFIERS})\+)+(?:${SHORTCUT_KEYS})|F(?:[1-9]|1[0-9]|2[0-4]))$`, 'i');

/** The global shortcut as Electron accelerator text; a bare letter would take that key from every app. */
export const DEFAULT_GLOBAL_SHORTCUT = 'CommandOrControl+Shift+Space';
const GlobalShortcut = z
  .string({ error: 'must be a key combination such as CommandOrControl+Shift+Space' })
  .max(100, { error: 'is longer than 100 characters' })
  .regex(SHORTCUT_RE, { error: 'must be modifiers and a key joined by "+", such as CommandOrControl+Shift+Space (or a function key such as F9)' });

/** A whole number of milliseconds within one of SWITCH_LIMITS, with the range in its message. */
function millis(limits: { readonly min: number; readonly max: number }, unit = 'milliseconds') {
  const error = `must be a whole number of ${unit} from ${limits.min} to ${limits.max}`;
  return z.number({ error }).int({ error }).min(limits.min, { error }).max(limits.max, { error });
}

const SwitchInput = z.enum(SWITCH_INPUTS, { error: `must be one of: ${SWITCH_INPUTS.join(', ')}` });
const D = DEFAULT_SWITCH_SETTINGS;
/** Switch access (issue #9), modelled on Apple Switch Control's settings. */
const SwitchAccess = z
  .object({
    enabled: z.boolean({ error: 'must be on or off' }).default(D.enabled),
    mode: z.enum(SCAN_MODES, { error: 'must be auto (one switch) or step (two switches)' }).default(D.mode),
    selectInput: about(SwitchInput.default(D.selectInput), { label: 'The select switch' }),
    moveInput: about(SwitchInput.default(D.moveInput), { label: 'The move switch' }),
    scanIntervalMs: about(millis(SWITCH_LIMITS.scanIntervalMs).default(D.scanIntervalMs), { label: 'The scan interval', ...SWITCH_LIMITS.scanIntervalMs }),
    scanLoops: about(millis(SWITCH_LIMITS.scanLoops, 'loops').default(D.scanLoops), { label: 'The number of scan loops', ...SWITCH_LIMITS.scanLoops }),
    firstItemPauseMs: about(millis(SWITCH_LIMITS.firstItemPauseMs).default(D.firstItemPauseMs), {
      label: 'The pause on the first item',
      ...SWITCH_LIMITS.firstItemPauseMs,
    }),
    holdMs: about(millis(SWITCH_LIMITS.holdMs).default(D.holdMs), { label: 'The hold before select', ...SWITCH_LIMITS.holdMs }),
    ignoreRepeatMs: about(millis(SWITCH_LIMITS.ignoreRepeatMs).default(D.ignoreRepeatMs), { label: 'Ignore repeat', ...SWITCH_LIMITS.ignoreRepeatMs }),
    stopHoldMs: about(millis(SWITCH_LIMITS.stopHoldMs).default(D.stopHoldMs), { label: 'The hold that stops', ...SWITCH_LIMITS.stopHoldMs }),
    /** A press this soon after a confirmation or a question appears does nothing (issue #27). */
    questionSettleMs: about(millis(SWITCH_LIMITS.questionSettleMs).default(D.questionSettleMs), {
      label: 'The settling time after a question',
      ...SWITCH_LIMITS.questionSettleMs,
    }),
    /** A press held this long clicks a cell of the mouse grid instead of zooming into it (issue #29). */
    longPressMs: about(millis(SWITCH_LIMITS.longPressMs).default(D.longPressMs), { label: 'The long press', ...SWITCH_LIMITS.longPressMs }),
  })
  .prefault({})
  .refine((s) => s.mode === 'auto' || s.selectInput !== s.moveInput, { error: 'needs two different switches in step mode (one moves, the other selects)' })
  // A hold that reaches the stop hold could never select: every counted press would also stop.
  .refine((s) => s.holdMs < s.stopHoldMs, { error: 'needs the hold before select to be shorter than the hold that stops' })
  // A long press must be longer than the hold before select (or every press would be long) and shorter than the hold that stops.
  .refine((s) => s.holdMs < s.longPressMs && s.longPressMs < s.stopHoldMs, {
    error: 'needs the long press to be longer than the hold before select and shorter than the hold that stops',
  })
  .meta({ label: 'Switch access' });

/** Voice commands (issue #8): the speech-to-text engine, the review step and push-to-talk. */
const Voice = z
  .object({
    /** The Listen button and the push-to-talk shortcut. */
    enabled: z.boolean({ error: 'must be on or off' }).default(false),
    engine: z
      .enum(VOICE_ENGINES, { error: 'must be local (whisper.cpp on this computer) or online (an OpenAI-compatible transcription service)' })
      .default('local'),
    /** The whisper.cpp model the local engine downloads on first use. */
    model: about(z.enum(VOICE_MODEL_SIZES, { error: `must be one of: ${VOICE_MODEL_SIZES.join(', ')}` }).default(DEFAULT_VOICE_MODEL), {
      label: 'The speech model',
    }),
    /** The online engine's OpenAI-compatible base URL (OpenAI's, or a local whisper server's). */
    transcriptionUrl: about(HttpUrl.default(DEFAULT_OPENAI_BASE_URL), { label: 'The transcription service address' }),
    /** Show the transcript with Run / Edit / Cancel before it runs. */
    review: z.boolean({ error: 'must be on or off' }).default(false),
    /** Starts and stops listening from any app. */
    shortcut: about(GlobalShortcut.default(DEFAULT_VOICE_SHORTCUT), { label: 'The push-to-talk shortcut' }),
    /** Toggle, or hold-to-talk while the panel has the focus (from other apps it still toggles). */
    pushToTalk: z
      .enum(PUSH_TO_TALK_MODES, { error: 'must be toggle (press to start, press again to send) or hold (hold to talk while the panel has the focus)' })
      .default('toggle'),
    /** Continuous listening (issue #15): a voice detector cuts the microphone into commands; off by default. */
    continuous: z.boolean({ error: 'must be on or off' }).default(false),
  })
  .prefault({});

const QuickCommand = z
  .string({ error: 'must be a command' })
  .trim()
  .min(1, { error: 'must not be empty' })
  .max(MAX_QUICK_COMMAND_LENGTH, { error: `must be at most ${MAX_QUICK_COMMAND_LENGTH} characters` })
  // Stricter than a command's rule (one line), so a quick command saved is never refused when it runs.
  .refine((s) => !unsafeText(s, 'single_line'), { error: 'must be one line of plain text' });

const THRESHOLD_ERROR = `must be a number from ${THRESHOLD.min} to ${THRESHOLD.max}`;
const SPEECH_RATE_ERROR = `must be words per minute, from ${SPEECH_RATE.min} to ${SPEECH_RATE.max}`;
const PLANNER_TIMEOUT_ERROR = `must be a number of seconds from ${PLANNER_TIMEOUT_SECONDS.min} to ${PLANNER_TIMEOUT_SECONDS.max}`;
const CONFIRM_TIMEOUT_ERROR = `must be a number of seconds from ${CONFIRM_TIMEOUT_SECONDS.min} to ${CONFIRM_TIMEOUT_SECONDS.max}`;
const MOUSE_GRID_CELLS_ERROR = `must be a whole number of cells from ${MOUSE_GRID_CELLS.min} to ${MOUSE_GRID_CELLS.max}`;
const STEP_BUDGET_ERROR = `must be a whole number of steps from ${STEP_BUDGET.min} to ${STEP_BUDGET.max}`;
const Threshold = z.number({ error: THRESHOLD_ERROR }).min(THRESHOLD.min, { error: THRESHOLD_ERROR }).max(THRESHOLD.max, { error: THRESHOLD_ERROR });

export const Settings = z
  .object({
    /** Which planner handles what the grammar does not understand. */
    provider: about(z.enum(PLANNER_CHOICES, { error: `must be one of: ${PLANNER_CHOICES.join(', ')}` }).default('grammar'), { label: 'The AI planner' }),
    models: z
      .object({
        ollama: about(ModelName.default(DEFAULT_MODELS.ollama), { label: 'The Ollama model' }),
        anthropic: about(ModelName.default(DEFAULT_MODELS.anthropic), { label: 'The Anthropic model' }),
        openai: about(ModelName.default(DEFAULT_MODELS.openai), { label: 'The OpenAI-compatible model' }),
      })
      .prefault({}),
    ollamaUrl: about(HttpUrl.default(DEFAULT_OLLAMA_URL), { label: 'The Ollama address' }),
    /** Any OpenAI-compatible server (LM Studio, llama.cpp, vLLM) works here. */
    openaiBaseUrl: about(HttpUrl.default(DEFAULT_OPENAI_BASE_URL), { label: 'The OpenAI-compatible address' }),
    /** End-to-end time budget of one LLM plan, retries included. */
    plannerTimeoutSeconds: about(
      z
        .number({ error: PLANNER_TIMEOUT_ERROR })
        .min(PLANNER_TIMEOUT_SECONDS.min, { error: PLANNER_TIMEOUT_ERROR })
        .max(PLANNER_TIMEOUT_SECONDS.max, { error: PLANNER_TIMEOUT_ERROR })
        .default(15),
      { label: 'The planner time limit', ...PLANNER_TIMEOUT_SECONDS },
    ),
    /** Below `reject` a plan is refused; below `warn` it runs with a visible warning. */
    confidence: z
      .object({
        reject: about(Threshold.default(0.3), { label: 'The refusal threshold', ...THRESHOLD }),
        warn: about(Threshold.default(0.6), { label: 'The warning threshold', ...THRESHOLD }),
      })
      .prefault({})
      .refine((c) => c.reject <= c.warn, { error: 'reject must not be above warn' })
      .meta({ label: 'The confidence thresholds:' }),
    /** Ask before moderate-risk actions (destructive ones always ask). */
    confirmModerate: z.boolean({ error: 'must be on or off' }).default(true),
    /** A confirmation nobody answers ends, cancelled, after this long (issue #27): no answer is ever taken much later. */
    confirmTimeoutSeconds: about(
      z
        .number({ error: CONFIRM_TIMEOUT_ERROR })
        .min(CONFIRM_TIMEOUT_SECONDS.min, { error: CONFIRM_TIMEOUT_ERROR })
        .max(CONFIRM_TIMEOUT_SECONDS.max, { error: CONFIRM_TIMEOUT_ERROR })
        .default(120),
      { label: 'How long a confirmation waits for an answer', ...CONFIRM_TIMEOUT_SECONDS },
    ),
    /** A run of many steps asks "go on?" after this many (issue #32), and again after as many more. */
    stepBudget: about(
      z
        .number({ error: STEP_BUDGET_ERROR })
        .int({ error: STEP_BUDGET_ERROR })
        .min(STEP_BUDGET.min, { error: STEP_BUDGET_ERROR })
        .max(STEP_BUDGET.max, { error: STEP_BUDGET_ERROR })
        .default(25),
      { label: 'Steps before a long run asks to go on', ...STEP_BUDGET },
    ),
    /** The language of commands, answers, "what can I say" and spoken feedback (issue #32 item 6). */
    language: about(
      z.enum(LANGUAGES, { error: `must be one of: ${LANGUAGES.map((l) => `${l} (${LANGUAGE_NAMES[l]})`).join(', ')}` }).default(DEFAULT_LANGUAGE),
      { label: 'The language' },
    ),
    /** Cells per side of the mouse grid (issue #29); in the settings file only, like the confirmation's wait. */
    mouseGridCells: about(
      z
        .number({ error: MOUSE_GRID_CELLS_ERROR })
        .int({ error: MOUSE_GRID_CELLS_ERROR })
        .min(MOUSE_GRID_CELLS.min, { error: MOUSE_GRID_CELLS_ERROR })
        .max(MOUSE_GRID_CELLS.max, { error: MOUSE_GRID_CELLS_ERROR })
        .default(3),
      { label: 'The mouse grid’s cells per side', ...MOUSE_GRID_CELLS },
    ),
    /** Pictures of the screen for the planner (issue #29 item 4): local models only unless the user allows cloud ones. */
    screenPictures: about(
      z
        .enum(SCREEN_PICTURE_CHOICES, {
          error:
            'must be off, local (only a model on this computer: Ollama or an OpenAI-compatible server at a loopback address) or cloud (also the cloud services)',
        })
        .default(DEFAULT_SCREEN_PICTURES),
      { label: 'Where pictures of the screen may go' },
    ),
    /** The model that takes pictures, on the planner's provider; unset: qwen2.5vl on Ollama, the planner's own model elsewhere. */
    visionModel: about(ModelName.optional(), { label: 'The model for pictures of the screen' }),
    spokenFeedback: z
      .object({
        enabled: z.boolean({ error: 'must be on or off' }).default(false),
        /** Speech rate in words per minute (both `say` and espeak-ng count this way). */
        rate: about(
          z
            .number({ error: SPEECH_RATE_ERROR })
            .int({ error: 'must be a whole number of words per minute' })
            .min(SPEECH_RATE.min, { error: SPEECH_RATE_ERROR })
            .max(SPEECH_RATE.max, { error: SPEECH_RATE_ERROR })
            .default(175),
          { label: 'The speech rate', ...SPEECH_RATE },
        ),
        /** Say nothing while a screen reader (Orca) runs: it reads the panel's messages itself (issue #30). */
        quietWithScreenReader: z.boolean({ error: 'must be on or off' }).default(false),
      })
      .prefault({}),
    /** Start Assistive Control when the user logs in (the shell registers it with the OS). */
    launchAtLogin: z.boolean({ error: 'must be on or off' }).default(false),
    /** Shows and hides the panel from any app. */
    globalShortcut: about(GlobalShortcut.default(DEFAULT_GLOBAL_SHORTCUT), { label: 'The shortcut' }),
    /** Switch input and scanning (issue #9). */
    switchAccess: SwitchAccess,
    voice: Voice,
    /** Commands offered as one scan item each ("scroll down", "click Send"). */
    quickCommands: about(
      z
        .array(QuickCommand, { error: 'must be a list of commands' })
        .max(MAX_QUICK_COMMANDS, { error: `must be at most ${MAX_QUICK_COMMANDS} commands` })
        .default([...DEFAULT_QUICK_COMMANDS]),
      { label: 'The quick commands' },
    ),
    /** The panel's first-run onboarding was finished or skipped. */
    onboardingDone: z.boolean({ error: 'must be on or off' }).default(false),
  })
  .strip();

export type Settings = z.infer<typeof Settings>;

export function defaultSettings(): Settings {
  return Settings.parse({});
}

/** The settings the panel shows and changes: all but the planner's time limit, how long a confirmation waits, the mouse grid's cells and the onboarding flag. */
export type PanelSettings = Omit<Settings, 'plannerTimeoutSeconds' | 'confirmTimeoutSeconds' | 'mouseGridCells' | 'onboardingDone'>;

/** The schema of each object a setting can sit in, with its wrappers (default, prefault, optional) taken off. */
function unwrapped(schema: z.ZodType): z.ZodType {
  let node = schema;
  for (;;) {
    const def = node.def as { type: string; innerType?: z.ZodType };
    if ((def.type === 'default' || def.type === 'prefault' || def.type === 'optional') && def.innerType) node = def.innerType;
    else return node;
  }
}

/**
 * A setting's metadata by its dotted path ("spokenFeedback.rate", "confidence"), or undefined for a
 * path the schema does not have or a setting without a label.
 */
export function settingMeta(path: string): SettingMeta | undefined {
  let node: z.ZodType | undefined = Settings;
  for (const key of path.split('.')) {
    const object: z.ZodType | undefined = node ? unwrapped(node) : undefined;
    node = object instanceof z.ZodObject ? (object.shape as Record<string, z.ZodType | undefined>)[key] : undefined;
  }
  const meta = node?.meta() as Partial<SettingMeta> | undefined;
  return typeof meta?.label === 'string' ? (meta as SettingMeta) : undefined;
}
