/**
 * Pictures of the screen for the loop (issue #29 item 4), composed from the settings at send time:
 * where a picture may go (`screenPictures`: off, local — the default — or cloud), the model that
 * takes it (`visionModel`, else qwen2.5vl on Ollama and the planner's own model elsewhere), and the
 * picture itself (the desktop's bridge, the display, the assistant's own processes).
 *
 * "Local" is a planner on this computer: Ollama, or an OpenAI-compatible server, at a loopback
 * address. Anthropic, OpenAI's own service and any other address are cloud: a picture goes there
 * only when the user set `screenPictures` to cloud. The key goes as for any plan (composePlanner).
 */
import type { PlannerAvailability, PlannerFactory, VisionDeps } from '../agent/loop-types.js';
import type { SecretStore } from '../config/secret-store.js';
import type { Settings, SettingsStore } from '../config/settings.js';
import { AxBridge } from '../execution/accessibility/ax-bridge.js';
import { takeWindowPicture } from '../execution/screen/window-picture.js';
import { DEFAULT_ANTHROPIC_BASE_URL, LLM_PROVIDER_NAMES, type LlmProvider } from '../shared/llm-providers.js';
import { DEFAULT_OLLAMA_VISION_MODEL, screenPictureLabel } from '../shared/screen-picture-options.js';
import { composePlanner, type ComposeOptions } from './planner-composer.js';

const SET_CLOUD = `To allow a cloud service, choose “${screenPictureLabel('cloud')}” under Pictures of the screen in Settings, or run \`assistive-control config set screenPictures cloud\`.`;

/** Whether a URL names this computer (a loopback address or localhost). */
export function isLoopbackUrl(url: string): boolean {
  let host: string;
  try {
    host = new URL(url).hostname.replace(/^\[|\]$/g, '').toLowerCase();
  } catch {
    return false;
  }
  return host === 'localhost' || host.endsWith('.localhost') || host === '::1' || /^127(?:\.\d{1,3}){3}$/.test(host);
}

/** The address a provider's requests go to under these settings. */
function addressOf(provider: LlmProvider, settings: Settings): string {
  return provider === 'ollama' ? settings.ollamaUrl : provider === 'openai' ? settings.openaiBaseUrl : DEFAULT_ANTHROPIC_BASE_URL;
}

/** Where a picture would go under these settings, or why none may be sent (a sentence the user can act on). */
export function pictureDestination(
  settings: Settings,
): { readonly ok: true; readonly provider: LlmProvider; readonly model: string; readonly local: boolean } | { readonly ok: false; readonly message: string } {
  if (settings.screenPictures === 'off')
    return {
      ok: false,
      message: `Pictures of the screen are off: to let a model on this computer look, choose “${screenPictureLabel('local')}” under Pictures of the screen in Settings, or run \`assistive-control config set screenPictures local\`.`,
    };
  if (settings.provider === 'grammar')
    return {
      ok: false,
      message: `Only offline commands are on, and a picture of the screen needs a model that takes images: choose Ollama in Settings and pull one (\`ollama pull ${DEFAULT_OLLAMA_VISION_MODEL}\`).`,
    };
  const provider = settings.provider;
  const local = provider !== 'anthropic' && isLoopbackUrl(addressOf(provider, settings));
  if (!local && settings.screenPictures !== 'cloud')
    return {
      ok: false,
      message: `Pictures of the screen go only to a model on this computer, and the planner is ${LLM_PROVIDER_NAMES[provider]} at ${new URL(addressOf(provider, settings)).host}. ${SET_CLOUD}`,
    };
  const model = settings.visionModel ?? (provider === 'ollama' ? DEFAULT_OLLAMA_VISION_MODEL : settings.models[provider]);
  return { ok: true, provider, model, local };
}

/** The planner for pictures, built at send time from the saved settings and key. */
export function settingsVisionPlanner(settings: Pick<SettingsStore, 'load'>, secrets: SecretStore, options: ComposeOptions = {}): PlannerFactory {
  return async (): Promise<PlannerAvailability> => {
    const { settings: s } = await settings.load();
    const where = pictureDestination(s);
    if (!where.ok) return { kind: 'none', message: where.message };
    const composed = await composePlanner({ provider: where.provider, model: where.model }, s, secrets, options);
    if (!composed.ok) return { kind: 'unavailable', code: composed.code, message: composed.message };
    return { kind: 'ready', planner: composed.planner, budgetMs: composed.budgetMs, confidence: composed.confidence };
  };
}

/** Pictures of the screen for the loop: the desktop's bridge takes them, the settings say where they may go. */
export function settingsVision(
  settings: Pick<SettingsStore, 'load'>,
  secrets: SecretStore,
  desktop: { readonly bridge: Pick<AxBridge, 'snapshot'>; readonly env: NodeJS.ProcessEnv; readonly ownPids: readonly number[] },
): VisionDeps {
  return {
    picture: (pid, observation) => takeWindowPicture(desktop, { pid, observation }),
    planner: settingsVisionPlanner(settings, secrets),
  };
}

/** The same for a front end without a bridge of its own (the command line): the addon is opened at the first picture. */
export function lazyDesktopVision(settings: Settings, secrets: SecretStore, env: NodeJS.ProcessEnv, options: ComposeOptions = {}): VisionDeps {
  let bridge: AxBridge | undefined;
  const snapshot: AxBridge['snapshot'] = (o) => (bridge ??= AxBridge.open()).snapshot(o);
  return {
    picture: (pid, observation) => takeWindowPicture({ bridge: { snapshot }, env, ownPids: [process.pid] }, { pid, observation }),
    planner: settingsVisionPlanner({ load: async () => ({ settings, notices: [], path: '' }) }, secrets, options),
  };
}
