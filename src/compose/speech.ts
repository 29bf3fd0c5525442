/**
 * Builds the speech-to-text engine from the saved voice settings, the way the planner composer
 * builds a planner: the local whisper.cpp engine with its model downloaded on first use (progress
 * reported), or an OpenAI-compatible transcription endpoint with the OpenAI key from the keychain
 * — sent only where `decideKeyUse` lets it go (issue #13).
 */
import { join } from 'node:path';
import type { SecretStore } from '../config/secret-store.js';
import type { Settings } from '../config/settings.js';
import { OFFICIAL_KEY_ORIGINS, httpOrigin } from '../config/key-destination.js';
import type { VoiceProgress } from '../shared/voice-settings.js';
import { WHISPER_MODELS, createModelManager, type ModelDownloadEvent, type ModelSpec, type WhisperModelName } from '../voice/model-manager.js';
import { SpeechError } from '../voice/speech-error.js';
import type { SpeechToText } from '../voice/speech-to-text.js';
import { createWhisperEngine, type WhisperBinding } from '../voice/whisper-engine.js';
import { VOICE_MODEL_SIZES } from '../shared/voice-settings.js';
import { keyForRequest } from './provider-keys.js';

export type VoiceSettings = Settings['voice'];

// Every size the settings offer is a model the manager knows (a compile error otherwise).
const _sizesKnown: Record<VoiceSettings['model'], unknown> = WHISPER_MODELS satisfies Record<WhisperModelName, unknown>;
void _sizesKnown;

export interface SpeechComposeOptions {
  /** Where downloaded models are kept (`speechModelsDir`). */
  readonly modelsDir: string;
  readonly secrets: Pick<SecretStore, 'getKey'>;
  /** Injected for tests: the models' host, its catalog and the fetch that reaches it, the whisper binding. */
  readonly modelBaseUrl?: string;
  readonly modelCatalog?: Readonly<Record<string, ModelSpec>>;
  readonly fetch?: typeof fetch;
  readonly binding?: WhisperBinding;
}

/** The OS's data folder for downloaded speech models (they are large, so not with the settings). */
export function speechModelsDir(platform: NodeJS.Platform, env: Readonly<Record<string, string | undefined>>, homedir: string): string {
  if (platform === 'darwin') return join(homedir, 'Library', 'Application Support', 'Assistive Control', 'models');
  if (platform === 'win32') return join(env.LOCALAPPDATA ?? join(homedir, 'AppData', 'Local'), 'Assistive Control', 'models');
  const xdg = env.XDG_DATA_HOME;
  return join(xdg && xdg.startsWith('/') ? xdg : join(homedir, '.local', 'share'), 'assistive-control', 'models');
}

/** Which engine these settings make: when it changes, the engine is built again. */
export function speechEngineKey(voice: VoiceSettings): string {
  return voice.engine === 'local' ? `local:${voice.model}` : `online:${voice.transcriptionUrl}`;
}

/** A model download as the panel shows it. */
export function downloadProgress(model: string, event: ModelDownloadEvent): VoiceProgress {
  switch (event.kind) {
    case 'start':
      return {
        message: `Downloading the speech model (${model}) once; it stays on this computer.`,
        percent: Math.floor((100 * event.resumedFromBytes) / Math.max(1, event.totalBytes)),
      };
    case 'progress':
      return {
        message: `Downloading the speech model (${model}): ${Math.floor((100 * event.receivedBytes) / Math.max(1, event.totalBytes))}%.`,
        percent: Math.floor((100 * event.receivedBytes) / Math.max(1, event.totalBytes)),
      };
    case 'verifying':
      return { message: `Checking the downloaded speech model (${model}).` };
    case 'ready':
      return { message: 'Loading the speech model.' };
  }
}

const KEY_ADVICE = 'Save the right key in Settings → API keys (OpenAI), or choose local speech recognition in Settings → Voice.';

/** The OpenAI-compatible transcriber for `baseURL`, with the saved key if it may go there. Throws a SpeechError sentence. */
async function onlineTranscriber(baseURL: string, options: SpeechComposeOptions): Promise<SpeechToText> {
  // A self-hosted whisper server usually needs no key: go without one rather than refuse.
  const keyOptional = httpOrigin(baseURL) !== OFFICIAL_KEY_ORIGINS.openai;
  const key = await keyForRequest(options.secrets, 'openai', baseURL, { setting: 'transcription address', ...(options.fetch ? { fetch: options.fetch } : {}) });
  if (key.kind === 'none' && !keyOptional) {
    throw new SpeechError(
      'auth',
      `Online speech recognition needs an OpenAI key. ${key.lookup.message} Or choose local speech recognition in Settings → Voice.`,
    );
  }
  if (key.kind === 'withheld' && !keyOptional) throw new SpeechError('auth', key.message);
  // The transcriber, and with it the OpenAI SDK, is loaded only when online recognition is chosen.
  const { createOpenAITranscriber } = await import('../voice/openai-transcriber.js');
  // The key travels only through the fetch that refuses any other server and every redirect.
  if (key.kind === 'send') return createOpenAITranscriber({ baseURL, apiKey: key.key, keyAdvice: KEY_ADVICE, fetch: key.fetch });
  const keyless = createOpenAITranscriber({ baseURL, keyAdvice: KEY_ADVICE, ...(options.fetch ? { fetch: options.fetch } : {}) });
  return key.kind === 'withheld' ? explainRefusalWithoutKey(keyless, baseURL, key.message) : keyless;
}

/** A keyless transcriber whose "key refused" errors say why the saved key was not sent. */
function explainRefusalWithoutKey(stt: SpeechToText, baseURL: string, withheld: string): SpeechToText {
  return {
    engine: stt.engine,
    async transcribe(pcm, opts) {
      try {
        return await stt.transcribe(pcm, opts);
      } catch (e) {
        if (e instanceof SpeechError && e.code === 'auth') {
          throw new SpeechError(
            'auth',
            `The transcription server at ${httpOrigin(baseURL) ?? baseURL} refused the recording without an API key. ${withheld}`,
            false,
          );
        }
        throw e;
      }
    },
    close: () => stt.close(),
  };
}

/**
 * The engine the settings ask for. Throws a SpeechError sentence when it cannot be built (no key
 * for OpenAI, a download that failed: it resumes next time).
 */
export async function composeSpeechEngine(
  voice: VoiceSettings,
  options: SpeechComposeOptions,
  run: { readonly signal?: AbortSignal; readonly onProgress?: (p: VoiceProgress) => void } = {},
): Promise<SpeechToText> {
  if (voice.engine === 'online') {
    const build = () => onlineTranscriber(voice.transcriptionUrl, options);
    // Built once now, so a missing key is said at once; then again for every recording, so a key
    // saved in the meantime (or removed) applies to the next one, as it does for the planner.
    await build();
    return {
      engine: 'openai',
      transcribe: async (pcm16k, opts) => (await build()).transcribe(pcm16k, opts),
      close: async () => undefined,
    };
  }
  const manager = createModelManager({
    dir: options.modelsDir,
    ...(options.modelBaseUrl ? { baseUrl: options.modelBaseUrl } : {}),
    ...(options.modelCatalog ? { catalog: options.modelCatalog } : {}),
    ...(options.fetch ? { fetch: options.fetch } : {}),
  });
  const modelPath = await manager.ensure(voice.model, {
    ...(run.signal ? { signal: run.signal } : {}),
    onEvent: (event) => run.onProgress?.(downloadProgress(voice.model, event)),
  });
  return createWhisperEngine({
    modelPath,
    ...(voice.model.endsWith('.en') ? { language: 'en' } : {}),
    ...(options.binding ? { binding: options.binding } : {}),
  });
}

/**
 * Whisper on this computer for the wake check while online transcription is chosen (issue #27): the
 * model the settings name if it is downloaded, else the first downloaded one of the sizes offered,
 * loaded now. Undefined when no model is on this computer or none loads here. Never downloads.
 */
export async function installedWhisperEngine(
  voice: VoiceSettings,
  options: Pick<SpeechComposeOptions, 'modelsDir' | 'modelCatalog' | 'binding'>,
): Promise<SpeechToText | undefined> {
  const manager = createModelManager({ dir: options.modelsDir, ...(options.modelCatalog ? { catalog: options.modelCatalog } : {}) });
  for (const model of [voice.model, ...VOICE_MODEL_SIZES.filter((m) => m !== voice.model)]) {
    const modelPath = manager.installedPath(model);
    if (!modelPath) continue;
    const engine = createWhisperEngine({
      modelPath,
      ...(model.endsWith('.en') ? { language: 'en' } : {}),
      ...(options.binding ? { binding: options.binding } : {}),
    });
    try {
      await engine.load();
      return engine;
    } catch {
      await engine.close();
    }
  }
  return undefined;
}
