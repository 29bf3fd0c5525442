/**
 * The voice panel's test bench (tests/panel/voice*.desktop.test.ts): the built panel in Debian's
 * Chromium with a fake microphone playing an espeak-ng recording, wired to the real core (startCore
 * over a MessageChannel, as main relays the panel's requests), whose speech engine is the real
 * OpenAI-compatible transcriber against a loopback server. The server answers "click Increment" only
 * for audio it checked: 16 kHz mono, as long as what was recorded, and the recording itself
 * (tests/support/voice-audio-match.ts). A slow host serves the local engine's model. With it, the
 * steps a user takes and the waits on what the panel shows, each counted in what the panel did, not
 * in time.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import type { PanelSession } from '../../src/core/panel-session.js';
import { decodeWav } from '../../src/voice/audio.js';
import { closePorts } from '../support/port-link.js';
import { startTestCore, voicePanelSetup } from '../support/panel-core.js';
import { until } from '../support/desktop.js';
import { openLoopFixture, type LoopFixture } from '../support/loop-fixture.js';
import { axeViolations, fakeMicrophone, openPanel, type PanelBrowser } from '../support/panel-browser.js';
import { startTranscriptionServer, type TranscriptionRequest, type TranscriptionServer } from '../voice/transcription-loopback.js';
import { isTheRecording, matchRecording, type RecordingMatch } from '../support/voice-audio-match.js';

const ARTIFACTS = fileURLToPath(new URL('../../artifacts/panel/', import.meta.url));
const SOURCE = fileURLToPath(new URL('../fixtures/voice/click-send.wav', import.meta.url));
const MODEL = readFileSync(fileURLToPath(new URL('../fixtures/voice/for-tests-ggml-tiny.en.bin', import.meta.url)));

/** What the server made of one recording it was sent. */
export interface Heard {
  readonly sampleRate: number;
  readonly channels: number;
  readonly seconds: number;
  readonly match: RecordingMatch | null;
}

/** What a test may change for its own run; `backToIdle` sets it back. */
export interface VoiceScenario {
  /** What the server says the checked recording said. */
  answer: string;
  /** Stands in for macOS answering "denied" for the microphone (Linux has no such permission). */
  microphoneDenied: boolean;
  /** When the test pressed Listen: the server's answer bounds the recording's length by the time since. */
  listenStarted: number;
}

export type VoicePanel = Awaited<ReturnType<typeof openVoicePanel>>;

/**
 * Inside a describe: opens the bench before its tests, brings the panel back to idle after each (one
 * failure does not fail the rest), closes it after all. Returns the open bench.
 */
export function useVoicePanel(): () => VoicePanel {
  let bench: VoicePanel | undefined;
  beforeAll(async () => {
    bench = await openVoicePanel();
  }, 60_000);
  afterEach(async () => {
    await bench?.backToIdle();
  });
  afterAll(async () => {
    await bench?.close();
  });
  return () => {
    if (!bench) throw new Error('The voice bench did not open: see the error of beforeAll.');
    return bench;
  };
}

export async function openVoicePanel() {
  const heard: Heard[] = [];
  const scenario: VoiceScenario = { answer: 'click Increment', microphoneDenied: false, listenStarted: 0 };
  let listenedSeconds = 0;
  const source = decodeWav(readFileSync(SOURCE)).samples;

  /** Answers the command only for the audio it expects: 16 kHz mono, as long as the listening, the recording's sound. */
  const respond = (request: TranscriptionRequest): string => {
    const wav = decodeWav(request.file!.bytes);
    const seconds = wav.samples.length / wav.sampleRate;
    listenedSeconds = (Date.now() - scenario.listenStarted) / 1000;
    const match = wav.sampleRate === 16_000 && wav.channels === 1 ? matchRecording(source, wav.samples) : null;
    heard.push({ sampleRate: wav.sampleRate, channels: wav.channels, seconds, match });
    const right =
      wav.sampleRate === 16_000 && wav.channels === 1 && seconds > 0.5 && seconds <= listenedSeconds + 0.5 && match !== null && isTheRecording(match);
    return right ? scenario.answer : 'the audio was not the recording';
  };

  const fixture: LoopFixture = await openLoopFixture();
  const server: TranscriptionServer = await startTranscriptionServer();
  /** Hosts the local engine's model, slowly (8 KB every 100 ms), so the download can be seen and cancelled. */
  const modelHost: Server = createServer((_req, res) => {
    res.writeHead(200, { 'content-length': MODEL.length, 'content-type': 'application/octet-stream' });
    let at = 0;
    const timer = setInterval(() => {
      if (res.destroyed || at >= MODEL.length) return void clearInterval(timer);
      res.write(MODEL.subarray(at, (at += 8192)));
      if (at >= MODEL.length) res.end();
    }, 100);
    res.on('close', () => clearInterval(timer));
  });
  await new Promise<void>((r) => modelHost.listen(0, '127.0.0.1', r));
  server.respond = respond;
  const dir = await mkdtemp(join(tmpdir(), 'ac-voice-panel-'));
  const bundleDir = await voicePanelSetup(dir, server.baseURL);
  const modelsDir = join(dir, 'models');
  /** The page, once open: the core's events go to it. */
  const shown: { panel?: PanelBrowser } = {};
  // The microphone answered as macOS would when a test denies it (Linux has no such permission).
  const session: PanelSession = await startTestCore({
    fixture,
    dir,
    push: (event) => shown.panel?.push(event),
    permissions: (statuses) =>
      statuses.map((p) =>
        p.kind === 'microphone' && scenario.microphoneDenied
          ? {
              kind: 'microphone',
              state: 'denied',
              explanation:
                'Assistive Control needs the microphone to hear your spoken commands. Open System Settings › Privacy & Security › Microphone and turn on Assistive Control.',
              canOpenSettings: true,
            }
          : p,
      ),
    speech: {
      modelsDir,
      modelBaseUrl: `http://127.0.0.1:${(modelHost.address() as AddressInfo).port}`,
      modelCatalog: {
        'tiny.en': { file: 'test-model.bin', bytes: MODEL.length, sha256: createHash('sha256').update(MODEL).digest('hex'), label: 'test model' },
      },
    },
  });
  const opened = await openPanel({ bundleDir, artifactsDir: ARTIFACTS, session: () => session, chromiumArgs: fakeMicrophone(SOURCE) });
  shown.panel = opened;

  const page = () => opened.page;
  const status = () => page().getByRole('status');
  const entries = () => page().locator('.entries > li');
  const counter = () => fixture.counter('Count: ');
  /** The conversation, after its first `shown` entries, shows "click Increment" run; the count went up from `before`; the panel is ready again. */
  const incremented = async (shown: number, before: number): Promise<void> => {
    await expect
      .poll(async () => (await entries().allTextContents()).slice(shown), { timeout: 20_000 })
      .toEqual(['You: click Increment', 'Plan: Click “Increment”. (Harmless)', 'Result: Clicked “Increment”.']);
    await until('the count to go up', async () => ((await counter()) === before + 1 ? true : undefined));
    await expect.poll(() => status().textContent()).toBe('Status: Ready');
  };
  const checkState = async (name: string) => {
    await opened.screenshot(name);
    expect(await axeViolations(page()), name).toEqual([]);
  };
  /**
   * Reads the meter once a call; true once it has shown silence (the capture starts with the file's
   * leading silence), then speech, then silence again. The silence between two loops shows for about
   * 0.4 s (three 128 ms blocks at 0); a reading that misses it waits for the next loop.
   */
  const saidOnce = () => {
    const meter = page().getByRole('meter', { name: 'Microphone level' });
    let phase: 'before' | 'quiet' | 'speech' | 'after' = 'before';
    return async (): Promise<boolean> => {
      const level = Number(await meter.getAttribute('aria-valuenow', { timeout: 5_000 }));
      if (level === 0 && phase === 'before') phase = 'quiet';
      else if (level > 10 && phase === 'quiet') phase = 'speech';
      else if (level === 0 && phase === 'speech') phase = 'after';
      return phase === 'after';
    };
  };
  /**
   * Waits while listening until the fake microphone (it plays "click send" in a loop, 0.3 s of silence
   * on each side) has said it once whole, as the level meter shows: silence, speech, silence again.
   * Counted in what the panel captured, not in time: on a busy machine the capture runs late.
   */
  const untilSaidOnce = async () => {
    const said = saidOnce();
    await expect.poll(said, { timeout: 20_000, interval: 30, message: 'the meter to show silence, speech, then silence' }).toBe(true);
  };
  /** Listen, let the fake microphone say "click send" once, then Done. */
  const speak = async () => {
    scenario.listenStarted = Date.now();
    await page().getByRole('button', { name: 'Listen' }).click();
    await expect.poll(() => status().textContent()).toBe('Status: Listening');
    await untilSaidOnce();
    await page().getByRole('button', { name: 'Done' }).click();
  };
  /** Sets the voice settings a test needs (so it does not depend on what the tests before it left). */
  const voiceSettings = async (want: { readonly review: boolean }) => {
    await page().getByRole('button', { name: 'Settings' }).click();
    await page().getByLabel('Show what was heard, with Run, Edit and Cancel, before it runs').setChecked(want.review);
    await page().getByRole('button', { name: 'Save settings' }).click();
    await expect.poll(() => page().getByTestId('settings-message').textContent()).toMatch(/^Settings saved/);
    await page().getByRole('button', { name: 'Back to commands' }).click();
  };
  /** Idle: Ready, Listen offered, no meter, no transcript to review, the commands view shown. */
  const idle = async () =>
    (await status().textContent()) === 'Status: Ready' &&
    (await page().getByRole('button', { name: 'Listen' }).isVisible()) &&
    (await page().getByRole('meter').count()) === 0 &&
    (await page().getByTestId('voice-transcript').count()) === 0 &&
    (await page().getByRole('textbox', { name: 'Command' }).isVisible());
  /** The review shows the command: the server heard the recording (what it measured is in the message otherwise). */
  const heardCommand = () =>
    expect
      .poll(() => page().getByTestId('voice-transcript').textContent(), {
        timeout: 20_000,
        message: `${heard.length} heard, the last: ${JSON.stringify(heard.at(-1))}`,
      })
      .toBe('click Increment');

  return {
    panel: opened,
    fixture,
    server,
    heard,
    scenario,
    modelsDir,
    /** How long the last recording's listening lasted, as the server measured it. */
    listenedSeconds: () => listenedSeconds,
    page,
    status,
    entries,
    counter,
    incremented,
    checkState,
    saidOnce,
    untilSaidOnce,
    speak,
    voiceSettings,
    heardCommand,
    /**
     * Whatever a test left (listening, a transcript in review, a download, the settings view, a
     * command running or waiting for an answer, the scenarios it set), the next starts from idle:
     * Back, Esc, Stop, and a reload of the page if need be.
     */
    backToIdle: async () => {
      server.scenario = 'ok';
      scenario.answer = 'click Increment';
      scenario.microphoneDenied = false;
      if (await idle()) return;
      const p = page();
      const back = p.getByRole('button', { name: 'Back to commands' });
      if (await back.isVisible()) await back.click();
      if ((await status().textContent()) !== 'Status: Ready') await p.keyboard.press('Escape');
      const stop = p.getByRole('button', { name: 'Stop', exact: true });
      if (await stop.isEnabled()) await stop.click();
      try {
        await expect.poll(idle, { timeout: 5_000 }).toBe(true);
      } catch {
        await p.reload();
        await expect.poll(idle, { timeout: 20_000, message: 'the panel to be idle after a reload' }).toBe(true);
      }
    },
    close: async () => {
      await opened.close();
      closePorts();
      await server.close();
      await new Promise((r) => modelHost.close(r));
      await fixture.close();
    },
  };
}
