/**
 * The user's non-secret settings: a zod-validated JSON file in the OS's settings folder.
 *
 * Reading never fails: a missing file means defaults; a corrupt or invalid file is moved aside with
 * a timestamp, the defaults are used, and the caller gets a notice to show the user. Writing is
 * atomic. API keys never come here (see `secret-store.ts`).
 */
import { readFile, rename } from 'node:fs/promises';
import { join } from 'node:path';
import * as z from 'zod';
import { DEFAULT_MODELS, DEFAULT_OLLAMA_URL, DEFAULT_OPENAI_BASE_URL, LLM_PROVIDERS } from '../shared/llm-providers.js';
import { DEFAULT_QUICK_COMMANDS, DEFAULT_SWITCH_SETTINGS, MAX_QUICK_COMMAND_LENGTH, MAX_QUICK_COMMANDS, SCAN_MODES, SWITCH_INPUTS, SWITCH_LIMITS } from '../shared/switch-access.js';
import { DEFAULT_VOICE_MODEL, DEFAULT_VOICE_SHORTCUT, PUSH_TO_TALK_MODES, VOICE_ENGINES, VOICE_MODEL_SIZES } from '../shared/voice-settings.js';
import { writeFileAtomic } from './atomic-write.js';
import { SETTINGS_FILE_NAME } from './settings-path.js';

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
    selectInput: SwitchInput.default(D.selectInput),
    moveInput: SwitchInput.default(D.moveInput),
    scanIntervalMs: millis(SWITCH_LIMITS.scanIntervalMs).default(D.scanIntervalMs),
    scanLoops: millis(SWITCH_LIMITS.scanLoops, 'loops').default(D.scanLoops),
    firstItemPauseMs: millis(SWITCH_LIMITS.firstItemPauseMs).default(D.firstItemPauseMs),
    holdMs: millis(SWITCH_LIMITS.holdMs).default(D.holdMs),
    ignoreRepeatMs: millis(SWITCH_LIMITS.ignoreRepeatMs).default(D.ignoreRepeatMs),
    stopHoldMs: millis(SWITCH_LIMITS.stopHoldMs).default(D.stopHoldMs),
  })
  .prefault({})
  .refine((s) => s.mode === 'auto' || s.selectInput !== s.moveInput, { error: 'needs two different switches in step mode (one moves, the other selects)' })
  // A hold that reaches the stop hold could never select: every counted press would also stop.
  .refine((s) => s.holdMs < s.stopHoldMs, { error: 'needs the hold before select to be shorter than the hold that stops' });

/** Voice commands (issue #8): the speech-to-text engine, the review step and push-to-talk. */
const Voice = z
  .object({
    /** The Listen button and the push-to-talk shortcut. */
    enabled: z.boolean({ error: 'must be on or off' }).default(false),
    engine: z.enum(VOICE_ENGINES, { error: 'must be local (whisper.cpp on this computer) or online (an OpenAI-compatible transcription service)' }).default('local'),
    /** The whisper.cpp model the local engine downloads on first use. */
    model: z.enum(VOICE_MODEL_SIZES, { error: `must be one of: ${VOICE_MODEL_SIZES.join(', ')}` }).default(DEFAULT_VOICE_MODEL),
    /** The online engine's OpenAI-compatible base URL (OpenAI's, or a local whisper server's). */
    transcriptionUrl: HttpUrl.default(DEFAULT_OPENAI_BASE_URL),
    /** Show the transcript with Run / Edit / Cancel before it runs. */
    review: z.boolean({ error: 'must be on or off' }).default(false),
    /** Starts and stops listening from any app. */
    shortcut: GlobalShortcut.default(DEFAULT_VOICE_SHORTCUT),
    /** Toggle, or hold-to-talk while the panel has the focus (from other apps it still toggles). */
    pushToTalk: z.enum(PUSH_TO_TALK_MODES, { error: 'must be toggle (press to start, press again to send) or hold (hold to talk while the panel has the focus)' }).default('toggle'),
    /** Continuous listening (issue #15): a voice detector cuts the microphone into commands; off by default. */
    continuous: z.boolean({ error: 'must be on or off' }).default(false),
  })
  .prefault({});

const QuickCommand = z
  .string({ error: 'must be a command' })
  .trim()
  .min(1, { error: 'must not be empty' })
  .max(MAX_QUICK_COMMAND_LENGTH, { error: `must be at most ${MAX_QUICK_COMMAND_LENGTH} characters` })
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is refused
  .regex(/^[^\u0000-\u001f\u007f]*$/, { error: 'must be one line of plain text' });

const Threshold = z.number({ error: 'must be a number from 0 to 1' }).min(0, { error: 'must be a number from 0 to 1' }).max(1, { error: 'must be a number from 0 to 1' });

export const Settings = z
  .object({
    /** Which planner handles what the grammar does not understand. */
    provider: z.enum(PLANNER_CHOICES, { error: `must be one of: ${PLANNER_CHOICES.join(', ')}` }).default('grammar'),
    models: z
      .object({
        ollama: ModelName.default(DEFAULT_MODELS.ollama),
        anthropic: ModelName.default(DEFAULT_MODELS.anthropic),
        openai: ModelName.default(DEFAULT_MODELS.openai),
      })
      .prefault({}),
    ollamaUrl: HttpUrl.default(DEFAULT_OLLAMA_URL),
    /** Any OpenAI-compatible server (LM Studio, llama.cpp, vLLM) works here. */
    openaiBaseUrl: HttpUrl.default(DEFAULT_OPENAI_BASE_URL),
    /** End-to-end time budget of one LLM plan, retries included. */
    plannerTimeoutSeconds: z
      .number({ error: 'must be a number of seconds from 2 to 120' })
      .min(2, { error: 'must be a number of seconds from 2 to 120' })
      .max(120, { error: 'must be a number of seconds from 2 to 120' })
      .default(15),
    /** Below `reject` a plan is refused; below `warn` it runs with a visible warning. */
    confidence: z
      .object({ reject: Threshold.default(0.3), warn: Threshold.default(0.6) })
      .prefault({})
      .refine((c) => c.reject <= c.warn, { error: 'reject must not be above warn' }),
    /** Ask before moderate-risk actions (destructive ones always ask). */
    confirmModerate: z.boolean({ error: 'must be on or off' }).default(true),
    spokenFeedback: z
      .object({
        enabled: z.boolean({ error: 'must be on or off' }).default(false),
        /** Speech rate in words per minute (both `say` and espeak-ng count this way). */
        rate: z
          .number({ error: 'must be words per minute, from 80 to 450' })
          .int({ error: 'must be a whole number of words per minute' })
          .min(80, { error: 'must be words per minute, from 80 to 450' })
          .max(450, { error: 'must be words per minute, from 80 to 450' })
          .default(175),
      })
      .prefault({}),
    /** Start Assistive Control when the user logs in (the shell registers it with the OS). */
    launchAtLogin: z.boolean({ error: 'must be on or off' }).default(false),
    /** Shows and hides the panel from any app. */
    globalShortcut: GlobalShortcut.default(DEFAULT_GLOBAL_SHORTCUT),
    /** Switch input and scanning (issue #9). */
    switchAccess: SwitchAccess,
    voice: Voice,
    /** Commands offered as one scan item each ("scroll down", "click Send"). */
    quickCommands: z
      .array(QuickCommand, { error: 'must be a list of commands' })
      .max(MAX_QUICK_COMMANDS, { error: `must be at most ${MAX_QUICK_COMMANDS} commands` })
      .default([...DEFAULT_QUICK_COMMANDS]),
    /** The panel's first-run onboarding was finished or skipped. */
    onboardingDone: z.boolean({ error: 'must be on or off' }).default(false),
  })
  .strip();

export type Settings = z.infer<typeof Settings>;

export function defaultSettings(): Settings {
  return Settings.parse({});
}

export type SettingsNoticeCode = 'corrupt' | 'invalid' | 'unreadable' | 'unknown_fields';

export interface SettingsNotice {
  readonly code: SettingsNoticeCode;
  /** A sentence for the user. */
  readonly message: string;
}

export interface LoadedSettings {
  readonly settings: Settings;
  /** Things the user should be told (a file moved aside, fields ignored). Empty when all is well. */
  readonly notices: readonly SettingsNotice[];
  readonly path: string;
}

export type SetResult = { readonly ok: true; readonly settings: Settings } | { readonly ok: false; readonly message: string };

export interface SettingsStore {
  readonly path: string;
  load(): Promise<LoadedSettings>;
  save(settings: Settings): Promise<void>;
  /** Loads, changes one setting by its dotted key (`models.openai`), validates and saves. */
  set(key: string, rawValue: string): Promise<SetResult & { readonly notices: readonly SettingsNotice[] }>;
}

export interface SettingsStoreOptions {
  /** The settings folder (see `settingsDir`); injectable so tests use a temporary one. */
  readonly dir: string;
  readonly now?: () => Date;
}

function issueText(error: z.ZodError): string {
  const issue = error.issues[0];
  if (!issue) return 'it does not match the settings format';
  const where = issue.path.map(String).join('.') || 'the file';
  return `${where} ${issue.message}`;
}

function timestamp(d: Date): string {
  return d.toISOString().replace(/[:.]/g, '-');
}

/** Every settable key, dotted ("spokenFeedback.rate"), from the defaults' shape. */
export function settingKeys(): string[] {
  const keys: string[] = [];
  const walk = (value: unknown, prefix: string) => {
    if (typeof value === 'object' && value !== null && !Array.isArray(value)) {
      for (const [k, v] of Object.entries(value)) walk(v, prefix ? `${prefix}.${k}` : k);
    } else keys.push(prefix);
  };
  walk(defaultSettings(), '');
  return keys;
}

function getPath(obj: unknown, path: readonly string[]): unknown {
  let cur: unknown = obj;
  for (const p of path) cur = typeof cur === 'object' && cur !== null ? (cur as Record<string, unknown>)[p] : undefined;
  return cur;
}

const TRUE_WORDS = new Set(['on', 'true', 'yes', '1', 'enabled']);
const FALSE_WORDS = new Set(['off', 'false', 'no', '0', 'disabled']);

/** Applies one `key value` change to settings: typed by the setting's kind, then validated. */
export function applySetting(settings: Settings, key: string, rawValue: string): SetResult {
  const keys = settingKeys();
  if (!keys.includes(key)) {
    return { ok: false, message: `There is no setting called "${key.slice(0, 60)}". Settings: ${keys.join(', ')}.` };
  }
  const path = key.split('.');
  const current = getPath(settings, path);
  const raw = rawValue.trim();
  let value: unknown;
  if (typeof current === 'boolean') {
    const lower = raw.toLowerCase();
    if (TRUE_WORDS.has(lower)) value = true;
    else if (FALSE_WORDS.has(lower)) value = false;
    else return { ok: false, message: `${key} must be on or off (got "${raw.slice(0, 40)}").` };
  } else if (typeof current === 'number') {
    value = raw === '' ? Number.NaN : Number(raw);
    if (!Number.isFinite(value)) return { ok: false, message: `${key} must be a number (got "${raw.slice(0, 40)}").` };
  } else {
    value = raw;
  }
  const next = structuredClone(settings) as Record<string, unknown>;
  let target = next;
  for (const p of path.slice(0, -1)) target = target[p] as Record<string, unknown>;
  target[path.at(-1) as string] = value;
  const parsed = Settings.safeParse(next);
  if (!parsed.success) return { ok: false, message: `Not changed: ${issueText(parsed.error)}.` };
  return { ok: true, settings: parsed.data };
}

/** Top-level and nested fields the file has and the schema does not know (typos, newer versions). */
function unknownFields(raw: unknown, defaults: unknown, prefix = ''): string[] {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return [];
  const out: string[] = [];
  for (const [k, v] of Object.entries(raw)) {
    const known = typeof defaults === 'object' && defaults !== null ? (defaults as Record<string, unknown>)[k] : undefined;
    const name = prefix ? `${prefix}.${k}` : k;
    if (known === undefined) out.push(name);
    else out.push(...unknownFields(v, known, name));
  }
  return out;
}

export function createSettingsStore(options: SettingsStoreOptions): SettingsStore {
  const path = join(options.dir, SETTINGS_FILE_NAME);
  const now = options.now ?? (() => new Date());

  async function moveAside(kind: 'corrupt' | 'invalid', why: string): Promise<SettingsNotice> {
    const aside = join(options.dir, `settings.${kind}-${timestamp(now())}.json`);
    const what = kind === 'corrupt' ? `could not be read (${why})` : `had an invalid value (${why})`;
    try {
      await rename(path, aside);
      return {
        code: kind,
        message: `Your settings file ${what}, so the default settings are in use. The old file was kept as ${aside}. Change settings with \`assistive-control config set\` or in the panel; saved API keys are not affected.`,
      };
    } catch {
      return {
        code: kind,
        message: `Your settings file ${path} ${what}, so the default settings are in use. Fix or delete that file; saved API keys are not affected.`,
      };
    }
  }

  async function load(): Promise<LoadedSettings> {
    let text: string;
    try {
      text = await readFile(path, 'utf8');
    } catch (e) {
      const code = (e as NodeJS.ErrnoException).code;
      if (code === 'ENOENT') return { settings: defaultSettings(), notices: [], path };
      return {
        settings: defaultSettings(),
        notices: [{ code: 'unreadable', message: `Your settings file ${path} could not be opened (${code ?? 'error'}), so the default settings are in use. Check its permissions.` }],
        path,
      };
    }
    let raw: unknown;
    try {
      raw = JSON.parse(text);
    } catch {
      return { settings: defaultSettings(), notices: [await moveAside('corrupt', 'it is not valid JSON')], path };
    }
    if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) {
      return { settings: defaultSettings(), notices: [await moveAside('corrupt', 'it is not a JSON object')], path };
    }
    const parsed = Settings.safeParse(raw);
    if (!parsed.success) return { settings: defaultSettings(), notices: [await moveAside('invalid', issueText(parsed.error))], path };
    const unknown = unknownFields(raw, parsed.data);
    const notices: SettingsNotice[] =
      unknown.length > 0
        ? [{ code: 'unknown_fields', message: `Your settings file has fields this version does not know, which are ignored: ${unknown.slice(0, 5).join(', ')}.` }]
        : [];
    return { settings: parsed.data, notices, path };
  }

  async function save(settings: Settings): Promise<void> {
    const valid = Settings.parse(settings);
    await writeFileAtomic(path, `${JSON.stringify(valid, null, 2)}\n`);
  }

  return {
    path,
    load,
    save,
    async set(key, rawValue) {
      const loaded = await load();
      const result = applySetting(loaded.settings, key, rawValue);
      if (result.ok) await save(result.settings);
      return { ...result, notices: loaded.notices };
    },
  };
}
