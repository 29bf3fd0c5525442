/**
 * The core process's entry (bundled to out/main/core/core-process.cjs; the shell forks it with
 * utilityProcess.fork): the real keychain, the real engine (the accessibility addon is loaded here,
 * never in Electron's main process), the audit log, all behind startCore.
 */
import { homedir } from 'node:os';
import { defaultAuditDir } from '../agent/audit-log.js';
import { createSecretStore, napiKeyringBackend } from '../config/secret-store.js';
import { settingsDir } from '../config/settings-path.js';
import { createSettingsStore } from '../config/settings.js';
import { AxBridge } from '../execution/accessibility/ax-bridge.js';
import type { ExecutionEngine } from '../execution/engine.js';
import { SwitchKeyHold } from '../execution/input/switch-keys.js';
import { openUserKeySource } from '../execution/accessibility/user-keys.js';
import { switchKeysLeftOut, UserKeyWatch } from '../execution/input/user-key-stop.js';
import { createDesktopEngine, openDesktopEngine } from '../compose/desktop-engine.js';
import { settingsPlanner } from '../compose/settings-planner.js';
import { speechModelsDir } from '../compose/speech.js';
import { createSpokenFeedback } from '../voice/spoken-feedback.js';
import type { MessageLink } from '../shared/contracts/core-rpc.js';
import { CORE_RESTARTS_ENV } from '../shared/contracts/core-contract.js';
import { startCore } from './core-process.js';
import { errorMessage } from '../shared/errors.js';

/** What the core needs of Electron's `process.parentPort` (typed here: the core never imports electron). */
interface ParentPort {
  postMessage(message: unknown): void;
  on(event: 'message', listener: (event: { data: unknown }) => void): unknown;
  off(event: 'message', listener: (event: { data: unknown }) => void): unknown;
}

function parentLink(port: ParentPort): MessageLink {
  return {
    post: (message) => port.postMessage(message),
    onMessage: (listener) => {
      const onMessage = (event: { data: unknown }): void => listener(event.data);
      port.on('message', onMessage);
      return () => port.off('message', onMessage);
    },
  };
}

const port: ParentPort | undefined = process.parentPort;
if (!port) throw new Error('The core process must be started by the Assistive Control app (utilityProcess.fork).');

let bridge: AxBridge | Error;
try {
  bridge = AxBridge.open();
} catch (e) {
  bridge = e instanceof Error ? e : new Error(String(e));
}

// Made now, not at the first command: it follows from the start which app the user was in before
// the panel. The panel's windows belong to Electron's main process, this process's parent.
// The switch keys main asks the core to hold while switch access is on; the engine lets go of them
// while it types them itself.
// A key the user presses while the engine sends input stops it (issue #31); the switch keys are not
// the user's taking over.
const userKeySource = bridge instanceof Error ? undefined : openUserKeySource();
const leftOut = bridge instanceof Error || !userKeySource ? undefined : switchKeysLeftOut(bridge, userKeySource);
const switchKeys = bridge instanceof Error ? undefined : new SwitchKeyHold(leftOut?.grabber ?? bridge);
const userKeys = userKeySource ? new UserKeyWatch(userKeySource, leftOut?.ignored) : undefined;
let engine: ExecutionEngine | Error;
if (bridge instanceof Error) engine = bridge;
else {
  try {
    engine = createDesktopEngine(process.env, {
      bridge,
      ownPids: [process.pid, process.ppid],
      ...(switchKeys ? { switchKeys } : {}),
      ...(userKeys ? { userKeys } : {}),
    });
  } catch (e) {
    engine = e instanceof Error ? e : new Error(String(e));
  }
}

const dir = settingsDir({ platform: process.platform, env: process.env, homedir: homedir() });
const secrets = createSecretStore({ backend: napiKeyringBackend(), env: process.env, platform: process.platform });

startCore({
  link: parentLink(port),
  settingsDir: dir,
  auditDir: defaultAuditDir(process.platform, process.env, homedir()),
  secrets,
  // When the addon cannot load, every action says why in a sentence (the same engine as the CLI's).
  engine: openDesktopEngine(
    process.env,
    () => {
      if (engine instanceof Error) throw engine;
      return engine;
    },
    { beforeAction: () => userKeys?.begin() },
  ),
  // The saved provider, model and key, read at send time: a change in Settings applies to the next command.
  planner: settingsPlanner(createSettingsStore({ dir }), secrets),
  // Models download on first use into the OS's data folder; feedback follows the saved on/off and rate.
  speech: { modelsDir: speechModelsDir(process.platform, process.env, homedir()) },
  feedback: createSpokenFeedback({ enabled: false, rate: 175, onError: (e) => console.error(e.message) }),
  ...(switchKeys ? { switchKeys } : {}),
  restarted: Number(process.env[CORE_RESTARTS_ENV] ?? 0) > 0,
  ...(bridge instanceof Error ? {} : { gridBridge: bridge }),
  bridgePermission: async (deadlineMs) => {
    if (bridge instanceof Error) return { state: 'unavailable', detail: bridge.message };
    return bridge.permission({ deadlineMs });
  },
}).catch((e: unknown) => {
  // Main sees the exit, tells the panel and starts the core again.
  console.error(`The assistant's core could not start: ${errorMessage(e)}`);
  process.exit(1);
});
