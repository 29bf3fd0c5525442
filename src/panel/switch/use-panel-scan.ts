/**
 * Switch access wired to the panel: the scan list for what the panel shows now (switch-scan.ts),
 * what each chosen entry does, and the numbers the highlight lights in the overlay.
 */
import { offersTakeBack } from '../take-back-offer.js';
import { useEffect, useMemo } from 'preact/hooks';
import type { OverlayView, PanelApi, SettingsView } from '../../shared/contracts/ipc-contract.js';
import { openGuide, openQuestion, pendingConfirmation, type PanelState } from '../conversation.js';
import type { ConfirmAnswer } from '../conversation-view.js';
import { currentNode, markIds, scanTree, type ScanAction, type ScanNode } from './switch-scan.js';
import { useSwitch, type SwitchState } from './use-switch.js';
import type { VoiceState } from '../voice/voice-control.js';
import type { UserCommandsState } from '../use-user-commands.js';
import type { SettingsFormState } from '../settings/use-settings-form.js';
import { applySettingsChange, settingsScanFields } from './settings-scan.js';
import { rankedMarkTree } from './ranked-marks.js';
import type { ScanRate } from './use-scan-rate.js';
import { secondsShown } from '../../shared/scan-rate.js';

export interface PanelScanOptions {
  readonly api: PanelApi;
  readonly state: PanelState;
  readonly busy: boolean;
  readonly recent: readonly string[];
  readonly settings: SettingsView | undefined;
  /** "Your commands", while it is the screen shown: the switch scans it instead. */
  readonly userCommands?: { readonly state: UserCommandsState; readonly close: () => void };
  /** Opens the settings view (the idle scan's "Settings"). */
  readonly openSettings: () => void;
  /** The settings form, while the settings view is shown: the switch scans it instead. */
  readonly settingsForm?: { readonly state: SettingsFormState; readonly close: () => void };
  readonly overlay: OverlayView | undefined;
  readonly voice: VoiceState;
  readonly send: (command: string) => Promise<void>;
  readonly confirm: (id: number, answer: ConfirmAnswer) => void;
  readonly announce: (text: string) => void;
  /** Counts the user's effort (issue #31): each press, each move of the highlight. */
  readonly onCount?: (input: 'press' | 'scanStep') => void;
  /** The scan rate that fits the user (issue #31): reactions noted, its offer scanned. */
  readonly scanRate?: ScanRate;
}

export function usePanelScan({
  api,
  state,
  busy,
  recent,
  settings,
  userCommands,
  openSettings,
  settingsForm,
  overlay,
  voice,
  send,
  confirm,
  announce,
  onCount,
  scanRate,
}: PanelScanOptions): {
  readonly tree: readonly ScanNode[];
  readonly switchState: SwitchState;
} {
  const confirmation = pendingConfirmation(state);
  const question = openQuestion(state);
  const guide = openGuide(state);
  // The numbers likeliest first, as the core ranked them (issue #31); rows while it knows nothing.
  const rankedMarks = useMemo(() => (overlay ? rankedMarkTree(overlay) : undefined), [overlay]);
  const tree = scanTree({
    busy,
    ...(confirmation ? { confirmation: { destructive: confirmation.risk.level === 'destructive' } } : {}),
    options: !busy && question ? question.options : [],
    ...(guide ? { guide: guide.guide } : {}),
    recent,
    quick: settings?.quickCommands ?? [],
    ...(overlay ? { overlay } : {}),
    ...(rankedMarks ? { rankedMarks } : {}),
    ...(scanRate?.offer !== undefined ? { rateOffer: secondsShown(scanRate.offer) } : {}),
    ...(voice.enabled ? { voice: voice.phase.kind } : {}),
    ...(voice.enabled && voice.continuous ? { continuous: voice.continuous } : {}),
    dictation: state.mode,
    ...(busy && state.progress ? { longRun: { paused: state.progress.paused } } : {}),
    ...(!busy && offersTakeBack(state) ? { takeBack: true } : {}),
    ...(userCommands ? { userCommands: userCommandsScan(userCommands.state) } : {}),
    ...(settingsForm?.state.draft ? { settings: { fields: settingsScanFields(settingsForm.state.draft), changed: settingsForm.state.changed } } : {}),
  });
  const perform = (action: ScanAction): void => {
    switch (action.kind) {
      case 'confirm':
      case 'cancel':
        if (confirmation) confirm(confirmation.id, action.kind);
        return;
      case 'stop':
        void api.stop();
        return;
      case 'run':
        void send(action.command);
        return;
      case 'mark':
        // The core counts the click as a pick of this app's element (src/core/scan-picks.ts).
        void send(`click ${action.id}`);
        return;
      case 'scan_rate':
        if (action.step === 'use') scanRate?.accept();
        else scanRate?.dismiss();
        return;
      case 'user_commands': {
        const listed = userCommands?.state.view?.commands[action.index];
        if (action.step === 'close') userCommands?.close();
        else if (action.step === 'keep') userCommands?.state.setPending(undefined);
        else if (listed && action.step === 'ask') userCommands?.state.setPending({ kind: 'delete', entry: listed });
        else if (listed && action.step === 'delete') void userCommands?.state.remove(listed);
        return;
      }
      case 'settings': {
        if (action.step === 'open') return openSettings();
        if (!settingsForm) return;
        const { state: form, close } = settingsForm;
        if (action.step === 'close') close();
        else if (action.step === 'save') void form.save();
        else if (action.step === 'change' && form.draft) form.setDraft(applySettingsChange(form.draft, action.change));
        return;
      }
      case 'voice': {
        const steps = { listen: voice.listen, finish: voice.finish, run: voice.run, cancel: voice.cancel, stop_listening: voice.stopListening } as const;
        steps[action.step]();
        return;
      }
    }
  };
  const switchState = useSwitch({
    settings: settings?.switchAccess,
    tree,
    perform,
    stop: () => {
      void api.stop();
      announce(busy ? 'Stopped: you held the switch.' : 'You held the switch to stop, but nothing was running.');
    },
    onShellSignal: api.onShellSignal,
    // A confirmation, or a question offered to the switch: a press too soon after it appears does nothing (issue #27).
    question: confirmation
      ? `confirmation ${confirmation.id}`
      : !busy && question
        ? `question ${question.id}`
        : userCommands?.state.pending?.kind === 'delete'
          ? `delete ${userCommands.state.pending.entry.say}`
          : undefined,
    announce,
    ...(onCount ? { onCount } : {}),
    ...(scanRate ? { onReaction: scanRate.noteReaction } : {}),
  });

  // The numbers the switch highlights are highlighted in the overlay too (a row, or one number).
  // Sent when they change, not at every render: the ids as a string, which the effect reads back.
  const litKey = (overlay ? markIds(currentNode(tree, switchState.cursor), switchState.scanning) : []).join(',');
  useEffect(() => {
    if (!overlay) return;
    const lit = litKey === '' ? [] : litKey.split(',').map(Number);
    void api.highlightNumbers(lit).catch(() => undefined);
  }, [api, litKey, overlay]);

  return { tree, switchState };
}

/** What the scan needs of "Your commands": the phrases as listed and the delete question that is open. */
function userCommandsScan(state: UserCommandsState): { readonly phrases: readonly string[]; readonly asking?: number } {
  const commands = state.view?.commands ?? [];
  const pending = state.pending;
  const asking = pending?.kind === 'delete' ? commands.indexOf(pending.entry) : -1;
  return { phrases: commands.map((c) => c.say), ...(asking >= 0 ? { asking } : {}) };
}
