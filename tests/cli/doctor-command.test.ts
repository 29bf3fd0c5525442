// `assistive-control doctor`: real loopback servers for the planners (Ollama's /api/tags, an
// OpenAI-compatible /models, Anthropic's /v1/models, asked through the SDKs), a dead port, a server that never answers, and a child process with no
// display or session bus. The real bridge on the desktop session is checked in run-desktop.test.ts,
// the real Secret Service in doctor-keychain.test.ts.
import { execFile } from 'node:child_process';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { createDoctorCommand, defaultDoctorDeps, type CheckResult, type DoctorDeps } from '../../src/cli/doctor-command.js';
import { keychainEntry } from '../../src/config/secret-store.js';
import type { PermissionStatus } from '../../src/execution/accessibility/types.js';
import { refusedAddress } from '../intent/llm-loopback.js';
import { captureIo, memoryKeychain, testServices, useTempDir } from './cli-fixtures.js';

const dir = useTempDir('ac-doctor-');
const KEY = 'sk-doctor-test-0123456789abcdef';
const servers: Server[] = [];

afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => new Promise((r) => s.close(r))));
});

/** A loopback HTTP server answering GETs from a handler; records the requests. */
async function serve(handler: (req: IncomingMessage, res: ServerResponse) => void): Promise<{ url: string; requests: IncomingMessage[] }> {
  const requests: IncomingMessage[] = [];
  const server = createServer((req, res) => {
    requests.push(req);
    handler(req, res);
  });
  servers.push(server);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, requests };
}

const json = (res: ServerResponse, status: number, body: unknown) => res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));

async function doctor(
  settings: Record<string, string>,
  options: { keys?: Record<string, string>; deps?: Partial<DoctorDeps>; args?: string[]; env?: Record<string, string> } = {},
) {
  const keychain = memoryKeychain();
  for (const [k, v] of Object.entries(options.keys ?? {})) keychain.entries.set(k, v);
  const services = testServices(dir(), keychain, {})();
  for (const [key, value] of Object.entries(settings)) await services.settings.set(key, value);
  const captured = captureIo(undefined, options.env ?? {});
  const granted: PermissionStatus = { state: 'granted', detail: '' };
  const command = createDoctorCommand({
    ...defaultDoctorDeps,
    services: () => services,
    accessibility: async () => granted,
    input: async () => ({ pointer: { x: 10, y: 20 } }),
    platform: 'linux',
    ...options.deps,
  });
  const started = Date.now();
  const code = await command.run(options.args ?? ['--json'], captured.io);
  const elapsed = Date.now() - started;
  const out = captured.out();
  const parsed = options.args ? undefined : (JSON.parse(out) as { ok: boolean; checks: CheckResult[] });
  const check = (id: string) => parsed?.checks.find((c) => c.id === id);
  return { code, out, parsed, check, elapsed };
}

describe('assistive-control doctor', () => {
  it('all ready: Ollama answers and has the model pulled → exit 0', async () => {
    const ollama = await serve((req, res) => (req.url === '/api/tags' ? json(res, 200, { models: [{ name: 'llama3.2:latest' }] }) : json(res, 404, {})));
    const r = await doctor({ provider: 'ollama', ollamaUrl: ollama.url, 'models.ollama': 'llama3.2' });
    expect(r.code).toBe(0);
    expect(r.parsed?.ok).toBe(true);
    expect(r.check('provider')).toMatchObject({ status: 'ok', detail: expect.stringContaining('“llama3.2” is pulled') });
    expect(r.check('microphone')).toMatchObject({ status: 'not_applicable' });
    expect(r.check('keychain.openai')).toMatchObject({ status: 'not_applicable', detail: 'No key saved. Not needed: the planner is ollama.' });
  });

  it('Ollama without the model: the fix is the pull command; exit 1', async () => {
    const ollama = await serve((_req, res) => json(res, 200, { models: [{ name: 'qwen2.5:7b' }] }));
    const r = await doctor({ provider: 'ollama', ollamaUrl: ollama.url, 'models.ollama': 'llama3.2' });
    expect(r.code).toBe(1);
    expect(r.check('provider')).toMatchObject({ status: 'problem', fix: expect.stringContaining('"ollama pull llama3.2"') });
  });

  it('a dead port: a problem that says how to start Ollama, at once', async () => {
    const r = await doctor({ provider: 'ollama', ollamaUrl: await refusedAddress() });
    expect(r.code).toBe(1);
    expect(r.check('provider')).toMatchObject({
      status: 'problem',
      detail: expect.stringMatching(/^Nothing answers at/),
      fix: expect.stringContaining('ollama serve'),
    });
  });

  it('a server that never answers, a hung bridge: each check ends at its deadline', async () => {
    const hung = await serve(() => undefined); // accepts, never answers
    const r = await doctor(
      { provider: 'ollama', ollamaUrl: hung.url },
      { deps: { deadlineMs: 300, accessibility: () => new Promise(() => undefined), input: () => new Promise(() => undefined) } },
    );
    expect(r.code).toBe(1);
    expect(r.elapsed).toBeLessThan(2000);
    expect(r.check('provider')).toMatchObject({ status: 'problem', detail: 'No answer within 0.3 s.' });
    expect(r.check('accessibility')).toMatchObject({ status: 'problem', fix: expect.stringMatching(/frozen/) });
  });

  it('OpenAI-compatible: lists the models with the key saved for that server, and never prints it', async () => {
    const openai = await serve((req, res) =>
      req.headers.authorization === `Bearer ${KEY}`
        ? json(res, 200, { object: 'list', data: [{ id: 'gpt-test' }] })
        : json(res, 401, { error: { message: 'bad key' } }),
    );
    const ok = await doctor(
      { provider: 'openai', openaiBaseUrl: `${openai.url}/v1`, 'models.openai': 'gpt-test' },
      { keys: { openai: keychainEntry('openai', KEY, openai.url) } },
    );
    expect(ok.check('provider')).toMatchObject({ status: 'ok' });
    expect(ok.check('keychain.openai')).toMatchObject({ status: 'ok', detail: `Key saved in the keychain, for ${openai.url}.` });
    expect(openai.requests.map((q) => q.url)).toEqual(['/v1/models']);
    expect(ok.code).toBe(0);
    expect(ok.out).not.toContain(KEY);

    const wrong = await doctor(
      { provider: 'openai', openaiBaseUrl: `${openai.url}/v1`, 'models.openai': 'gpt-test' },
      { keys: { openai: keychainEntry('openai', 'sk-wrong-0123456789abcdef', openai.url) }, args: [] },
    );
    expect(wrong.code).toBe(1);
    expect(wrong.out).toContain('Fix: Save a valid key with "assistive-control keys set openai".');
    expect(wrong.out).not.toContain('sk-wrong');
  });

  it('OpenAI-compatible (issue #13): a key saved for api.openai.com is not sent to another base URL; the fix is the sentence', async () => {
    const openai = await serve((req, res) =>
      req.headers.authorization === undefined
        ? json(res, 401, { error: { message: 'no key' } })
        : json(res, 200, { object: 'list', data: [{ id: 'gpt-test' }] }),
    );
    const r = await doctor({ provider: 'openai', openaiBaseUrl: `${openai.url}/v1`, 'models.openai': 'gpt-test' }, { keys: { openai: KEY } });
    expect(r.code).toBe(1);
    expect(openai.requests.map((q) => q.headers.authorization)).toEqual([undefined]);
    expect(r.check('provider')).toMatchObject({
      status: 'problem',
      detail: `${openai.url}/v1 wants an API key (HTTP 401), and the saved one was not sent there.`,
      fix: `Your OpenAI key was saved for api.openai.com, but the base URL is now ${openai.url}, so the key was not sent there. Save a key for that server in Settings → API keys (or with \`assistive-control keys set openai\`), or set the base URL back.`,
    });
    expect(r.out).not.toContain(KEY);

    // A server that needs no key: ready, and the doctor says the key stays home.
    const keyless = await serve((_req, res) => json(res, 200, { object: 'list', data: [{ id: 'gpt-test' }] }));
    const k = await doctor({ provider: 'openai', openaiBaseUrl: `${keyless.url}/v1`, 'models.openai': 'gpt-test' }, { keys: { openai: KEY } });
    expect(k.check('provider')).toMatchObject({
      status: 'ok',
      detail: expect.stringMatching(/answers without a key\. The saved key is not sent there: Your OpenAI key was saved for api\.openai\.com/),
    });
    expect(keyless.requests.map((q) => q.headers.authorization)).toEqual([undefined]);
  });

  it('Anthropic: lists the models (free) with the key saved for ANTHROPIC_BASE_URL; never sends a message', async () => {
    // The key as the planner's SDK sends it (1.x: a bearer token; older: x-api-key).
    const sentKey = (req: IncomingMessage) => req.headers['x-api-key'] ?? req.headers.authorization?.replace(/^Bearer /, '');
    const anthropic = await serve((req, res) => (sentKey(req) === KEY ? json(res, 200, { data: [{ id: 'claude-test' }] }) : json(res, 401, {})));
    const r = await doctor(
      { provider: 'anthropic' },
      { keys: { anthropic: keychainEntry('anthropic', KEY, anthropic.url) }, env: { ANTHROPIC_BASE_URL: anthropic.url } },
    );
    expect(r.check('provider')).toMatchObject({ status: 'ok', detail: 'Anthropic answers and accepts the key.' });
    expect(anthropic.requests.map((q) => `${q.method} ${q.url}`)).toEqual(['GET /v1/models']);
    expect(r.code).toBe(0);

    // The key saved for api.anthropic.com: no request at all, and the sentence says what to do.
    const official = await doctor({ provider: 'anthropic' }, { keys: { anthropic: KEY }, env: { ANTHROPIC_BASE_URL: anthropic.url } });
    expect(official.check('provider')).toMatchObject({
      status: 'problem',
      detail: 'The saved key was not sent.',
      fix: expect.stringContaining(`assistive-control keys set anthropic --base-url ${anthropic.url}`),
    });
    expect(anthropic.requests).toHaveLength(1);
    // Plain http to another computer: never, whatever the key was saved for.
    const far = await doctor(
      { provider: 'anthropic' },
      { keys: { anthropic: keychainEntry('anthropic', KEY, 'http://planner.invalid:8080') }, env: { ANTHROPIC_BASE_URL: 'http://planner.invalid:8080' } },
    );
    expect(far.check('provider')).toMatchObject({
      status: 'problem',
      fix: expect.stringMatching(/^The base URL http:\/\/planner\.invalid:8080 is plain http to another computer/),
    });
    expect(far.out).not.toContain(KEY);
  });

  it('a keyed provider without a key: the keychain check says how to save one', async () => {
    const r = await doctor({ provider: 'anthropic' });
    expect(r.code).toBe(1);
    expect(r.check('keychain.anthropic')).toMatchObject({
      status: 'problem',
      detail: 'No key saved.',
      fix: 'Save one with "assistive-control keys set anthropic".',
    });
  });

  it('the accessibility bridge not built: the fix is how to build it', async () => {
    const r = await doctor(
      { provider: 'grammar' },
      {
        deps: {
          accessibility: async () => {
            throw new Error('The accessibility bridge is not built on this machine: run "npm run build:native".');
          },
        },
      },
    );
    expect(r.check('accessibility')).toMatchObject({ status: 'problem', fix: expect.stringContaining('npm run build:native') });
    expect(r.check('provider')).toMatchObject({ status: 'not_applicable' });
  });

  it('microphone (issue #8): Linux reports the capture devices; with voice on and none, a problem with its fix; macOS says where the per-app answer is', async () => {
    // Voice off (the default) and no device: nothing is needed.
    const off = await doctor({}, { deps: { captureDevices: () => [] } });
    expect(off.check('microphone')).toMatchObject({ status: 'not_applicable' });
    const found = await doctor({}, { deps: { captureDevices: () => ['pcmC0D0c'] } });
    expect(found.check('microphone')).toMatchObject({ status: 'ok', detail: expect.stringContaining('1 sound capture device was found (pcmC0D0c)') });
    const none = await doctor({ 'voice.enabled': 'true' }, { deps: { captureDevices: () => [] } });
    expect(none.code).toBe(1);
    expect(none.check('microphone')).toMatchObject({ status: 'problem', fix: expect.stringContaining('arecord -l') });
    const mac = await doctor({}, { deps: { platform: 'darwin', captureDevices: () => [] } });
    expect(mac.check('microphone')).toMatchObject({ status: 'not_applicable', detail: expect.stringContaining('Privacy & Security › Microphone') });
  });
});

describe('assistive-control doctor in a Wayland session (issue #16)', () => {
  const XWAYLAND = { XDG_SESSION_TYPE: 'wayland', WAYLAND_DISPLAY: 'wayland-0', DISPLAY: ':0' };

  it('XWayland answers: not "input can be sent", but which apps can be driven, which cannot, and the Xorg fix; exit 1', async () => {
    const r = await doctor({}, { env: XWAYLAND });
    expect(r.code).toBe(1);
    const input = r.check('input');
    expect(input?.status).toBe('problem');
    expect(input?.detail).not.toMatch(/can be sent/);
    expect(input?.detail).toMatch(
      /^This is a Wayland session\. Mouse and keyboard input reaches only the apps that run under XWayland \(its X server answered; the pointer is at 10, 20\): for them, typing, clicking and bringing a window to the front go through X11/,
    );
    expect(input?.detail).toContain(
      'Native Wayland apps (most GNOME and KDE apps) receive no synthesized input and cannot be brought to the front; reading them through accessibility (AT-SPI) still works.',
    );
    expect(input?.fix).toMatch(/^To drive every app, log out, and on the login screen choose an Xorg session .*“GNOME on Xorg”/);
  });

  it('either sign is enough: WAYLAND_DISPLAY alone, or XDG_SESSION_TYPE=wayland alone', async () => {
    expect((await doctor({}, { env: { WAYLAND_DISPLAY: 'wayland-1', DISPLAY: ':0' } })).check('input')?.detail).toMatch(/^This is a Wayland session\./);
    expect((await doctor({}, { env: { XDG_SESSION_TYPE: 'wayland', DISPLAY: ':0' } })).check('input')?.detail).toMatch(/^This is a Wayland session\./);
    // An X11 session: input works as before.
    const x11 = await doctor({}, { env: { XDG_SESSION_TYPE: 'x11', DISPLAY: ':0' } });
    expect(x11.check('input')).toMatchObject({ status: 'ok', detail: 'Mouse and keyboard input can be sent (the pointer is at 10, 20).' });
  });

  it('no XWayland: input reaches no app, reading still works, and the same fix; printed as text too', async () => {
    const r = await doctor(
      {},
      { env: { XDG_SESSION_TYPE: 'wayland', WAYLAND_DISPLAY: 'wayland-0' }, deps: { input: async () => ({ problem: 'no display' }) }, args: [] },
    );
    expect(r.code).toBe(1);
    expect(r.out).toContain(
      'PROBLEM  Display and input synthesis: This is a Wayland session without a working XWayland (DISPLAY is not set), so mouse and keyboard input reaches no app and no window can be brought to the front. Reading apps through accessibility (AT-SPI) still works.\n         Fix: To drive every app, log out,',
    );
  });
});

describe('assistive-control doctor without a display', () => {
  it('reports the display with its fix, and never loads nut-js (the process survives); no bus, no keychain', async () => {
    const child = fileURLToPath(new URL('../../bin/assistive-control.mjs', import.meta.url));
    const env: NodeJS.ProcessEnv = { ...process.env, ASSISTIVE_CONTROL_CONFIG_DIR: dir(), DBUS_SESSION_BUS_ADDRESS: 'unix:path=/nonexistent' };
    delete env.DISPLAY;
    delete env.WAYLAND_DISPLAY;
    delete env.XDG_SESSION_TYPE;
    const { code, stdout } = await new Promise<{ code: number | null; stdout: string }>((resolve) => {
      const p = execFile(process.execPath, [child, 'doctor', '--json'], { env, timeout: 15_000 }, (_e, stdout) => resolve({ code: p.exitCode, stdout }));
    });
    expect(code).toBe(1);
    const parsed = JSON.parse(stdout) as { checks: CheckResult[] };
    expect(parsed.checks.find((c) => c.id === 'input')).toMatchObject({ status: 'problem', fix: expect.stringContaining('DISPLAY is not set') });
    // No session bus: the real keychain library finds no Secret Service, which the default planner does not need.
    expect(parsed.checks.find((c) => c.id === 'keychain.openai')).toMatchObject({
      status: 'not_applicable',
      detail: expect.stringMatching(/^There is no keychain service\./),
    });
  });
});
