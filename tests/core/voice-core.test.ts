// A spoken command through the core process (startCore over a real MessageChannel, as main relays
// panel requests): the utterance is checked against the contract, transcribed by the real
// OpenAI-compatible transcriber against a loopback server, and the reply is a transcript or a sentence.
import { readFileSync } from 'node:fs';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { MessageChannel } from 'node:worker_threads';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PlannerAvailability } from '../../src/agent/assistant-loop.js';
import { createSecretStore, type KeyringBackend } from '../../src/config/secret-store.js';
import { defaultSettings } from '../../src/config/settings.js';
import { AxBridge } from '../../src/execution/accessibility/ax-bridge.js';
import { ExecutionEngine } from '../../src/execution/engine.js';
import { createNutInputDriver } from '../../src/execution/input/input-driver.js';
import { startCore } from '../../src/core/core-process.js';
import { RemoteError, RpcPeer } from '../../src/shared/contracts/core-rpc.js';
import { composeSpeechEngine } from '../../src/compose/speech.js';
import { checkVoicePayload } from '../../src/main/shortcuts/voice-ipc.js';
import { VoiceSession, observationVocabulary } from '../../src/core/voice-session.js';
import { floatToInt16 } from '../../src/shared/pcm.js';
import type { VoiceReply } from '../../src/shared/voice-settings.js';
import { decodeWav, trimSilence } from '../../src/voice/audio.js';
import { desktopSkipReason } from '../support/desktop.js';
import { startTranscriptionServer, type TranscriptionServer } from '../voice/transcription-loopback.js';
import { closePorts, portLink } from '../support/port-link.js';

const skip = desktopSkipReason();
const SOURCE = fileURLToPath(new URL('../fixtures/voice/click-send.wav', import.meta.url));
const speech = () => floatToInt16(decodeWav(readFileSync(SOURCE)).samples);

describe.skipIf(skip !== '')('voice through the core process', () => {
  let main: RpcPeer;
  let server: TranscriptionServer;
  const noKeys: KeyringBackend = { get: async () => null, set: async () => undefined, delete: async () => false };
  const request = <T>(channel: string, ...args: unknown[]) => main.call<T>('panel:request', channel, args);

  beforeAll(async () => {
    server = await startTranscriptionServer();
    const dir = await mkdtemp(join(tmpdir(), 'ac-voice-core-'));
    await writeFile(
      join(dir, 'settings.json'),
      JSON.stringify({ provider: 'grammar', voice: { enabled: true, engine: 'online', transcriptionUrl: server.baseURL } }),
    );
    const bridge = AxBridge.open();
    const { port1, port2 } = new MessageChannel();
    main = new RpcPeer(portLink(port1), { 'assistant:event': () => undefined, 'settings:saved': () => undefined, 'permissions:check': () => [] });
    await startCore({
      link: portLink(port2),
      settingsDir: dir,
      auditDir: join(dir, 'audit'),
      secrets: createSecretStore({ backend: noKeys }),
      engine: new ExecutionEngine({ bridge, input: createNutInputDriver() }),
      planner: async (): Promise<PlannerAvailability> => ({ kind: 'none', message: 'Only offline commands in this test.' }),
      bridgePermission: (deadlineMs) => bridge.permission({ deadlineMs }),
      speech: { modelsDir: join(dir, 'models') },
    });
  });

  afterAll(async () => {
    closePorts();
    await server?.close();
  });

  it('transcribes the recording the panel sent: the server hears the speech at 16 kHz, trimmed of silence', async () => {
    server.scenario = 'ok';
    server.text = 'click Increment';
    const pcm = speech();
    const reply = await request<VoiceReply>('voice:transcribe', { sampleRate: 16_000, channels: 1, pcm });
    expect(reply).toMatchObject({ ok: true, text: 'click Increment', engine: 'openai' });
    const sent = server.requests.at(-1)!;
    const wav = decodeWav(sent.file!.bytes);
    expect(wav.sampleRate).toBe(16_000);
    expect(wav.channels).toBe(1);
    // Exactly the speech of the recording, without its leading and trailing silence.
    expect(wav.samples.length).toBe(trimSilence(pcm).length);
    expect(wav.samples.length).toBeLessThan(pcm.length);
    expect(wav.samples.length / 16_000).toBeGreaterThan(0.5);
  });

  it('refuses a recording over 30 s, at another rate or not 16-bit before any engine hears it', async () => {
    const before = server.requests.length;
    await expect(request('voice:transcribe', { sampleRate: 16_000, channels: 1, pcm: new Int16Array(30 * 16_000 + 1) })).rejects.toThrow(
      /longer than 30 seconds/,
    );
    await expect(request('voice:transcribe', { sampleRate: 44_100, channels: 1, pcm: speech() })).rejects.toThrow(RemoteError);
    await expect(request('voice:transcribe', { sampleRate: 16_000, channels: 1, pcm: Array.from(speech()) })).rejects.toThrow(/16-bit samples/);
    expect(server.requests.length).toBe(before);
  });

  it('a recording of silence is a sentence, and nothing is sent', async () => {
    const before = server.requests.length;
    const reply = await request<VoiceReply>('voice:transcribe', { sampleRate: 16_000, channels: 1, pcm: new Int16Array(16_000) });
    expect(reply).toMatchObject({ ok: false, code: 'no_speech', message: expect.stringMatching(/heard no words/) });
    expect(server.requests.length).toBe(before);
  });

  it('Cancel ends a transcription the server never answers, at once', async () => {
    server.scenario = 'hang';
    const started = Date.now();
    const pending = request<VoiceReply>('voice:transcribe', { sampleRate: 16_000, channels: 1, pcm: speech() });
    await new Promise((r) => setTimeout(r, 300));
    await request('voice:cancel');
    await expect(pending).resolves.toMatchObject({ ok: false, code: 'cancelled' });
    expect(Date.now() - started).toBeLessThan(5_000);
    server.scenario = 'ok';
    // And the next one works.
    await expect(request<VoiceReply>('voice:transcribe', { sampleRate: 16_000, channels: 1, pcm: speech() })).resolves.toMatchObject({ ok: true });
  });

  it('a server that refuses the key is a sentence that quotes no key', async () => {
    server.scenario = 'http_401';
    const reply = await request<VoiceReply>('voice:transcribe', { sampleRate: 16_000, channels: 1, pcm: speech() });
    server.scenario = 'ok';
    expect(reply.ok).toBe(false);
    if (!reply.ok) expect(reply.message).toMatch(/key/i);
  });
});

describe('the voice session', () => {
  it('says voice is off, and builds no engine, while the settings have it off', async () => {
    let built = 0;
    const session = new VoiceSession({
      settings: async () => defaultSettings(),
      createEngine: async () => {
        built++;
        throw new Error('not expected');
      },
      vocabulary: () => [],
    });
    await expect(session.transcribe({ sampleRate: 16_000, channels: 1, pcm: new Int16Array(100) })).resolves.toMatchObject({
      ok: false,
      code: 'off',
      message: expect.stringMatching(/Settings → Voice/),
    });
    expect(built).toBe(0);
  });

  it('builds the engine once, again when the voice settings change, and again after a build that failed', async () => {
    const [a, b] = await Promise.all([startTranscriptionServer(), startTranscriptionServer()]);
    try {
      let settings = { ...defaultSettings(), voice: { ...defaultSettings().voice, enabled: true, engine: 'online' as const, transcriptionUrl: a.baseURL } };
      const built: string[] = [];
      const session = new VoiceSession({
        settings: async () => settings,
        createEngine: (voice, run) => {
          built.push(voice.transcriptionUrl);
          return composeSpeechEngine(
            voice,
            { modelsDir: tmpdir(), secrets: createSecretStore({ backend: { get: async () => null, set: async () => undefined, delete: async () => false } }) },
            run,
          );
        },
        vocabulary: () => ['Increment', 'Delete everything'],
      });
      const say = () => session.transcribe({ sampleRate: 16_000, channels: 1, pcm: speech() });
      await expect(say()).resolves.toMatchObject({ ok: true });
      await expect(say()).resolves.toMatchObject({ ok: true });
      expect(built).toEqual([a.baseURL]);
      expect(a.requests.map((r) => r.fields.prompt)).toEqual(['Increment, Delete everything', 'Increment, Delete everything']);
      settings = { ...settings, voice: { ...settings.voice, transcriptionUrl: b.baseURL } };
      await expect(say()).resolves.toMatchObject({ ok: true });
      expect(b.requests).toHaveLength(1);
      // OpenAI itself without a key: a sentence, and the next utterance tries to build it again.
      settings = { ...settings, voice: { ...settings.voice, transcriptionUrl: 'https://api.openai.com/v1' } };
      await expect(say()).resolves.toMatchObject({ ok: false, code: 'auth' });
      await expect(say()).resolves.toMatchObject({ ok: false, code: 'auth' });
      expect(built).toEqual([a.baseURL, b.baseURL, 'https://api.openai.com/v1', 'https://api.openai.com/v1']);
    } finally {
      await Promise.all([a.close(), b.close()]);
    }
  });

  it('hints the engine with the app and the element names of the latest observation', () => {
    const places = new Map([
      [1, { label: 'Send' }],
      [2, { label: '' }],
      [3, { label: 'Subject' }],
    ]);
    expect(observationVocabulary({ app: 'Mail', places })).toEqual(['Mail', 'Send', 'Subject']);
    expect(observationVocabulary(undefined)).toEqual([]);
  });
});

describe('main checks a recording before relaying it', () => {
  it('refuses an oversized recording in main; a good one and other channels pass', () => {
    expect(() => checkVoicePayload('voice:transcribe', [{ sampleRate: 16_000, channels: 1, pcm: new Int16Array(30 * 16_000 + 1) }])).toThrow(
      /Refused voice:transcribe: the recording is longer than 30 seconds/,
    );
    expect(() => checkVoicePayload('voice:transcribe', [{ sampleRate: 48_000, channels: 1, pcm: new Int16Array(10) }])).toThrow(/Refused voice:transcribe/);
    expect(() => checkVoicePayload('voice:transcribe', [{ sampleRate: 16_000, channels: 1, pcm: new Int16Array(16_000) }])).not.toThrow();
    expect(() => checkVoicePayload('command:run', [''])).not.toThrow();
  });
});
