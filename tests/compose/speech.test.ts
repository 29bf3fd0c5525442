// The speech composer: the local engine downloads its model from a loopback host on first use, with
// progress, then runs whisper.cpp in process on whisper.cpp's own test model, narrowed to one layer
// (tests/voice/narrow-whisper-model.ts; its text is meaningless: it must load and transcribe without
// crashing); the second time nothing is downloaded. The online
// engine needs the OpenAI key for OpenAI itself, and none for a self-hosted server.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { composeSpeechEngine, speechEngineKey, speechModelsDir, type VoiceSettings } from '../../src/compose/speech.js';
import { createSecretStore, type KeyringBackend } from '../../src/config/secret-store.js';
import { defaultSettings } from '../../src/config/settings.js';
import type { VoiceProgress } from '../../src/shared/voice-settings.js';
import { decodeWav } from '../../src/voice/audio.js';
import { floatToInt16 } from '../../src/shared/pcm.js';
import { narrowWhisperModel } from '../voice/narrow-whisper-model.js';

const MODEL = readFileSync(narrowWhisperModel());
const CLIP = decodeWav(readFileSync(fileURLToPath(new URL('../fixtures/voice/jfk-2s.wav', import.meta.url))));
const noKeys: KeyringBackend = { get: async () => null, set: async () => undefined, delete: async () => false };
const secrets = createSecretStore({ backend: noKeys, env: {} });
const voice = (over: Partial<VoiceSettings>): VoiceSettings => ({ ...defaultSettings().voice, enabled: true, ...over });

describe('the speech composer', () => {
  let server: Server;
  let baseUrl = '';
  let downloads = 0;
  const catalog = { 'tiny.en': { file: 'test-model.bin', bytes: MODEL.length, sha256: createHash('sha256').update(MODEL).digest('hex'), label: 'test model' } };

  beforeAll(async () => {
    server = createServer((req, res) => {
      if (req.url !== '/test-model.bin') return void res.writeHead(404).end();
      downloads++;
      res.writeHead(200, { 'content-length': MODEL.length, 'content-type': 'application/octet-stream' }).end(MODEL);
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((r) => server.close(() => r())));

  it('local: downloads the model once with progress, then whisper.cpp transcribes in process', { timeout: 120_000 }, async () => {
    const modelsDir = await mkdtemp(join(tmpdir(), 'ac-models-'));
    const progress: VoiceProgress[] = [];
    const options = { modelsDir, secrets, modelBaseUrl: baseUrl, modelCatalog: catalog };
    const stt = await composeSpeechEngine(voice({ engine: 'local', model: 'tiny.en' }), options, { onProgress: (p) => progress.push(p) });
    expect(downloads).toBe(1);
    expect(existsSync(join(modelsDir, 'test-model.bin'))).toBe(true);
    expect(progress[0]?.message).toMatch(/^Downloading the speech model \(tiny\.en\) once/);
    expect(progress.some((p) => p.percent === 100)).toBe(true);
    expect(progress.at(-1)?.message).toBe('Loading the speech model.');
    try {
      expect(stt.engine).toBe('whisper-local');
      const transcript = await stt.transcribe(floatToInt16(CLIP.samples), { deadlineMs: 60_000 });
      expect(transcript.engine).toBe('whisper-local');
      expect(typeof transcript.text).toBe('string');
    } finally {
      await stt.close();
    }
    const again = await composeSpeechEngine(voice({ engine: 'local', model: 'tiny.en' }), options);
    await again.close();
    expect(downloads).toBe(1);
  });

  it('online: OpenAI itself without a key is a sentence; a self-hosted server needs none', async () => {
    await expect(composeSpeechEngine(voice({ engine: 'online' }), { modelsDir: tmpdir(), secrets })).rejects.toMatchObject({
      code: 'auth',
      message: expect.stringMatching(/needs an OpenAI key.+Settings → Voice\.$/),
    });
    const stt = await composeSpeechEngine(voice({ engine: 'online', transcriptionUrl: 'http://127.0.0.1:9/v1' }), { modelsDir: tmpdir(), secrets });
    expect(stt.engine).toBe('openai');
    await stt.close();
  });

  it('keys the engine by what builds it, and keeps models in the OS data folder', () => {
    expect(speechEngineKey(voice({ engine: 'local', model: 'base.en', transcriptionUrl: 'http://a/v1' }))).toBe('local:base.en');
    expect(speechEngineKey(voice({ engine: 'online', transcriptionUrl: 'http://a/v1' }))).toBe('online:http://a/v1');
    expect(speechModelsDir('darwin', {}, '/Users/u')).toBe('/Users/u/Library/Application Support/Assistive Control/models');
    expect(speechModelsDir('linux', { XDG_DATA_HOME: '/data' }, '/home/u')).toBe('/data/assistive-control/models');
    expect(speechModelsDir('linux', { XDG_DATA_HOME: 'relative' }, '/home/u')).toBe('/home/u/.local/share/assistive-control/models');
  });
});
