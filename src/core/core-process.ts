/**
 * The assistant's core as it runs in its own process (Electron's utilityProcess): the panel's
 * session (settings, keys, the connection test, the permission preflight) over one AssistantLoop,
 * answering main over the RPC link. Framework-free: tests run it over a worker_threads MessageChannel.
 *
 * What cannot live here is asked of main: permissions (macOS systemPreferences and shell exist only
 * in Electron's main process). What main cannot do is asked of the core: the accessibility bridge's
 * permission (the bridge is loaded here, never in main).
 */
import { AssistantLoop, type PlannerFactory } from '../agent/assistant-loop.js';
import { AuditLog } from '../agent/audit-log.js';
import { settingsVision } from '../compose/vision.js';
import { DiagnosticsLog } from '../agent/diagnostics-log.js';
import type { SecretStore } from '../config/secret-store.js';
import { createSettingsStore, type Settings } from '../config/settings.js';
import type { EngineApi } from '../registry/dispatch.js';
import { KEYED_PROVIDERS, type KeyedProvider } from '../shared/llm-providers.js';
import type { PermissionChecker } from '../shared/permissions.js';
import type { AssistantEvent } from '../shared/contracts/events.js';
import { corePeer, type BridgePermission, type ContractPeer, type CoreAnswers, type ShellAnswers } from '../shared/contracts/core-contract.js';
import type { MessageLink } from '../shared/contracts/core-rpc.js';
import { overlayView, tapObservations } from './overlay-marks.js';
import { ScanPicks } from './scan-picks.js';
import { readScanPicks, writeScanPicks } from '../config/scan-picks-file.js';
import { PanelSession } from './panel-session.js';
import { keysSavedForSettings } from '../compose/provider-keys.js';
import { composeSpeechEngine, installedWhisperEngine, type SpeechComposeOptions } from '../compose/speech.js';
import { followUserCommands, hintVocabulary } from '../compose/user-commands.js';
import type { SpokenFeedback } from '../voice/spoken-feedback.js';
import type { SwitchKeyHold } from '../execution/input/switch-keys.js';
import { createSileroVad, type VoiceActivityDetector } from '../voice/vad.js';
import { ListeningSession } from './listening-session.js';
import type { AxBridge } from '../execution/accessibility/ax-bridge.js';
import { desktopGridAreas, inputScreenArea } from './grid-areas.js';
import { speakEvents } from './voice-feedback.js';
import { VoiceSession, observationVocabulary } from './voice-session.js';

export interface CoreOptions {
  readonly link: MessageLink;
  readonly settingsDir: string;
  readonly auditDir: string;
  readonly secrets: SecretStore;
  readonly engine: EngineApi;
  /** Builds the LLM planner at send time from the saved settings and key. */
  readonly planner: PlannerFactory;
  /** The accessibility bridge's permission, for main's Linux permission check. */
  readonly bridgePermission: (deadlineMs: number) => Promise<BridgePermission>;
  /** Speech to text (issue #8): where models are kept, how they are fetched. Without it voice says it is unavailable. */
  readonly speech?: Omit<SpeechComposeOptions, 'secrets'>;
  /** Reads results and questions aloud when the settings turn spoken feedback on. */
  readonly feedback?: SpokenFeedback;
  /** The switch keys held system-wide while switch access is on and the panel does not have the focus. */
  readonly switchKeys?: SwitchKeyHold;
  /** The voice detector for continuous listening (Silero VAD by default). */
  readonly createDetector?: () => Promise<VoiceActivityDetector>;
  /** Reads the front window's rectangle for "grid on the window" (the accessibility bridge); without it only the screen's grid is offered. */
  readonly gridBridge?: Pick<AxBridge, 'snapshot' | 'listWindows'>;
  /** Where a message off the contract is reported, in a sentence (default: stderr, which main inherits). */
  readonly log?: (line: string) => void;
  /** Main started this core again after the last one ended unexpectedly: it says it is back. */
  readonly restarted?: boolean;
}

export interface RunningCore {
  readonly peer: ContractPeer<CoreAnswers, ShellAnswers>;
  readonly session: PanelSession;
  /** What the predictive scan knows (scan-picks.ts): `settled()` once the kept picks are read and written. */
  readonly picks: Pick<ScanPicks, 'settled'>;
}

const RESTARTED = 'The assistant is running again after it stopped unexpectedly: give your command again.';

const isKeyed = (provider: string): provider is KeyedProvider => (KEYED_PROVIDERS as readonly string[]).includes(provider);

export async function startCore(options: CoreOptions): Promise<RunningCore> {
  // The link listens at once, before anything is awaited: a request that arrives while the session
  // is being built waits for it instead of being lost.
  let sessionReady: (session: PanelSession) => void = () => undefined;
  const ready = new Promise<PanelSession>((resolve) => {
    sessionReady = resolve;
  });
  const log = options.log ?? ((line: string) => console.error(line));
  const peer = corePeer(
    options.link,
    {
      'panel:request': async (channel, args) => (await ready).handle(channel, args),
      'bridge:permission': (deadlineMs) => options.bridgePermission(deadlineMs),
      'switch:hold': async (keys) => {
        if (!options.switchKeys) return { held: [], problems: [], unavailable: 'this assistant was started without its key grab' };
        return options.switchKeys.hold(keys);
      },
    },
    log,
  );
  // Each press and release of a held switch key goes to main, which hands it to the panel.
  options.switchKeys?.onKey((report) => peer.notify('switch:key', report));

  const settingsStore = createSettingsStore({ dir: options.settingsDir });
  // The gate and the confidence policy follow the settings the user saves in the panel.
  const loaded = await settingsStore.load();
  let current: Settings = loaded.settings;
  const policy = {
    get confirmModerate() {
      return current.confirmModerate;
    },
  };
  const confidence = {
    get reject() {
      return current.confidence.reject;
    },
    get warn() {
      return current.confidence.warn;
    },
  };

  // Keys the audit log must never contain, in whatever text they turn up.
  const keys = new Set<string>();
  const planner: PlannerFactory = async () => {
    const availability = await options.planner();
    const provider = current.provider;
    if (availability.kind === 'ready' && isKeyed(provider)) {
      const key = await options.secrets.getKey(provider);
      if (key.found) keys.add(key.key);
    }
    return availability;
  };
  const audit = new AuditLog({ dir: options.auditDir, secrets: () => [...keys] });
  // Errors and timings of each run, no text of the user's or the screen's (doctor --report attaches it).
  const diagnostics = new DiagnosticsLog({ dir: options.auditDir, secrets: () => [...keys] });
  diagnostics.note('core', 'started');
  for (const notice of loaded.notices) diagnostics.note('settings', notice.code);

  const permissions: PermissionChecker = {
    check: (kinds) => peer.call('permissions:check', kinds ? [...kinds] : undefined),
    openSettings: (kind) => peer.call('permissions:open-settings', kind),
  };

  // The overlay draws the observation the engine made last ("show numbers"); the user's picks rank its numbers for the scan.
  const observed = tapObservations(options.engine);
  const picks = new ScanPicks({
    read: () => readScanPicks(options.settingsDir),
    write: (kept) => writeScanPicks(options.settingsDir, kept),
    enabled: () => current.switchAccess.enabled,
    latest: observed.latest,
  });
  const engine = picks.tap(observed.engine);
  // Read before the first "show numbers" can ask (one small file; a problem reads as no picks).
  await picks.settled();
  // Whether dictation is on, asked of the session made below (voice is made first, and asks later).
  let dictating = (): boolean => false;
  // A confirmation or a question waits for the user (issue #27): the loop's confirm callback is open,
  // or its memory holds a question. Read from the loop the session builds below.
  let asking = 0;
  let loop: AssistantLoop | undefined;
  const questionWaiting = (): boolean => asking > 0 || loop?.memory.pending !== undefined;
  const speech = options.speech;
  // Continuous listening pauses while the assistant speaks, so its own voice is never a command; it
  // holds the sleep state, and while it sleeps checks each utterance for the wake phrase through the voice session.
  const feedback = options.feedback;
  const listening: ListeningSession | undefined = speech
    ? new ListeningSession({
        createDetector: options.createDetector ?? (() => createSileroVad()),
        speaking: () => feedback?.speaking() ?? false,
        settings: async () => current,
        wakeTranscript: async (pcm, mayBeWake) => voice?.wakeTranscript(pcm, mayBeWake) ?? { sent: 'not_sent' },
      })
    : undefined;
  const voice: VoiceSession | undefined = speech
    ? new VoiceSession({
        settings: async () => current,
        createEngine: (settings, run) => composeSpeechEngine(settings, { ...speech, secrets: options.secrets }, run),
        // Dictation is free text: the screen's labels would pull the recogniser towards them (the user's own words stay).
        vocabulary: (): readonly string[] => hintVocabulary(userCommands.current.vocabulary, dictating() ? [] : observationVocabulary(observed.latest())),
        questionWaiting,
        listening: () => listening,
        localWakeEngine: (settings) => installedWhisperEngine(settings, speech),
      })
    : undefined;
  const speak = options.feedback
    ? speakEvents(
        options.feedback,
        () => current.spokenFeedback,
        () => current.language,
      )
    : undefined;
  // One emitter for the loop and for the session (a command stopped before the loop ran ends the same way).
  const emit = (event: AssistantEvent): void => {
    peer.notify('assistant:event', event);
    picks.observe(event);
    speak?.(event);
    diagnostics.observe(event);
  };
  // The user's own commands (commands.json): followed, so an edit applies to the next command.
  const userCommands = await followUserCommands(options.settingsDir, emit);
  const session = new PanelSession({
    latestObservation: observed.latest,
    numbersView: (observation) => {
      const view = overlayView(observation);
      const ranked = picks.ranking(view);
      return ranked ? { ...view, ranked } : view;
    },
    recordEffort: (record) => audit.appendEffort(record),
    emit,
    ...(voice ? { voice } : {}),
    ...(listening ? { listening } : {}),
    createLoop: (confirm) =>
      (loop = new AssistantLoop({
        engine,
        emit,
        // Counted while open, so the voice session knows a question waits.
        confirm: async (request, signal) => {
          asking++;
          try {
            return await confirm(request, signal);
          } finally {
            asking--;
          }
        },
        planner,
        audit,
        policy,
        // "Forget my choices" (issue #31): the scan's picks, of the app in front or of all.
        scanChoices: picks,
        confidence,
        userCommands,
        // A long run asks to go on after this many steps; a pause lasts as long as a question waits (issue #32).
        stepBudget: () => current.stepBudget,
        // The grammar reads commands in the chosen language, read at each plan (issue #32 item 6).
        language: () => current.language,
        pauseLimitMs: () => current.confirmTimeoutSeconds * 1000,
        // Pictures of the screen (issue #29 item 4), where the saved settings let them go; read through the same bridge.
        ...(options.gridBridge
          ? { vision: settingsVision(settingsStore, options.secrets, { bridge: options.gridBridge, env: process.env, ownPids: [process.pid, process.ppid] }) }
          : {}),
      })),
    userCommandPhrases: () => userCommands.current.commands,
    userCommands,
    confirmTimeoutMs: () => current.confirmTimeoutSeconds * 1000,
    language: () => current.language,
    // The mouse grid (issue #29): the screen as the input library sees it, the front window from its snapshot.
    gridAreas: options.gridBridge
      ? desktopGridAreas({ bridge: options.gridBridge, engine: observed.engine })
      : { screen: () => inputScreenArea(), frontWindow: async () => 'The front window cannot be read in this version: say “show grid” for the whole screen.' },
    gridSize: () => current.mouseGridCells,
    settings: settingsStore,
    // A key saved in the panel is for the base URL in the saved settings (issue #13).
    secrets: keysSavedForSettings(settingsStore, options.secrets),
    permissions,
    planner,
    onSettingsSaved: (saved) => {
      current = saved;
      peer.notify('settings:saved', saved);
    },
  });
  dictating = () => session.dictating;
  sessionReady(session);
  // In the panel and, with spoken feedback on, aloud: the user may not be looking at the screen.
  if (options.restarted) emit({ type: 'error', code: 'core_restarted', message: RESTARTED, retryable: true });
  return { peer, session, picks };
}
