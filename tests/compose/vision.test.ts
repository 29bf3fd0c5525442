// Where a picture of the screen may go (issue #29 item 4): local models by default, cloud services
// only when the user says so, nowhere when off; the planner for pictures is built at send time from
// the saved settings and key, and a picture reaches its loopback server through the official SDK.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isLoopbackUrl, pictureDestination, settingsVisionPlanner } from '../../src/compose/vision.js';
import { createSecretStore } from '../../src/config/secret-store.js';
import { defaultSettings, type Settings } from '../../src/config/settings.js';
import { encodePng } from '../../src/execution/screen/png.js';
import { memoryKeychain } from '../cli/cli-fixtures.js';
import { imagesIn, LOOPBACK_KEY } from '../intent/image-input.js';
import { startLlmServer, type LlmServer } from '../intent/llm-loopback.js';
import { itGives, same } from '../support/tables.js';

const settings = (over: Partial<Settings>): Settings => ({ ...defaultSettings(), ...over });

describe('where a picture of the screen may go', () => {
  itGives('%s is on this computer: %s', isLoopbackUrl, [
    ...same(true, 'http://127.0.0.1:11434', 'http://localhost:1234/v1', 'http://[::1]:8080/v1', 'http://127.9.8.7'),
    ...same(false, 'https://api.openai.com/v1', 'http://192.168.1.20:11434', 'http://127.0.0.1.example.com', 'not a url'),
  ]);

  it('goes to a local Ollama by default, to its model for pictures', () => {
    expect(pictureDestination(settings({ provider: 'ollama' }))).toEqual({ ok: true, provider: 'ollama', model: 'qwen2.5vl', local: true });
    expect(pictureDestination(settings({ provider: 'ollama', visionModel: 'llava' }))).toMatchObject({ ok: true, model: 'llava' });
  });

  it('does not go to a cloud service unless the user allows it', () => {
    const refused = pictureDestination(settings({ provider: 'anthropic' }));
    expect(refused).toMatchObject({
      ok: false,
      message: expect.stringMatching(/only to a model on this computer.*Anthropic.*config set screenPictures cloud/),
    });
    expect(pictureDestination(settings({ provider: 'openai' }))).toMatchObject({ ok: false });
    expect(pictureDestination(settings({ provider: 'ollama', ollamaUrl: 'http://192.168.1.20:11434' }))).toMatchObject({ ok: false });
    expect(pictureDestination(settings({ provider: 'anthropic', screenPictures: 'cloud' }))).toEqual({
      ok: true,
      provider: 'anthropic',
      model: defaultSettings().models.anthropic,
      local: false,
    });
    expect(pictureDestination(settings({ provider: 'openai', openaiBaseUrl: 'http://127.0.0.1:1234/v1' }))).toMatchObject({ ok: true, local: true });
  });

  it('goes nowhere when off, or when only the offline grammar is on', () => {
    expect(pictureDestination(settings({ provider: 'ollama', screenPictures: 'off' }))).toMatchObject({ ok: false, message: expect.stringMatching(/are off/) });
    expect(pictureDestination(settings({ provider: 'grammar' }))).toMatchObject({ ok: false, message: expect.stringMatching(/ollama pull qwen2.5vl/) });
  });

  it('is off for cloud services in a new settings file', () => {
    expect(defaultSettings().screenPictures).toBe('local');
  });
});

describe('the planner for pictures, from the saved settings', () => {
  let server: LlmServer;
  beforeAll(async () => {
    server = await startLlmServer('openai');
    server.setScenario('scripted');
    server.script = () => ({ text: 'A window.' });
  });
  afterAll(() => server.close());

  it('sends the picture with the saved key to the server the user allowed', async () => {
    const keychain = memoryKeychain();
    const secrets = createSecretStore({ backend: keychain, env: {} });
    expect(await secrets.setKey('openai', LOOPBACK_KEY, { baseUrl: server.baseURL })).toMatchObject({ ok: true });
    const saved = settings({ provider: 'openai', openaiBaseUrl: server.baseURL, visionModel: 'gpt-4.1' });
    const available = await settingsVisionPlanner({ load: async () => ({ settings: saved, notices: [], path: 'settings.json' }) }, secrets)();
    if (available.kind !== 'ready') throw new Error(available.message);
    expect(available.planner.model).toBe('gpt-4.1');
    const png = (await encodePng(2, 2, new Uint8Array(16).fill(200))).toString('base64');
    const outcome = await available.planner.describe?.({
      conversation: [{ kind: 'user', text: 'describe the screen' }],
      image: { mediaType: 'image/png', base64: png, width: 2, height: 2 },
    });
    expect(outcome).toMatchObject({ kind: 'described', text: 'A window.' });
    const request = server.requests.at(-1);
    expect(imagesIn('openai', request?.body ?? {})).toEqual([expect.objectContaining({ base64: png })]);
    expect(request?.body.model).toBe('gpt-4.1');
    expect(String(request?.headers.authorization)).toBe(`Bearer ${LOOPBACK_KEY}`);
  });
});
