/**
 * The settings view: planner, model and addresses, keys (saved / not saved, replace, remove),
 * confirmation and confidence thresholds, spoken feedback, launch at login and the global shortcut.
 * Saved through settings:save; main validates and answers in a sentence, shown next to Save.
 */
import { useEffect, useRef, useState } from 'preact/hooks';
import type { PanelApi, SaveReply, SettingsUpdate, SettingsView as View } from '../shared/ipc-contract.js';
import { KEYED_PROVIDERS } from '../shared/llm-providers.js';
import { ConnectionTest, KeyField, ProviderFields, toUpdate } from './setup-fields.js';

const CONFIDENCE_FIELDS = [
  { key: 'reject', label: 'Refuse plans below this confidence', help: 'From 0 to 1. The assistant does nothing and asks you to rephrase.' },
  { key: 'warn', label: 'Warn about plans below this confidence', help: 'From 0 to 1, not below the refusal threshold. The plan runs with a “Not sure” note.' },
] as const;

function NumberField({ id, label, help, value, step, min, max, onChange }: {
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
      <input id={id} type="number" inputMode="decimal" step={step} min={min} max={max} value={value} aria-describedby={`${id}-help`} onInput={(e) => onChange(e.currentTarget.valueAsNumber)} />
      <p id={`${id}-help`} class="help">
        {help}
      </p>
    </>
  );
}

function Checkbox({ id, label, checked, onChange }: { readonly id: string; readonly label: string; readonly checked: boolean; readonly onChange: (on: boolean) => void }) {
  return (
    <label class="choice" for={id}>
      <input id={id} type="checkbox" checked={checked} onChange={(e) => onChange(e.currentTarget.checked)} />
      <span>{label}</span>
    </label>
  );
}

export function SettingsView({ api, view, onClose, onSaved }: { readonly api: PanelApi; readonly view: View; readonly onClose: () => void; readonly onSaved: (view: View) => void }) {
  const [draft, setDraft] = useState<SettingsUpdate>(() => toUpdate(view));
  const [keys, setKeys] = useState(view.keys);
  const [message, setMessage] = useState<{ readonly ok: boolean; readonly text: string } | undefined>();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);

  const show = (reply: SaveReply): void => {
    setKeys(reply.view.keys);
    setMessage({ ok: reply.ok, text: reply.message });
    if (reply.ok) onSaved(reply.view);
  };
  const set = <K extends keyof SettingsUpdate>(key: K, value: SettingsUpdate[K]): void => setDraft({ ...draft, [key]: value });

  return (
    <section class="settings" aria-labelledby="settings-heading">
      <h2 id="settings-heading" ref={heading} tabIndex={-1}>
        Settings
      </h2>
      <form
        onSubmit={async (e) => {
          e.preventDefault();
          try {
            show(await api.saveSettings(draft));
          } catch {
            // Main refused the payload's shape: only an empty or non-numeric number field gets here.
            setMessage({ ok: false, text: 'Nothing was saved: a number field is empty or not a number. Fill it in, then save again.' });
          }
        }}
      >
        <h3>AI planner</h3>
        <ProviderFields draft={draft} onChange={setDraft} idPrefix="settings" />
        <ConnectionTest api={api} />

        <h3>API keys</h3>
        {KEYED_PROVIDERS.map((p) => (
          <KeyField key={p} api={api} provider={p} status={keys[p]} onReply={show} />
        ))}

        <h3>Safety</h3>
        <Checkbox id="confirm-moderate" label="Ask before moderate-risk actions (destructive ones always ask)" checked={draft.confirmModerate} onChange={(on) => set('confirmModerate', on)} />
        {CONFIDENCE_FIELDS.map((f) => (
          <NumberField
            key={f.key}
            id={`confidence-${f.key}`}
            label={f.label}
            help={f.help}
            value={draft.confidence[f.key]}
            step={0.05}
            min={0}
            max={1}
            onChange={(n) => set('confidence', { ...draft.confidence, [f.key]: n })}
          />
        ))}

        <h3>Spoken feedback</h3>
        <Checkbox id="spoken-feedback" label="Speak what the assistant did" checked={draft.spokenFeedback.enabled} onChange={(on) => set('spokenFeedback', { ...draft.spokenFeedback, enabled: on })} />
        <NumberField
          id="speech-rate"
          label="Speech rate (words per minute)"
          help="From 80 to 450."
          value={draft.spokenFeedback.rate}
          step={5}
          min={80}
          max={450}
          onChange={(n) => set('spokenFeedback', { ...draft.spokenFeedback, rate: n })}
        />

        <h3>App</h3>
        <Checkbox id="launch-at-login" label="Start Assistive Control when I log in" checked={draft.launchAtLogin} onChange={(on) => set('launchAtLogin', on)} />
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

        <p class={`form-message ${message ? (message.ok ? 'ok' : 'problem') : ''}`} aria-live="polite" data-testid="settings-message">
          {message?.text ?? ''}
        </p>
        <div class="actions">
          <button type="submit" class="big primary">
            Save settings
          </button>
          <button type="button" class="big" onClick={onClose}>
            Back to commands
          </button>
        </div>
      </form>
    </section>
  );
}
