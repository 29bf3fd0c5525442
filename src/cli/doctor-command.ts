/**
 * `assistive-control doctor [--json]`: is this machine ready, and if not, what exactly to do.
 *
 * Each check answers ok, problem (with a fix the user can act on) or not applicable, within its own
 * deadline, and all checks run at once: a dead network, a frozen app holding the accessibility bus
 * or a keychain waiting for an unlock prompt cannot make the doctor itself hang. Keys are never
 * printed, and sent only where `decideKeyUse` lets them go (issue #13). The planner checks ask each
 * provider's model list through its official SDK (`src/providers/probe.ts`): free, never a
 * message (which costs tokens), and the key goes as the planner sends it.
 */
import { readdirSync } from 'node:fs';
import { homedir } from 'node:os';
import { AxBridge } from '../execution/accessibility/ax-bridge.js';
import type { PermissionStatus } from '../execution/accessibility/types.js';
import { isWaylandSession, XORG_SESSION_FIX } from '../shared/display-session.js';
import { createNutInputDriver, displayProblem } from '../execution/input/input-driver.js';
import { createSecretStore, napiKeyringBackend } from '../config/secret-store.js';
import { settingsDir } from '../config/settings-path.js';
import { createSettingsStore } from '../config/settings.js';
import type { CliCommand, CliIo } from './cli-io.js';
import { writeReport } from './doctor-report.js';
import { EXIT } from './exit-codes.js';
import { parseCommandArgs } from './parse-command-args.js';
import { checkAnthropic, checkKey, checkOllama, checkOpenAi } from './doctor-planners.js';
import type { CheckResult, CheckStatus, DoctorDeps } from './doctor-types.js';
import { errorMessage } from '../shared/errors.js';
import { withDeadline } from '../shared/deadline.js';

const USAGE = `Usage: assistive-control doctor [--json] [--report [FILE]]

Checks what Assistive Control needs on this machine: accessibility, the display and input, the
keychain, the AI planner's server and model, the microphone. Each problem comes with its fix.
  --json     print the checks as one JSON object
  --report   also write a report to attach to a bug report (to FILE, or a dated file in this
             folder): the checks, the settings and the diagnostics log's errors and timings;
             never an API key, a command or text from the screen

Exit codes: 0 everything is ready, 1 at least one problem.`;

export type { CheckResult, CheckStatus, DoctorDeps } from './doctor-types.js';

const DEFAULT_DEADLINE_MS = 2500;
/** The keychain may wait for an unlock prompt; the doctor only asks whether a key is there. */
const KEYCHAIN_TIMEOUT_MS = 2000;

export const defaultDoctorDeps: DoctorDeps = {
  services: (io) => {
    const env = io.env ?? process.env;
    const dir = settingsDir({ platform: process.platform, env, homedir: homedir() });
    return {
      settings: createSettingsStore({ dir }),
      secrets: createSecretStore({ backend: napiKeyringBackend(), env, platform: process.platform, timeoutMs: KEYCHAIN_TIMEOUT_MS }),
      env,
    };
  },
  accessibility: (deadlineMs) => AxBridge.open().permission({ deadlineMs }),
  input: async (env) => {
    // nut-js crashes the process without a display: it is loaded only after this check passes.
    const problem = await displayProblem(env, process.platform);
    if (problem) return { problem };
    return { pointer: await createNutInputDriver({ env }).pointer() };
  },
  fetch: (input, init) => fetch(input, init),
  platform: process.platform,
};

class Late extends Error {}

/** The check's result, or a problem saying it did not answer in time. */
async function checkWithin(ms: number, id: string, title: string, check: (signal: AbortSignal) => Promise<CheckResult>): Promise<CheckResult> {
  const controller = new AbortController();
  try {
    return await withDeadline(check(controller.signal), { deadlineMs: ms, late: () => new Late(), giveUp: () => controller.abort(), unref: true });
  } catch (e) {
    if (e instanceof Late || controller.signal.aborted) {
      return { id, title, status: 'problem', detail: `No answer within ${ms / 1000} s.`, fix: fixForLate(id) };
    }
    const text = errorMessage(e);
    return { id, title, status: 'problem', detail: text, fix: 'Run the doctor again; if this stays, report it with this message.' };
  }
}

function fixForLate(id: string): string {
  if (id === 'accessibility')
    return 'An application may be frozen and holding up the accessibility bus: close the app that does not respond, then run the doctor again.';
  if (id === 'keychain') return 'The keychain may be waiting for you to unlock it: unlock it (log in again), then run the doctor again.';
  if (id === 'input') return 'The display did not answer: start Assistive Control from inside your desktop session.';
  return 'The server did not answer in time: check that it is running and reachable, then run the doctor again.';
}

async function checkAccessibility(deps: DoctorDeps, deadlineMs: number): Promise<CheckResult> {
  const id = 'accessibility';
  const title = deps.platform === 'darwin' ? 'Accessibility permission' : 'Accessibility (AT-SPI bus)';
  let status: PermissionStatus;
  try {
    status = await deps.accessibility(deadlineMs);
  } catch (e) {
    // The bridge's own sentences (not built → how to build it; unsupported platform) are the fix.
    const text = errorMessage(e);
    return { id, title, status: 'problem', detail: 'The accessibility bridge cannot start.', fix: text };
  }
  if (status.state === 'granted') {
    return {
      id,
      title,
      status: 'ok',
      detail: deps.platform === 'darwin' ? 'Assistive Control may control other apps.' : 'The accessibility bus answers and desktop accessibility is on.',
    };
  }
  return {
    id,
    title,
    status: 'problem',
    detail: status.state === 'denied' ? 'Accessibility is not allowed.' : 'Accessibility is not available.',
    fix: status.detail,
  };
}

async function checkInput(io: CliIo, deps: DoctorDeps): Promise<CheckResult> {
  const id = 'input';
  const title = 'Display and input synthesis';
  const env = io.env ?? process.env;
  const answer = await deps.input(env);
  // XWayland sets DISPLAY and answers, but only for the apps that run under it.
  if (deps.platform === 'linux' && isWaylandSession(env)) {
    const detail =
      'problem' in answer
        ? `This is a Wayland session without a working XWayland (${env.DISPLAY ? `the display ${env.DISPLAY} does not answer` : 'DISPLAY is not set'}), so mouse and keyboard input reaches no app and no window can be brought to the front. Reading apps through accessibility (AT-SPI) still works.`
        : `This is a Wayland session. Mouse and keyboard input reaches only the apps that run under XWayland (its X server answered; the pointer is at ${Math.round(answer.pointer.x)}, ${Math.round(answer.pointer.y)}): for them, typing, clicking and bringing a window to the front go through X11, and "xlsclients" lists them. Native Wayland apps (most GNOME and KDE apps) receive no synthesized input and cannot be brought to the front; reading them through accessibility (AT-SPI) still works.`;
    return { id, title, status: 'problem', detail, fix: XORG_SESSION_FIX };
  }
  if ('problem' in answer) return { id, title, status: 'problem', detail: 'Mouse and keyboard input cannot be sent.', fix: answer.problem };
  return {
    id,
    title,
    status: 'ok',
    detail: `Mouse and keyboard input can be sent (the pointer is at ${Math.round(answer.pointer.x)}, ${Math.round(answer.pointer.y)}).`,
  };
}

/** ALSA's capture devices ("pcmC0D0c"): every Linux sound stack (PipeWire, PulseAudio) records through one. */
function alsaCaptureDevices(): readonly string[] {
  try {
    return readdirSync('/dev/snd').filter((name) => /^pcmC\d+D\d+c$/.test(name));
  } catch {
    return [];
  }
}

function checkMicrophone(platform: NodeJS.Platform, voiceOn: boolean, captureDevices: () => readonly string[]): CheckResult {
  const title = 'Microphone';
  if (platform === 'darwin') {
    // macOS grants the microphone per app: asked from a terminal, it would answer for the terminal.
    return {
      id: 'microphone',
      title,
      status: 'not_applicable',
      detail: `macOS grants the microphone to each app: Assistive Control asks the first time you press Listen, and System Settings › Privacy & Security › Microphone shows its answer. Voice is ${voiceOn ? 'on' : 'off'}.`,
    };
  }
  if (platform !== 'linux') return { id: 'microphone', title, status: 'not_applicable', detail: 'Not checked on this system.' };
  const devices = captureDevices();
  if (devices.length > 0)
    return {
      id: 'microphone',
      title,
      status: 'ok',
      detail: `Linux asks no permission for the microphone; ${devices.length} sound capture device${devices.length === 1 ? ' was' : 's were'} found (${devices.slice(0, 3).join(', ')}).`,
    };
  if (!voiceOn) return { id: 'microphone', title, status: 'not_applicable', detail: 'No sound capture device was found; voice is off, so none is needed.' };
  return {
    id: 'microphone',
    title,
    status: 'problem',
    detail: 'Voice is on, but no sound capture device was found (nothing in /dev/snd records sound).',
    fix: 'Connect a microphone or headset (check that "arecord -l" lists it), or turn voice off in Settings → Voice.',
  };
}

/** Runs every check at once, each within its deadline. */
export async function runChecks(io: CliIo, deps: DoctorDeps): Promise<CheckResult[]> {
  const ms = deps.deadlineMs ?? DEFAULT_DEADLINE_MS;
  const env = io.env ?? process.env;
  const services = deps.services(io);
  const { settings } = await services.settings.load();
  const providerCheck = (signal: AbortSignal): Promise<CheckResult> => {
    switch (settings.provider) {
      case 'ollama':
        return checkOllama(deps, settings, signal);
      case 'openai':
        return checkOpenAi(deps, services, settings, signal);
      case 'anthropic':
        return checkAnthropic(deps, services, env, signal);
      default:
        return Promise.resolve({
          id: 'provider',
          title: 'AI planner',
          status: 'not_applicable',
          detail: 'No AI planner is chosen: only the offline grammar plans commands.',
        });
    }
  };
  return Promise.all([
    checkWithin(ms, 'accessibility', 'Accessibility', () => checkAccessibility(deps, ms)),
    checkWithin(ms, 'input', 'Display and input synthesis', () => checkInput(io, deps)),
    checkWithin(ms, 'keychain', 'Keychain: Anthropic key', () => checkKey(services, settings, 'anthropic')),
    checkWithin(ms, 'keychain', 'Keychain: OpenAI-compatible server key', () => checkKey(services, settings, 'openai')),
    checkWithin(ms, 'provider', `AI planner: ${settings.provider}`, providerCheck),
    Promise.resolve(checkMicrophone(deps.platform, settings.voice.enabled, deps.captureDevices ?? alsaCaptureDevices)),
  ]);
}

const MARK: Readonly<Record<CheckStatus, string>> = { ok: 'ok     ', problem: 'PROBLEM', not_applicable: 'n/a    ' };

export function createDoctorCommand(deps: DoctorDeps): CliCommand {
  return {
    name: 'doctor',
    usage: USAGE,
    async run(args, io) {
      const parsed = parseCommandArgs(args, io, USAGE, { report: { type: 'boolean', default: false } });
      if ('exit' in parsed) return parsed.exit;
      if (parsed.positionals.length > (parsed.values.report ? 1 : 0)) {
        io.stderr.write(`doctor takes no arguments${parsed.values.report ? ' but the report file' : ''}.\n\n${USAGE}\n`);
        return EXIT.usage;
      }
      const checks = await runChecks(io, deps);
      const ok = checks.every((c) => c.status !== 'problem');
      if (parsed.values.json) {
        io.stdout.write(`${JSON.stringify({ ok, checks })}\n`);
      } else {
        for (const c of checks) {
          io.stdout.write(`${MARK[c.status]}  ${c.title}: ${c.detail}\n`);
          if (c.fix) io.stdout.write(`         Fix: ${c.fix}\n`);
        }
        io.stdout.write(ok ? 'Everything Assistive Control needs is ready.\n' : 'Fix the problems above, then run "assistive-control doctor" again.\n');
      }
      // After the checks are shown, so the line that says where the report is comes last.
      if (parsed.values.report) {
        const file = parsed.positionals[0];
        try {
          const path = await writeReport({
            io,
            services: deps.services(io),
            checks,
            platform: deps.platform,
            ...(deps.stateDir ? { stateDir: deps.stateDir } : {}),
            ...(file ? { file } : {}),
          });
          io.stderr.write(`Wrote the report to ${path}. Attach it to your bug report: it holds no API key, no command and no text from your screen.\n`);
        } catch (e) {
          io.stderr.write(
            `The report could not be written (${(e as NodeJS.ErrnoException).code ?? 'error'}): give a file in a folder you can write to, for example: assistive-control doctor --report ~/report.txt\n`,
          );
          return EXIT.failed;
        }
      }
      return ok ? EXIT.ok : EXIT.failed;
    },
  };
}

export const doctorCommand = createDoctorCommand(defaultDoctorDeps);
