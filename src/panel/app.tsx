/**
 * The panel: command input, the conversation, confirmations and questions, a status bar, Stop and
 * recent commands; the first-run onboarding and the settings view. Talks to main only through the
 * PanelApi the preload exposes.
 *
 * This file composes the parts: the session (use-panel-session.ts: the conversation, the command
 * box, `send`), the focus moves (use-focus-follows.ts), voice (voice/), switch access
 * (use-panel-scan.ts), and the views (conversation-view.tsx, command-form.tsx, status-bar.tsx).
 */
import { useEffect, useRef, useState } from 'preact/hooks';
import { useFocusAtCommit } from './use-focus-at-commit.js';
import type { PanelApi, SettingsView as View } from '../shared/contracts/ipc-contract.js';
import { openGuide, pendingConfirmation } from './conversation.js';
import { ConversationView } from './conversation-view.js';
import { CommandForm, RecentCommands } from './command-form.js';
import { DictationToggle } from './dictation-toggle.js';
import { Onboarding } from './settings/onboarding.js';
import { SettingsView } from './settings/settings-view.js';
import { UserCommandsView } from './user-commands-view.js';
import { useUserCommands } from './use-user-commands.js';
import { useSettingsForm } from './settings/use-settings-form.js';
import { ScanBar } from './switch/scan-bar.js';
import { Announcer, StatusBar } from './status-bar.js';
import { useFocusFollows } from './use-focus-follows.js';
import { usePanelScan } from './switch/use-panel-scan.js';
import { usePanelSession } from './use-panel-session.js';
import { RunProgress } from './run-progress.js';
import { offersTakeBack } from './take-back-offer.js';
import { TakeBackOffer } from './take-back-button.js';
import { useVoice } from './voice/voice-control.js';
import { VoicePanel } from './voice/voice-panel.js';
import { ScanRateOffer } from './switch/scan-rate-offer.js';
import { useScanRate } from './switch/use-scan-rate.js';

export function App({ api }: { readonly api: PanelApi }) {
  const [settings, setSettings] = useState<View | undefined>();
  const [screen, setScreen] = useState<'commands' | 'settings' | 'user_commands'>('commands');
  const [announcement, setAnnouncement] = useState('');
  const input = useRef<HTMLTextAreaElement>(null);
  const settingsButton = useRef<HTMLButtonElement>(null);
  const userCommandsButton = useRef<HTMLButtonElement>(null);
  const scanRate = useScanRate({ api, settings, setSettings, announce: setAnnouncement });
  const session = usePanelSession({
    api,
    input,
    announce: setAnnouncement,
    openUserCommands: () => setScreen('user_commands'),
    stepScanRate: scanRate.step,
    language: settings?.language,
  });
  const { state, busy, send, setText, setRecent, announceMissingPermissions } = session;

  // Once per api (both functions keep their identity as long as it does).
  useEffect(() => {
    void api.recentCommands().then(setRecent);
    // Without settings (main could not answer) the panel still works: no onboarding then.
    api.settingsView().then(
      (view) => {
        setSettings(view);
        // Preflight at launch (the onboarding has its own permissions step): say now what is missing,
        // rather than at the first command.
        if (view.onboardingDone) void announceMissingPermissions();
      },
      () => undefined,
    );
  }, [api, setRecent, announceMissingPermissions]);

  useFocusFollows({ state, runsEnded: session.runsEnded, input, announce: setAnnouncement });

  const voice = useVoice({
    api,
    settings: settings?.voice,
    language: settings?.language,
    waiting: session.waiting,
    send,
    edit: (heard) => {
      // Heard, then put in the box to review: the utterance counts for the command it becomes.
      session.effort.count('utterance');
      setText(heard);
      input.current?.focus();
    },
    announce: setAnnouncement,
  });

  // Moved as the next screen is committed, so a key pressed the moment it shows lands there.
  const focusAtCommit = useFocusAtCommit();
  const closeView = (opener: { readonly current: HTMLButtonElement | null }) => (): void => {
    setScreen('commands');
    // Back where the user came from (WAI-ARIA: focus returns to the control that opened the view).
    focusAtCommit(() => opener.current);
  };
  const userCommands = useUserCommands(api, screen === 'user_commands');
  const closeUserCommands = closeView(userCommandsButton);
  const settingsForm = useSettingsForm(api, settings, screen === 'settings', setSettings);
  const closeSettings = closeView(settingsButton);

  const { tree, switchState } = usePanelScan({
    api,
    state,
    busy,
    recent: session.recent,
    settings,
    ...(screen === 'user_commands' ? { userCommands: { state: userCommands, close: closeUserCommands } } : {}),
    openSettings: () => setScreen('settings'),
    ...(screen === 'settings' ? { settingsForm: { state: settingsForm, close: closeSettings } } : {}),
    overlay: session.overlay,
    voice,
    send,
    confirm: session.confirm,
    announce: setAnnouncement,
    onCount: (input) => session.effort.count(input),
    scanRate,
  });

  const onboarding = settings !== undefined && !settings.onboardingDone;
  const confirmation = pendingConfirmation(state);

  return (
    <main class="panel">
      <h1 class="visually-hidden">Assistive Control</h1>
      <StatusBar status={state.status} voiceStatus={voice.status} />
      <Announcer text={announcement} />

      {onboarding && (
        <Onboarding
          api={api}
          view={settings}
          onDone={(reply) => {
            setSettings(reply.view);
            setAnnouncement(reply.message);
            focusAtCommit(() => input.current);
          }}
        />
      )}

      {!onboarding && screen === 'settings' && settings && settingsForm.draft && (
        <>
          {settings.switchAccess.enabled && <ScanBar tree={tree} state={switchState} mode={settings.switchAccess.mode} />}
          <SettingsView api={api} view={settings} form={{ ...settingsForm, draft: settingsForm.draft }} onClose={closeSettings} />
        </>
      )}

      {!onboarding && screen === 'user_commands' && (
        <>
          {settings?.switchAccess.enabled && <ScanBar tree={tree} state={switchState} mode={settings.switchAccess.mode} />}
          <UserCommandsView api={api} state={userCommands} onClose={closeUserCommands} />
        </>
      )}

      {!onboarding && screen === 'commands' && (
        <>
          {settings?.switchAccess.enabled && <ScanBar tree={tree} state={switchState} mode={settings.switchAccess.mode} />}
          <div class="toolbar">
            {/* Not while a command runs: its confirmation or question must stay in view. */}
            <button type="button" ref={settingsButton} onClick={() => setScreen('settings')} disabled={!settings || busy}>
              Settings
            </button>
            <button type="button" ref={userCommandsButton} onClick={() => setScreen('user_commands')} disabled={busy}>
              Your commands
            </button>
            <DictationToggle mode={state.mode} busy={busy} send={(c) => void send(c)} />
          </div>
          <RunProgress progress={busy ? state.progress : undefined} send={(c) => void send(c)} />
          <ConversationView
            api={api}
            entries={state.entries}
            busy={busy}
            openGuideId={openGuide(state)?.id}
            effort={state.effort}
            onSay={(o) => void send(o)}
            onConfirm={session.confirm}
          />
          <ScanRateOffer rate={scanRate} currentMs={settings?.switchAccess.scanIntervalMs} />
          <TakeBackOffer offered={!busy && offersTakeBack(state)} send={(c) => void send(c)} />

          <VoicePanel voice={voice} />

          <CommandForm
            input={input}
            text={session.text}
            onText={setText}
            send={(t) => void session.sendBox(t)}
            stop={() => void api.stop()}
            onKeystroke={() => session.effort.count('keystroke')}
            canSend={!(busy && !confirmation) && session.text.trim() !== ''}
            canStop={busy}
          />

          <RecentCommands recent={session.recent} busy={busy} send={(c) => void send(c)} />
        </>
      )}
    </main>
  );
}
