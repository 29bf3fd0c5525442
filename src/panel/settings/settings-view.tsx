/**
 * The settings view: planner, model and addresses, keys (saved / not saved, replace, remove),
 * where pictures of the screen may go and their model, confirmation and confidence thresholds,
 * spoken feedback, the language, launch at login and the global shortcut.
 * Saved through settings:save; main validates and answers in a sentence, shown next to Save.
 */
import { useLayoutEffect, useRef, useState } from 'preact/hooks';
import type { PanelApi, SettingsUpdate, SettingsView as View } from '../../shared/contracts/ipc-contract.js';
import { LANGUAGES, LANGUAGE_NAMES, type Language } from '../../shared/language.js';
import { KEYED_PROVIDERS } from '../../shared/llm-providers.js';
import { SPEECH_RATE, STEP_BUDGET, THRESHOLD } from '../../shared/setting-ranges.js';
import { MAX_QUICK_COMMANDS, SWITCH_INPUTS, SWITCH_LIMITS, isGlobalSwitchInput, type SwitchSettings } from '../../shared/switch-access.js';
import { ConnectionTest, KeyField, ProviderFields } from './setup-fields.js';
import type { SettingsFormState } from './use-settings-form.js';
import { VoiceFields } from '../voice/voice-settings-fields.js';
import { FormFooter } from './form-footer.js';
import { ScreenPictureFields } from './screen-picture-fields.js';

const CONFIDENCE_FIELDS = [
  { key: 'reject', label: 'Refuse plans below this confidence', help: 'From 0 to 1. The assistant does nothing and asks you to rephrase.' },
  { key: 'warn', label: 'Warn about plans below this confidence', help: 'From 0 to 1, not below the refusal threshold. The plan runs with a “Not sure” note.' },
] as const;

function NumberField({
  id,
  label,
  help,
  value,
  step,
  min,
  max,
  onChange,
}: {
  readonly id: string;
  readonly label: string;
  readonly help: string;
  readonly value: number;
  readonly step: number;
  readonly min: number;
  readonly max: number;
  readonly onChange: (n: number) => void;
}) {
  return (
    <>
      <label for={id}>{label}</label>
      <input
        id={id}
        type="number"
        inputMode="decimal"
        step={step}
        min={min}
        max={max}
        value={value}
        aria-describedby={`${id}-help`}
        onInput={(e) => onChange(e.currentTarget.valueAsNumber)}
      />
      <p id={`${id}-help`} class="help">
        {help}
      </p>
    </>
  );
}

function Checkbox({
  id,
  label,
  checked,
  onChange,
}: {
  readonly id: string;
  readonly label: string;
  readonly checked: boolean;
  readonly onChange: (on: boolean) => void;
}) {
  return (
    <label class="choice" for={id}>
      <input id={id} type="checkbox" checked={checked} onChange={(e) => onChange(e.currentTarget.checked)} />
      <span>{label}</span>
    </label>
  );
}

/** Timings in seconds on screen, milliseconds in the settings. */
const SECONDS_FIELDS = [
  { key: 'scanIntervalMs', label: 'Scan interval (seconds)', help: 'How long the highlight stays on each entry, from 0.5 to 5.' },
  { key: 'firstItemPauseMs', label: 'Extra pause on the first entry (seconds)', help: 'From 0 to 5.' },
  { key: 'holdMs', label: 'Hold before select (seconds)', help: 'A press counts only once held this long; 0 counts every press. From 0 to 2.' },
  { key: 'ignoreRepeatMs', label: 'Ignore repeated presses within (seconds)', help: 'Absorbs a tremor’s double press. From 0 to 2.' },
  { key: 'stopHoldMs', label: 'Hold to stop (seconds)', help: 'Holding the switch this long stops whatever runs. From 1 to 10.' },
] as const;

/** Timings shown after the loops. */
const LATER_SECONDS_FIELDS = [
  {
    key: 'questionSettleMs',
    label: 'Wait after a question appears (seconds)',
    help: 'A press this soon after a confirmation or a question appears does nothing, so you can take the question in first. From 0 to 5.',
  },
  {
    key: 'longPressMs',
    label: 'Long press (seconds)',
    help: 'On a cell of the mouse grid, a press held this long clicks there; a shorter press zooms in. Longer than the hold before select, shorter than the hold to stop; from 0.3 to 5.',
  },
] as const;

const INPUT_NAMES: Readonly<Record<string, string>> = { MouseLeft: 'Left mouse button', MouseRight: 'Right mouse button' };
const inputName = (i: string): string => `${INPUT_NAMES[i] ?? i}${isGlobalSwitchInput(i) ? ' (works in every app)' : ''}`;

type SwitchDraft = SwitchSettings & { readonly questionSettleMs: number; readonly longPressMs: number };

function SwitchFields({ value, onChange }: { readonly value: SwitchDraft; readonly onChange: (next: SwitchDraft) => void }) {
  const set = <K extends keyof SwitchDraft>(key: K, v: SwitchDraft[K]): void => onChange({ ...value, [key]: v });
  /** A timing shown in seconds, kept in milliseconds. */
  const seconds = (f: { readonly key: keyof typeof SWITCH_LIMITS & keyof SwitchDraft; readonly label: string; readonly help: string }) => (
    <NumberField
      key={f.key}
      id={`switch-${f.key}`}
      label={f.label}
      help={f.help}
      value={(value[f.key] as number) / 1000}
      step={0.1}
      min={SWITCH_LIMITS[f.key].min / 1000}
      max={SWITCH_LIMITS[f.key].max / 1000}
      onChange={(n) => set(f.key, Math.round(n * 1000))}
    />
  );
  const inputSelect = (key: 'selectInput' | 'moveInput', label: string) => (
    <>
      <label for={`switch-${key}`}>{label}</label>
      <select id={`switch-${key}`} value={value[key]} onChange={(e) => set(key, e.currentTarget.value as SwitchSettings[typeof key])}>
        {SWITCH_INPUTS.map((i) => (
          <option key={i} value={i}>
            {inputName(i)}
          </option>
        ))}
      </select>
    </>
  );
  return (
    <>
      <Checkbox id="switch-enabled" label="Use a switch to scan the panel" checked={value.enabled} onChange={(on) => set('enabled', on)} />
      <label for="switch-mode">Switches</label>
      <select id="switch-mode" value={value.mode} onChange={(e) => set('mode', e.currentTarget.value === 'step' ? 'step' : 'auto')}>
        <option value="auto">One switch: the highlight moves by itself</option>
        <option value="step">Two switches: one moves, the other selects</option>
      </select>
      {inputSelect('selectInput', 'Select switch')}
      {value.mode === 'step' && inputSelect('moveInput', 'Move switch')}
      <p class="help">F13 to F24 also work while another app has the keyboard; Space, Enter, digits and mouse buttons only while the panel has it.</p>
      {SECONDS_FIELDS.map(seconds)}
      <NumberField
        id="switch-scanLoops"
        label="Times round before scanning rests"
        help="From 1 to 10."
        value={value.scanLoops}
        step={1}
        min={SWITCH_LIMITS.scanLoops.min}
        max={SWITCH_LIMITS.scanLoops.max}
        onChange={(n) => set('scanLoops', n)}
      />
      {LATER_SECONDS_FIELDS.map(seconds)}
    </>
  );
}

export function SettingsView({
  api,
  view,
  form,
  onClose,
}: {
  readonly api: PanelApi;
  readonly view: View;
  /** The form's state, kept in the App so that the switch changes the same form (use-settings-form.ts). */
  readonly form: SettingsFormState & { readonly draft: SettingsUpdate };
  readonly onClose: () => void;
}) {
  const { draft, setDraft, show, message } = form;
  const keys = form.keys ?? view.keys;
  // The text as typed (an empty line while typing is kept); the setting is its non-empty lines.
  const [quickText, setQuickText] = useState(() => view.quickCommands.join('\n'));
  const heading = useRef<HTMLHeadingElement>(null);
  // At the commit, not after the paint: a key pressed the moment the view opens lands where the focus was put.
  useLayoutEffect(() => heading.current?.focus(), []);

  const set = <K extends keyof SettingsUpdate>(key: K, value: SettingsUpdate[K]): void => setDraft({ ...draft, [key]: value });

  return (
    <section class="settings" aria-labelledby="settings-heading">
      <h2 id="settings-heading" ref={heading} tabIndex={-1}>
        Settings
      </h2>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          void form.save();
        }}
      >
        <h3>AI planner</h3>
        <ProviderFields draft={draft} onChange={setDraft} idPrefix="settings" />
        <ConnectionTest api={api} />

        <h3>API keys</h3>
        {KEYED_PROVIDERS.map((p) => (
          <KeyField key={p} api={api} provider={p} status={keys[p]} onReply={show} />
        ))}

        <h3>Pictures of the screen</h3>
        <ScreenPictureFields draft={draft} saved={view.screenPictures} onChange={setDraft} />

        <h3>Safety</h3>
        <Checkbox
          id="confirm-moderate"
          label="Ask before moderate-risk actions (destructive ones always ask)"
          checked={draft.confirmModerate}
          onChange={(on) => set('confirmModerate', on)}
        />
        {CONFIDENCE_FIELDS.map((f) => (
          <NumberField
            key={f.key}
            id={`confidence-${f.key}`}
            label={f.label}
            help={f.help}
            value={draft.confidence[f.key]}
            step={0.05}
            min={THRESHOLD.min}
            max={THRESHOLD.max}
            onChange={(n) => set('confidence', { ...draft.confidence, [f.key]: n })}
          />
        ))}
        <NumberField
          id="step-budget"
          label="Steps before a long run asks to go on"
          help={`From ${STEP_BUDGET.min} to ${STEP_BUDGET.max}.`}
          value={draft.stepBudget ?? view.stepBudget}
          step={1}
          min={STEP_BUDGET.min}
          max={STEP_BUDGET.max}
          onChange={(n) => set('stepBudget', n)}
        />

        <h3>Spoken feedback</h3>
        <Checkbox
          id="spoken-feedback"
          label="Speak what the assistant did"
          checked={draft.spokenFeedback.enabled}
          onChange={(on) => set('spokenFeedback', { ...draft.spokenFeedback, enabled: on })}
        />
        <NumberField
          id="speech-rate"
          label="Speech rate (words per minute)"
          help={`From ${SPEECH_RATE.min} to ${SPEECH_RATE.max}.`}
          value={draft.spokenFeedback.rate}
          step={5}
          min={SPEECH_RATE.min}
          max={SPEECH_RATE.max}
          onChange={(n) => set('spokenFeedback', { ...draft.spokenFeedback, rate: n })}
        />
        <Checkbox
          id="quiet-with-screen-reader"
          label="Stay quiet while a screen reader runs"
          checked={draft.spokenFeedback.quietWithScreenReader ?? false}
          onChange={(on) => set('spokenFeedback', { ...draft.spokenFeedback, quietWithScreenReader: on })}
        />

        {draft.voice && (
          <>
            <h3>Voice</h3>
            <VoiceFields value={draft.voice} onChange={(next) => set('voice', next)} />
          </>
        )}

        <h3>Switch access</h3>
        <SwitchFields value={draft.switchAccess} onChange={(next) => set('switchAccess', next)} />
        <label for="quick-commands">Quick commands (one per line)</label>
        <textarea
          id="quick-commands"
          rows={4}
          value={quickText}
          aria-describedby="quick-commands-help"
          onInput={(e) => {
            setQuickText(e.currentTarget.value);
            set(
              'quickCommands',
              e.currentTarget.value
                .split('\n')
                .map((l) => l.trim())
                .filter((l) => l !== ''),
            );
          }}
        />
        <p id="quick-commands-help" class="help">
          Offered to the switch as one entry each, for example “scroll down” or “click Send”. At most {MAX_QUICK_COMMANDS}.
        </p>

        <h3>App</h3>
        <label for="language">Language of commands and answers</label>
        <select
          id="language"
          value={draft.language ?? view.language}
          aria-describedby="language-help"
          onChange={(e) => set('language', e.currentTarget.value as Language)}
        >
          {LANGUAGES.map((l) => (
            <option key={l} value={l}>
              {LANGUAGE_NAMES[l]}
            </option>
          ))}
        </select>
        <p id="language-help" class="help">
          The words the assistant understands and answers in. Quoted text and the names on the screen stay as they are.
        </p>
        <Checkbox
          id="launch-at-login"
          label="Start Assistive Control when I log in"
          checked={draft.launchAtLogin}
          onChange={(on) => set('launchAtLogin', on)}
        />
        <label for="global-shortcut">Shortcut that shows or hides the panel</label>
        <input
          id="global-shortcut"
          type="text"
          autocomplete="off"
          spellcheck={false}
          maxLength={100}
          value={draft.globalShortcut}
          aria-describedby="global-shortcut-help"
          onInput={(e) => set('globalShortcut', e.currentTarget.value)}
        />
        <p id="global-shortcut-help" class="help">
          Modifiers and a key joined by “+”, for example CommandOrControl+Shift+Space, or a function key such as F9.
        </p>

        <FormFooter message={message} testId="settings-message" submit="Save settings" leave="Back to commands" onLeave={onClose} />
      </form>
    </section>
  );
}
