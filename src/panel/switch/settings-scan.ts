/**
 * The settings view as a switch scans it (issue: Settings by one switch): which of the form's
 * fields a switch can change, how each is labelled with its value, and the change each entry makes
 * to the form's draft. Pure data over the same draft the view edits (use-settings-form.ts), so the
 * form's controls show what the switch changed. switch-scan.ts turns this into scan entries.
 *
 * Not offered by switch (docs/decisions/0185-settings-switch-which-fields-switch-changes.md): text fields (addresses, model names, keys, quick
 * commands, the shortcut: they need typing), the confidence thresholds, and the switch settings
 * that could lock a one-switch user out (switch access itself, one or two switches, which input is
 * the switch). The timings a switch user most needs are offered as Slower/Faster steps.
 */
import type { SettingsUpdate } from '../../shared/contracts/ipc-contract.js';
import { DEFAULT_LANGUAGE, LANGUAGES, LANGUAGE_NAMES } from '../../shared/language.js';
import { DEFAULT_SCREEN_PICTURES, SCREEN_PICTURE_OPTIONS } from '../../shared/screen-picture-options.js';
import { SPEECH_RATE } from '../../shared/setting-ranges.js';
import { SWITCH_LIMITS } from '../../shared/switch-access.js';
import { PLANNER_OPTIONS } from '../settings/planner-options.js';

/** One entry of the settings scan: an on/off setting, a choice among options, or a number stepped within its range. */
export type SettingsScanField = { readonly section: SettingsSection } & (
  | { readonly kind: 'toggle'; readonly key: string; readonly label: string; readonly on: boolean }
  | {
      readonly kind: 'choice';
      readonly key: string;
      readonly label: string;
      readonly value: string;
      readonly options: readonly { readonly value: string; readonly label: string }[];
    }
  | {
      readonly kind: 'number';
      readonly key: string;
      readonly label: string;
      /** The value as the view shows it ("1.5 s"). */
      readonly shown: string;
      /** The two steps, the one a struggling user needs first (Slower for the scan), each with the value it gives; none at the range's end. */
      readonly steps: readonly { readonly label: string; readonly delta: -1 | 1; readonly shown: string }[];
    }
);

/** The groups the settings scan has, in order (so no list is long to scan): the switch's timing first. */
export const SETTINGS_SECTIONS = ['Scanning', 'Speech and voice', 'Safety and app'] as const;
export type SettingsSection = (typeof SETTINGS_SECTIONS)[number];

/** What a settings scan entry does to the draft. */
export type SettingsChange = { readonly key: string } & ({ readonly toggle: true } | { readonly choose: string } | { readonly delta: -1 | 1 });

interface ToggleSpec {
  readonly section: SettingsSection;
  readonly key: string;
  readonly label: string;
  readonly get: (d: SettingsUpdate) => boolean | undefined;
  readonly set: (d: SettingsUpdate, on: boolean) => SettingsUpdate;
}

interface NumberSpec {
  readonly section: SettingsSection;
  readonly key: string;
  readonly label: string;
  readonly range: { readonly min: number; readonly max: number };
  /** One step: a multiple of the view's field step, so the value stays valid in the form. */
  readonly step: number;
  /** The labels of a step down and a step up. */
  readonly down: string;
  readonly up: string;
  /** Which comes first in its group. */
  readonly upFirst: boolean;
  readonly get: (d: SettingsUpdate) => number;
  readonly set: (d: SettingsUpdate, n: number) => SettingsUpdate;
  readonly show: (n: number) => string;
}

const seconds = (ms: number): string => `${ms / 1000} s`;
const switchNumber = (key: 'scanIntervalMs' | 'firstItemPauseMs', label: string, down: string, up: string): NumberSpec => ({
  section: 'Scanning',
  key: `switchAccess.${key}`,
  label,
  range: SWITCH_LIMITS[key],
  step: 500,
  down,
  up,
  upFirst: true,
  get: (d) => d.switchAccess[key],
  set: (d, n) => ({ ...d, switchAccess: { ...d.switchAccess, [key]: n } }),
  show: seconds,
});

/** The scan interval first: the setting a switch user most needs to change. */
const NUMBERS: readonly NumberSpec[] = [
  switchNumber('scanIntervalMs', 'Scan interval', 'Faster', 'Slower'),
  switchNumber('firstItemPauseMs', 'Extra pause on the first entry', 'Shorter', 'Longer'),
  {
    section: 'Scanning',
    key: 'switchAccess.scanLoops',
    label: 'Times round before scanning rests',
    range: SWITCH_LIMITS.scanLoops,
    step: 1,
    down: 'Fewer',
    up: 'More',
    upFirst: true,
    get: (d) => d.switchAccess.scanLoops,
    set: (d, n) => ({ ...d, switchAccess: { ...d.switchAccess, scanLoops: n } }),
    show: String,
  },
  {
    section: 'Speech and voice',
    key: 'spokenFeedback.rate',
    label: 'Speech rate',
    range: SPEECH_RATE,
    step: 25,
    down: 'Slower',
    up: 'Faster',
    upFirst: false,
    get: (d) => d.spokenFeedback.rate,
    set: (d, n) => ({ ...d, spokenFeedback: { ...d.spokenFeedback, rate: n } }),
    show: (n) => `${n} words a minute`,
  },
];

const TOGGLES: readonly ToggleSpec[] = [
  {
    section: 'Safety and app',
    key: 'confirmModerate',
    label: 'Ask before moderate actions',
    get: (d) => d.confirmModerate,
    set: (d, on) => ({ ...d, confirmModerate: on }),
  },
  {
    section: 'Speech and voice',
    key: 'spokenFeedback.enabled',
    label: 'Spoken feedback',
    get: (d) => d.spokenFeedback.enabled,
    set: (d, on) => ({ ...d, spokenFeedback: { ...d.spokenFeedback, enabled: on } }),
  },
  {
    section: 'Speech and voice',
    key: 'spokenFeedback.quietWithScreenReader',
    label: 'Quiet while a screen reader runs',
    get: (d) => d.spokenFeedback.quietWithScreenReader ?? false,
    set: (d, on) => ({ ...d, spokenFeedback: { ...d.spokenFeedback, quietWithScreenReader: on } }),
  },
  {
    section: 'Speech and voice',
    key: 'voice.enabled',
    label: 'Voice commands',
    get: (d) => d.voice?.enabled,
    set: (d, on) => (d.voice ? { ...d, voice: { ...d.voice, enabled: on } } : d),
  },
  { section: 'Safety and app', key: 'launchAtLogin', label: 'Start when I log in', get: (d) => d.launchAtLogin, set: (d, on) => ({ ...d, launchAtLogin: on }) },
];

const PROVIDER = 'provider';
const LANGUAGE = 'language';
const SCREEN_PICTURES = 'screenPictures';

const stepped = (spec: NumberSpec, value: number, delta: -1 | 1): number => Math.min(spec.range.max, Math.max(spec.range.min, value + delta * spec.step));

/** The fields a switch can change, with the draft's values: numbers, then on/off settings, then the language, the planner and where pictures of the screen may go (switch-scan.ts groups them by section). */
export function settingsScanFields(draft: SettingsUpdate): readonly SettingsScanField[] {
  const numbers = NUMBERS.map((spec): SettingsScanField => {
    const value = spec.get(draft);
    const step = (label: string, delta: -1 | 1) => ({ label, delta, shown: spec.show(stepped(spec, value, delta)) });
    const down = stepped(spec, value, -1) !== value ? [step(spec.down, -1)] : [];
    const up = stepped(spec, value, 1) !== value ? [step(spec.up, 1)] : [];
    return {
      section: spec.section,
      kind: 'number',
      key: spec.key,
      label: spec.label,
      shown: spec.show(value),
      steps: spec.upFirst ? [...up, ...down] : [...down, ...up],
    };
  });
  const toggles = TOGGLES.flatMap((spec): SettingsScanField[] => {
    const on = spec.get(draft);
    return on === undefined ? [] : [{ section: spec.section, kind: 'toggle', key: spec.key, label: spec.label, on }];
  });
  const choice = (
    section: SettingsSection,
    key: string,
    label: string,
    value: string,
    options: readonly { value: string; label: string }[],
  ): SettingsScanField => ({
    section,
    kind: 'choice',
    key,
    label,
    value,
    options,
  });
  const provider = choice(
    'Safety and app',
    PROVIDER,
    'How commands are understood',
    draft.provider,
    PLANNER_OPTIONS.map((o) => ({ value: o.value, label: o.label })),
  );
  const language = choice(
    'Speech and voice',
    LANGUAGE,
    'Language',
    draft.language ?? DEFAULT_LANGUAGE,
    LANGUAGES.map((l) => ({ value: l, label: LANGUAGE_NAMES[l] })),
  );
  // The cloud choice says what it means even in the scan's short labels.
  const pictures = choice(
    'Safety and app',
    SCREEN_PICTURES,
    'Pictures of the screen',
    draft.screenPictures ?? DEFAULT_SCREEN_PICTURES,
    SCREEN_PICTURE_OPTIONS.map((o) => ({ value: o.value, label: o.value === 'cloud' ? `${o.label} (they leave this computer)` : o.label })),
  );
  return [...numbers, ...toggles, language, provider, pictures];
}

/** The draft after a settings scan entry was chosen (unchanged for a key it does not know). */
export function applySettingsChange(draft: SettingsUpdate, change: SettingsChange): SettingsUpdate {
  if ('toggle' in change) {
    const spec = TOGGLES.find((t) => t.key === change.key);
    const on = spec?.get(draft);
    return spec && on !== undefined ? spec.set(draft, !on) : draft;
  }
  if ('choose' in change) {
    if (change.key === LANGUAGE) {
      const language = LANGUAGES.find((l) => l === change.choose);
      return language ? { ...draft, language } : draft;
    }
    if (change.key === SCREEN_PICTURES) {
      const pictures = SCREEN_PICTURE_OPTIONS.find((o) => o.value === change.choose);
      return pictures ? { ...draft, screenPictures: pictures.value } : draft;
    }
    const option = PLANNER_OPTIONS.find((o) => o.value === change.choose);
    return change.key === PROVIDER && option ? { ...draft, provider: option.value } : draft;
  }
  const spec = NUMBERS.find((n) => n.key === change.key);
  return spec ? spec.set(draft, stepped(spec, spec.get(draft), change.delta)) : draft;
}
