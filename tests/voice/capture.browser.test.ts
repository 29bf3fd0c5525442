/**
 * Panel capture in Debian's Chromium with a fake microphone playing an espeak-ng recording
 * ("click send"): the 16 kHz PCM that reaches Node must be that recording, at that rate — checked by
 * the source file piece by piece (tests/support/voice-audio-match.ts).
 */
import { existsSync, readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resampleTo16k } from '../../src/shared/pcm.js';
import { decodeWav } from '../../src/voice/audio.js';
import { CHROMIUM, CHROMIUM_FLAGS, CHROMIUM_MISSING, fakeMicrophone } from '../support/panel-browser.js';
import { isTheRecording, matchRecording } from '../support/voice-audio-match.js';

const SOURCE = fileURLToPath(new URL('../fixtures/voice/click-send.wav', import.meta.url));
const onLinux = process.platform === 'linux';
if (onLinux && !existsSync(CHROMIUM)) throw new Error(CHROMIUM_MISSING);

/** Records for as long as the test asks and hands the utterance back as plain numbers. */
const PAGE_SCRIPT = `
import { startCapture } from '../../src/panel/voice/capture.ts';

globalThis.record = async (ms, maxSeconds) => {
  const levels = [];
  let capped = false;
  const capture = await startCapture({ onLevel: (l) => levels.push(l), onCap: () => (capped = true), ...(maxSeconds ? { maxSeconds } : {}) });
  await new Promise((r) => setTimeout(r, ms));
  const u = await capture.stop();
  return { sampleRate: u.sampleRate, channels: u.channels, samples: Array.from(u.pcm), levels, capped };
};

globalThis.cancelled = async () => {
  let stream;
  const devices = { getUserMedia: async (c) => (stream = await navigator.mediaDevices.getUserMedia(c)) };
  const capture = await startCapture({ mediaDevices: devices });
  capture.cancel();
  return { tracksLive: stream ? stream.getTracks().filter((t) => t.readyState === 'live').length : -1 };
};
`;

describe.runIf(onLinux)('panel capture in Chromium with a fake microphone', () => {
  let server: Server;
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    // The page's script is the capture module and nothing else of the panel; it is given here as
    // text because it runs in the browser (DOM types), which the tests' type check does not load.
    const bundle = await build({
      stdin: { contents: PAGE_SCRIPT, resolveDir: fileURLToPath(new URL('.', import.meta.url)), loader: 'ts', sourcefile: 'capture-page.ts' },
      bundle: true,
      format: 'iife',
      platform: 'browser',
      target: 'chrome120',
      write: false,
    });
    const js = bundle.outputFiles[0]!.text;
    server = createServer((req, res) => {
      if (req.url === '/capture.js') return void res.writeHead(200, { 'content-type': 'text/javascript' }).end(js);
      res.writeHead(200, { 'content-type': 'text/html', 'content-security-policy': "default-src 'self'" });
      res.end('<!doctype html><html lang="en"><title>capture</title><script src="/capture.js"></script></html>');
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    browser = await chromium.launch({
      executablePath: CHROMIUM,
      args: [...CHROMIUM_FLAGS, ...fakeMicrophone(SOURCE)],
    });
    page = await browser.newPage();
    await page.goto(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`);
  }, 60_000);

  afterAll(async () => {
    await browser?.close();
    await new Promise<void>((r) => (server ? server.close(() => r()) : r()));
  });

  it('delivers 16 kHz mono PCM that matches the source recording', { timeout: 60_000 }, async () => {
    const recordMs = 2500;
    const got = await page.evaluate(
      (ms) =>
        (globalThis as unknown as { record(ms: number): Promise<{ sampleRate: number; channels: number; samples: number[]; levels: number[] }> }).record(ms),
      recordMs,
    );
    expect(got.sampleRate).toBe(16_000);
    expect(got.channels).toBe(1);
    // As many samples as the time recorded, at 16 kHz (the recording starts a little after the call).
    const seconds = got.samples.length / 16_000;
    expect(seconds).toBeGreaterThan((recordMs / 1000) * 0.7);
    expect(seconds).toBeLessThan((recordMs / 1000) * 1.2);
    expect(Math.max(...got.levels)).toBeGreaterThan(0.05);

    const captured = Float32Array.from(got.samples, (s) => s / 32768);
    const source = decodeWav(readFileSync(SOURCE));
    expect(source.sampleRate).toBe(16_000);
    // Matched piece by piece (tests/support/voice-audio-match.ts): a block lost or repeated while
    // the page's main thread was held up (a busy machine) does not make the real audio look foreign.
    const match = matchRecording(source.samples, captured);
    expect(isTheRecording(match), JSON.stringify(match)).toBe(true);
    // The same audio read at a wrong rate does not match: the check can tell the rate.
    const wrongRate = resampleTo16k(source.samples, 16_000 * 1.1);
    const wrong = matchRecording(wrongRate, captured);
    expect(isTheRecording(wrong), JSON.stringify(wrong)).toBe(false);
  });

  it('cancel releases the microphone', async () => {
    const r = await page.evaluate(() => (globalThis as unknown as { cancelled(): Promise<{ tracksLive: number }> }).cancelled());
    expect(r.tracksLive).toBe(0);
  });

  it('stops by itself at the length cap', { timeout: 30_000 }, async () => {
    const got = await page.evaluate(() =>
      (globalThis as unknown as { record(ms: number, max: number): Promise<{ samples: number[]; capped: boolean }> }).record(1500, 0.5),
    );
    expect(got.capped).toBe(true);
    expect(got.samples.length).toBe(8000);
  });
});
