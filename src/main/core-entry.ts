/**
 * The core process's entry (bundled to out/main/core/core-process.cjs; the shell forks it with
 * utilityProcess.fork): the real keychain, the real engine (the accessibility addon is loaded here,
 * never in Electron's main process), the audit log, all behind startCore.
 */
import { homedir } from 'node:os';
import type { ParentPort } from 'electron';
import type { PlannerFactory } from '../agent/assistant-loop.js';
import { defaultAuditDir } from '../agent/audit-log.js';
import { createSecretStore, napiKeyringBackend } from '../config/secret-store.js';
import { settingsDir } from '../config/settings-path.js';
import { AxBridge } from '../execution/accessibility/ax-bridge.js';
import { ExecutionEngine } from '../execution/engine.js';
import { createNutInputDriver } from '../execution/input/input-driver.js';
import { failure } from '../execution/results.js';
import type { EngineApi } from '../registry/dispatch.js';
import type { MessageLink } from './core-rpc.js';
import { startCore } from './core-process.js';

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

/** The engine, or — when the addon cannot load — an engine whose every action says why, in a sentence. */
function openEngine(bridge: AxBridge | Error): EngineApi {
  if (!(bridge instanceof Error)) return new ExecutionEngine({ bridge, input: createNutInputDriver({ env: process.env }) });
  const result = failure('no_accessibility', `The accessibility bridge could not start: ${bridge.message}`);
  return new Proxy({} as EngineApi, { get: () => async () => result });
}

/**
 * NOT the final planner: the LLM planners are composed by src/cli/planner-composer.ts, which this
 * layer may not import (docs/decisions.md, issue #7). Until it moves to a layer both front ends can
 * import, the app plans with the offline grammar only and says so.
 */
const offlinePlanner: PlannerFactory = async () => ({
  kind: 'unavailable',
  code: 'not_connected',
  message: 'The app cannot use an AI planner yet: only offline commands such as “click Send” or “scroll down” work in the panel. The command line (`assistive-control run`) uses the AI planner you chose.',
});

const port = process.parentPort;
if (!port) throw new Error('The core process must be started by the Assistive Control app (utilityProcess.fork).');

let bridge: AxBridge | Error;
try {
  bridge = AxBridge.open();
} catch (e) {
  bridge = e instanceof Error ? e : new Error(String(e));
}

startCore({
  link: parentLink(port),
  settingsDir: settingsDir({ platform: process.platform, env: process.env, homedir: homedir() }),
  auditDir: defaultAuditDir(process.platform, process.env, homedir()),
  secrets: createSecretStore({ backend: napiKeyringBackend(), env: process.env, platform: process.platform }),
  engine: openEngine(bridge),
  planner: offlinePlanner,
  bridgePermission: async (deadlineMs) => {
    if (bridge instanceof Error) return { state: 'unavailable', detail: bridge.message };
    return bridge.permission({ deadlineMs });
  },
}).catch((e: unknown) => {
  // Main sees the exit, tells the panel and starts the core again.
  console.error(`The assistant's core could not start: ${e instanceof Error ? e.message : String(e)}`);
  process.exit(1);
});
