/**
 * First-run onboarding: choose the planner (with its model and address), save a key when it needs
 * one, test the connection, grant permissions. Shown until finished or skipped ("Set up later"
 * leaves offline commands only). Each step's heading takes the focus, so a screen reader says where
 * the user is and a switch user's scan starts at the top of the step.
 */
import { useEffect, useLayoutEffect, useRef, useState } from 'preact/hooks';
import type { PanelApi, SaveReply, SettingsView } from '../../shared/contracts/ipc-contract.js';
import { isKeyedProvider } from '../../shared/llm-providers.js';
import type { PermissionStatus } from '../../shared/permissions.js';
import { ConnectionTest, KeyField, PermissionList, ProviderFields, toUpdate } from './setup-fields.js';

type Step = 'planner' | 'key' | 'test' | 'permissions';

const STEP_TITLE: Readonly<Record<Step, string>> = {
  planner: 'Choose how your commands are understood',
  key: 'Save your API key',
  test: 'Test the connection',
  permissions: 'Allow Assistive Control to act for you',
};

export function Onboarding({ api, view, onDone }: { readonly api: PanelApi; readonly view: SettingsView; readonly onDone: (reply: SaveReply) => void }) {
  const [step, setStep] = useState<Step>('planner');
  const [draft, setDraft] = useState(() => toUpdate(view));
  const [current, setCurrent] = useState(view);
  const [message, setMessage] = useState<{ readonly ok: boolean; readonly text: string } | undefined>();
  const [permissions, setPermissions] = useState<readonly PermissionStatus[]>([]);
  const heading = useRef<HTMLHeadingElement>(null);
  const steps: readonly Step[] = isKeyedProvider(draft.provider)
    ? ['planner', 'key', 'test', 'permissions']
    : draft.provider === 'grammar'
      ? ['planner', 'permissions']
      : ['planner', 'test', 'permissions'];
  const index = steps.indexOf(step);

  // At the commit, not after the paint: a key pressed the moment the view opens lands where the focus was put.
  useLayoutEffect(() => heading.current?.focus(), [step]);
  useEffect(() => {
    if (step === 'permissions') void api.checkPermissions().then(setPermissions);
  }, [api, step]);

  const show = (reply: SaveReply): void => {
    setCurrent(reply.view);
    setMessage({ ok: reply.ok, text: reply.message });
  };
  const go = (next: Step | undefined): void => {
    setMessage(undefined);
    if (next) setStep(next);
  };
  const next = async (): Promise<void> => {
    if (step === 'planner') {
      const reply = await api.saveSettings(draft);
      if (!reply.ok) return show(reply);
      setCurrent(reply.view);
    }
    const following = steps[index + 1];
    if (following) return go(following);
    onDone(await api.finishOnboarding('completed'));
  };

  return (
    <section class="onboarding" aria-labelledby="onboarding-heading">
      <p class="step-count">
        Setup, step {index + 1} of {steps.length}
      </p>
      <h2 id="onboarding-heading" ref={heading} tabIndex={-1}>
        {STEP_TITLE[step]}
      </h2>
      {step === 'planner' && <ProviderFields draft={draft} onChange={setDraft} idPrefix="onboarding" />}
      {step === 'key' && isKeyedProvider(draft.provider) && (
        <>
          <p>The key is kept in your computer’s keychain. Assistive Control never shows it again.</p>
          <KeyField api={api} provider={draft.provider} status={current.keys[draft.provider]} onReply={show} />
        </>
      )}
      {step === 'test' && (
        <>
          <p>Sends one short request to the planner you chose, to check the address, the key and the model.</p>
          <ConnectionTest api={api} />
        </>
      )}
      {step === 'permissions' && (
        <>
          <p>To press buttons and type for you, Assistive Control needs these permissions.</p>
          <p class="help">
            Your computer may ask in a dialog of its own the first time (on a Mac: “Assistive Control would like to control this computer using accessibility
            features”). Choose Open System Settings there, turn on Assistive Control in the list, come back and press Check again. Each item below says the same
            steps.
          </p>
          <PermissionList api={api} statuses={permissions} />
          <button type="button" onClick={() => void api.checkPermissions().then(setPermissions)}>
            Check again
          </button>
          <p class="help">
            To speak your commands, turn on Voice commands in Settings → Voice. There, “Listen all the time” runs each command you say when you pause, with no
            key to press.
          </p>
        </>
      )}
      <p class={`form-message ${message ? (message.ok ? 'ok' : 'problem') : ''}`} aria-live="polite" data-testid="onboarding-message">
        {message?.text ?? ''}
      </p>
      <div class="actions">
        <button type="button" class="big primary" onClick={() => void next()}>
          {index === steps.length - 1 ? 'Finish' : 'Continue'}
        </button>
        {index > 0 && (
          <button type="button" class="big" onClick={() => go(steps[index - 1])}>
            Back
          </button>
        )}
        <button type="button" class="big" onClick={async () => onDone(await api.finishOnboarding('skipped'))}>
          Set up later (offline commands only)
        </button>
      </div>
    </section>
  );
}
