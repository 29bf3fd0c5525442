/**
 * Form pieces the onboarding and the settings view share: the planner choice with its model and
 * address, an API key field that only ever shows saved / not saved, the connection test, and the
 * permission list with "Open settings". Plain labelled HTML controls, so every one is reachable
 * and operable by keyboard and named for screen readers.
 */
import { useState } from 'preact/hooks';
import type { KeyStatusView, PanelApi, SaveReply, SettingsUpdate, SettingsView } from '../../shared/contracts/ipc-contract.js';
import { LLM_PROVIDER_NAMES, type KeyedProvider } from '../../shared/llm-providers.js';
import type { PermissionKind, PermissionStatus } from '../../shared/permissions.js';
import { ChoiceRadios } from './choice-radios.js';
import { PLANNER_OPTIONS } from './planner-options.js';

/** Mirrors MAX_KEY_LENGTH of the contract (a value import would pull zod into the bundle). */
const MAX_KEY_LENGTH = 1000;

/** The planner choices live in planner-options.ts, which the switch's settings scan reads too. */
export { PLANNER_OPTIONS };

export const KEY_PROVIDER_LABEL: Readonly<Record<KeyedProvider, string>> = { anthropic: 'Anthropic', openai: 'OpenAI' };

/** The planner, its model and its address. */
export function ProviderFields({
  draft,
  onChange,
  idPrefix,
}: {
  readonly draft: SettingsUpdate;
  readonly onChange: (d: SettingsUpdate) => void;
  readonly idPrefix: string;
}) {
  const provider = draft.provider;
  return (
    <div class="fields">
      <ChoiceRadios
        legend="How commands are understood"
        name={`${idPrefix}-provider`}
        options={PLANNER_OPTIONS}
        value={provider}
        onChoose={(p) => onChange({ ...draft, provider: p })}
      />
      {provider !== 'grammar' && (
        <>
          <label for={`${idPrefix}-model`}>{LLM_PROVIDER_NAMES[provider]} model</label>
          <input
            id={`${idPrefix}-model`}
            type="text"
            autocomplete="off"
            spellcheck={false}
            maxLength={200}
            value={draft.models[provider]}
            onInput={(e) => onChange({ ...draft, models: { ...draft.models, [provider]: e.currentTarget.value } })}
          />
        </>
      )}
      {(provider === 'ollama' || provider === 'openai') && (
        <>
          <label for={`${idPrefix}-url`}>{provider === 'ollama' ? 'Ollama address' : 'Server address (base URL)'}</label>
          <input
            id={`${idPrefix}-url`}
            type="url"
            autocomplete="off"
            spellcheck={false}
            maxLength={500}
            value={provider === 'ollama' ? draft.ollamaUrl : draft.openaiBaseUrl}
            onInput={(e) => {
              const url = e.currentTarget.value;
              onChange(provider === 'ollama' ? { ...draft, ollamaUrl: url } : { ...draft, openaiBaseUrl: url });
            }}
          />
        </>
      )}
    </div>
  );
}

/**
 * One provider's API key: a password field that is emptied as soon as the key went to main, the
 * saved / not saved state, and Remove. The key is never read back: there is no way to.
 */
export function KeyField({
  api,
  provider,
  status,
  onReply,
}: {
  readonly api: PanelApi;
  readonly provider: KeyedProvider;
  readonly status: KeyStatusView;
  readonly onReply: (reply: SaveReply) => void;
}) {
  const [key, setKey] = useState('');
  const [busy, setBusy] = useState(false);
  const id = `key-${provider}`;
  const label = KEY_PROVIDER_LABEL[provider];
  const run = async (action: () => Promise<SaveReply>): Promise<void> => {
    setBusy(true);
    try {
      onReply(await action());
    } finally {
      setBusy(false);
    }
  };
  return (
    <div class="key-field" data-provider={provider}>
      <label for={id}>{label} API key</label>
      <p class="key-status" id={`${id}-status`}>
        {status === 'saved' ? 'Saved in the keychain.' : 'Not saved.'}
      </p>
      <input
        id={id}
        type="password"
        autocomplete="off"
        spellcheck={false}
        maxLength={MAX_KEY_LENGTH}
        value={key}
        aria-describedby={`${id}-status`}
        onInput={(e) => setKey(e.currentTarget.value)}
      />
      <div class="actions">
        <button
          type="button"
          disabled={busy || key.trim() === ''}
          onClick={() => {
            const sent = key;
            // Out of the page before the answer comes: the field never holds a saved key.
            setKey('');
            void run(() => api.saveKey(provider, sent));
          }}
        >
          {status === 'saved' ? `Replace ${label} key` : `Save ${label} key`}
        </button>
        {status === 'saved' && (
          <button type="button" disabled={busy} onClick={() => void run(() => api.removeKey(provider))}>
            Remove {label} key
          </button>
        )}
      </div>
    </div>
  );
}

/** "Test the connection": one real planner request, its result as a sentence. */
export function ConnectionTest({ api }: { readonly api: PanelApi }) {
  const [state, setState] = useState<{ readonly testing: boolean; readonly result?: { ok: boolean; message: string } }>({ testing: false });
  return (
    <div class="connection-test">
      <button
        type="button"
        class="big"
        disabled={state.testing}
        onClick={async () => {
          setState({ testing: true });
          try {
            setState({ testing: false, result: await api.testProvider() });
          } catch {
            setState({ testing: false, result: { ok: false, message: 'The test could not run. Restart Assistive Control and try again.' } });
          }
        }}
      >
        Test the connection
      </button>
      <p class={`form-message ${state.result ? (state.result.ok ? 'ok' : 'problem') : ''}`} aria-live="polite" data-testid="connection-result">
        {state.testing ? 'Testing…' : (state.result?.message ?? '')}
      </p>
    </div>
  );
}

export const PERMISSION_NAMES: Readonly<Record<PermissionKind, string>> = { accessibility: 'Accessibility', microphone: 'Microphone' };

const STATE_TEXT: Readonly<Record<PermissionStatus['state'], string>> = {
  granted: 'Granted',
  denied: 'Not granted',
  not_determined: 'Not asked yet',
  unknown: 'Could not check',
};

/** Asks main to open the settings pane; says in a sentence whether it could. */
export function OpenSettingsButton({ api, kind }: { readonly api: PanelApi; readonly kind: PermissionKind }) {
  const [result, setResult] = useState<string>('');
  return (
    <>
      <button
        type="button"
        class="big"
        aria-label={`Open settings for ${PERMISSION_NAMES[kind]}`}
        onClick={async () => {
          const opened = await api.openPermissionSettings(kind).catch(() => false);
          setResult(
            opened
              ? `The settings opened. Grant ${PERMISSION_NAMES[kind]}, then come back and try again.`
              : 'The settings could not be opened; follow the steps above by hand.',
          );
        }}
      >
        Open settings
      </button>
      <p class="form-message" aria-live="polite">
        {result}
      </p>
    </>
  );
}

/** Each permission's state, its sentence, and the way to grant it. */
export function PermissionList({ api, statuses }: { readonly api: PanelApi; readonly statuses: readonly PermissionStatus[] }) {
  return (
    <ul class="permissions">
      {statuses.map((p) => (
        <li key={p.kind} data-kind={p.kind} data-state={p.state}>
          <p>
            <strong>{PERMISSION_NAMES[p.kind]}:</strong> {STATE_TEXT[p.state]}
          </p>
          {p.state !== 'granted' && <p>{p.explanation}</p>}
          {p.state !== 'granted' && p.canOpenSettings && <OpenSettingsButton api={api} kind={p.kind} />}
        </li>
      ))}
    </ul>
  );
}

/** The changeable part of a settings view (what settings:save takes). */
export function toUpdate(view: SettingsView): SettingsUpdate {
  const { keys: _keys, onboardingDone: _done, ...update } = view;
  return update;
}
