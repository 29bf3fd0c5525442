/**
 * Builds the speech-to-text engine from the saved voice settings, the way the planner composer
 * builds a planner: the local whisper.cpp engine with its model downloaded on first use (progress
 * reported), or an OpenAI-compatible transcription endpoint with the OpenAI key from the keychain.
 */
import { join } from 'node:path';
import type { SecretStore } from '../config/secret-store.js';
import type { Settings } from '../config/settings.js';
import { DEFAULT_OPENAI_BASE_URL } from '../shared/llm-providers.js';
import type { VoiceProgress } from '../shared/voice-settings.js';
import { WHISPER_MODELS, createModelManager, type ModelDownloadEvent, type ModelSpec, type WhisperModelName } from '../voice/model-manager.js';
import { createOpenAITranscriber } from '../voice/openai-transcriber.js';
import { SpeechError } from '../voice/speech-error.js';
import type { SpeechToText } from '../voice/speech-to-text.js';
import { createWhisperEngine, type WhisperBinding } from '../voice/whisper-engine.js';

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
      return { message: `Downloading the speech model (${model}) once; it stays on this computer.`, percent: Math.floor((100 * event.resumedFromBytes) / Math.max(1, event.totalBytes)) };
    case 'progress':
      return { message: `Downloading the speech model (${model}): ${Math.floor((100 * event.receivedBytes) / Math.max(1, event.totalBytes))}%.`, percent: Math.floor((100 * event.receivedBytes) / Math.max(1, event.totalBytes)) };
    case 'verifying':
      return { message: `Checking the downloaded speech model (${model}).` };
    case 'ready':
      return { message: 'Loading the speech model.' };
  }
}

/**
 * The engine the settings ask for. Throws a SpeechError sentence when it cannot be built (no key
 * for OpenAI, a download that failed: it resumes next time).
 */
export async function composeSpeechEngine(voice: VoiceSettings, options: SpeechComposeOptions, run: { readonly signal?: AbortSignal; readonly onProgress?: (p: VoiceProgress) => void } = {}): Promise<SpeechToText> {
  if (voice.engine === 'online') {
    const baseURL = voice.transcriptionUrl;
    // A self-hosted whisper server usually needs no key: go without one rather than refuse.
    const keyOptional = baseURL.replace(/\/+$/, '') !== DEFAULT_OPENAI_BASE_URL;
    const found = await options.secrets.getKey('openai');
    if (!found.found && !keyOptional) {
      throw new SpeechError('auth', `Online speech recognition needs an OpenAI key. ${found.message} Or choose local speech recognition in Settings → Voice.`);
    }
    return createOpenAITranscriber({
      baseURL,
      ...(found.found ? { apiKey: found.key } : {}),
      keyAdvice: 'Save the right key in Settings → API keys (OpenAI), or choose local speech recognition in Settings → Voice.',
      ...(options.fetch ? { fetch: options.fetch } : {}),
    });
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
  return createWhisperEngine({ modelPath, ...(voice.model.endsWith('.en') ? { language: 'en' } : {}), ...(options.binding ? { binding: options.binding } : {}) });
}
