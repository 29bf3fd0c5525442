// Voice end to end: the built panel in Debian's Chromium with a fake microphone playing an espeak-ng
// recording, wired to the real core (startCore over a MessageChannel, as main relays the panel's
// requests), whose speech engine is the real OpenAI-compatible transcriber against a loopback server.
// The server answers "click Increment" only for audio it checked: 16 kHz mono, as long as what was
// recorded, and the recording itself (tests/support/voice-audio-match.ts: its pieces found in runs, so a
// capture a busy machine damaged still passes and other audio does not). The real loop then clicks the
// fixture app's button, read back through AT-SPI. Each state is a screenshot in artifacts/panel/ and
// passes axe-core. After each test the panel is brought back to idle, so one failure does not fail the rest.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { PanelSession } from '../../src/core/panel-session.js';
import { decodeWav } from '../../src/voice/audio.js';
import { closePorts } from '../support/port-link.js';
import { startTestCore, voicePanelSetup } from '../support/panel-core.js';
import { desktopSkipReason, until } from '../support/desktop.js';
import { openLoopFixture, type LoopFixture } from '../support/loop-fixture.js';
import { axeViolations, fakeMicrophone, openPanel, type PanelBrowser } from '../support/panel-browser.js';
import { startTranscriptionServer, type TranscriptionRequest, type TranscriptionServer } from '../voice/transcription-loopback.js';
import { isTheRecording, matchRecording, type RecordingMatch } from '../support/voice-audio-match.js';

const skip = desktopSkipReason();
const ARTIFACTS = fileURLToPath(new URL('../../artifacts/panel/', import.meta.url));
const SOURCE = fileURLToPath(new URL('../fixtures/voice/click-send.wav', import.meta.url));
const MODEL = readFileSync(fileURLToPath(new URL('../fixtures/voice/for-tests-ggml-tiny.en.bin', import.meta.url)));

/** What the server made of one recording it was sent. */
interface Heard {
  readonly sampleRate: number;
  readonly channels: number;
  readonly seconds: number;
  readonly match: RecordingMatch | null;
}

describe.skipIf(skip !== '')('voice in the panel, on the real core, loop and desktop', { timeout: 60_000 }, () => {
  let fixture: LoopFixture;
  let panel: PanelBrowser;
  let session: PanelSession;
  let server: TranscriptionServer;
  /** Hosts the local engine's model, slowly (8 KB every 100 ms), so the download can be seen and cancelled. */
  let modelHost: Server;
  let modelsDir = '';
  const heard: Heard[] = [];
  /** What the server says the checked recording said. */
  let answer = 'click Increment';
  /** Stands in for macOS answering "denied" for the microphone (Linux has no such permission). */
  let microphoneDenied = false;
  /** When the test pressed Listen: the server's answer bounds the recording's length by the time since. */
  let listenStarted = 0;
  let listenedSeconds = 0;
  const source = decodeWav(readFileSync(SOURCE)).samples;

  const page = () => panel.page;
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
    await panel.screenshot(name);
    expect(await axeViolations(page()), name).toEqual([]);
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
  /** Listen, let the fake microphone say "click send" once, then Done. */
  const speak = async () => {
    listenStarted = Date.now();
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

  /** Answers the command only for the audio it expects: 16 kHz mono, as long as the listening, the recording's sound. */
  const respond = (request: TranscriptionRequest): string => {
    const wav = decodeWav(request.file!.bytes);
    const seconds = wav.samples.length / wav.sampleRate;
    listenedSeconds = (Date.now() - listenStarted) / 1000;
    const match = wav.sampleRate === 16_000 && wav.channels === 1 ? matchRecording(source, wav.samples) : null;
    heard.push({ sampleRate: wav.sampleRate, channels: wav.channels, seconds, match });
    const right =
      wav.sampleRate === 16_000 && wav.channels === 1 && seconds > 0.5 && seconds <= listenedSeconds + 0.5 && match !== null && isTheRecording(match);
    return right ? answer : 'the audio was not the recording';
  };

  beforeAll(async () => {
    fixture = await openLoopFixture();
    server = await startTranscriptionServer();
    modelHost = createServer((_req, res) => {
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
    // The microphone answered as macOS would when a test denies it (Linux has no such permission).
    session = await startTestCore({
      fixture,
      dir,
      push: (event) => panel.push(event),
      permissions: (statuses) =>
        statuses.map((p) =>
          p.kind === 'microphone' && microphoneDenied
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
        modelsDir: (modelsDir = join(dir, 'models')),
        modelBaseUrl: `http://127.0.0.1:${(modelHost.address() as AddressInfo).port}`,
        modelCatalog: {
          'tiny.en': { file: 'test-model.bin', bytes: MODEL.length, sha256: createHash('sha256').update(MODEL).digest('hex'), label: 'test model' },
        },
      },
    });
    panel = await openPanel({
      bundleDir,
      artifactsDir: ARTIFACTS,
      session: () => session,
      chromiumArgs: fakeMicrophone(SOURCE),
    });
  }, 60_000);

  // Whatever a test left (listening, a transcript in review, a download, the settings view, a
  // command running or waiting for an answer, the scenarios it set), the next starts from idle: Back,
  // Esc, Stop, and a reload of the page if need be.
  afterEach(async () => {
    server.scenario = 'ok';
    answer = 'click Increment';
    microphoneDenied = false;
    if (!panel || (await idle())) return;
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
  });

  afterAll(async () => {
    await panel?.close();
    closePorts();
    await server?.close();
    await new Promise((r) => (modelHost ? modelHost.close(r) : r(undefined)));
    await fixture?.close();
  });

  it('shows Listen when voice is on; listening shows in the status bar with a labelled level meter', async () => {
    const listen = page().getByRole('button', { name: 'Listen' });
    await listen.waitFor();
    await checkState('voice-01-idle');
    await listen.click();
    await expect.poll(() => status().textContent()).toBe('Status: Listening');
    const meter = page().getByRole('meter', { name: 'Microphone level' });
    // The fake microphone is speaking: the meter moves.
    await expect.poll(async () => Number(await meter.getAttribute('aria-valuenow')), { timeout: 5_000 }).toBeGreaterThan(5);
    await expect
      .poll(() =>
        page().evaluate(() => (globalThis as unknown as { document: { activeElement: { textContent: string } | null } }).document.activeElement?.textContent),
      )
      .toBe('Done');
    await checkState('voice-02-listening');
  });

  it('Cancel while listening returns to idle and sends nothing', async () => {
    const before = server.requests.length;
    await page().getByRole('button', { name: 'Listen' }).click();
    await expect.poll(() => status().textContent()).toBe('Status: Listening');
    await page().getByRole('button', { name: 'Cancel', exact: true }).click();
    await expect.poll(() => status().textContent()).toBe('Status: Ready');
    expect(await page().getByRole('meter').count()).toBe(0);
    expect(await page().getByTestId('announcer').textContent()).toBe('Cancelled: nothing was done.');
    // Esc does the same, wherever the focus is.
    await page().getByRole('button', { name: 'Listen' }).click();
    await expect.poll(() => status().textContent()).toBe('Status: Listening');
    await page().keyboard.press('Escape');
    await expect.poll(() => status().textContent()).toBe('Status: Ready');
    expect(server.requests.length).toBe(before);
  });

  it('a spoken command is transcribed from the recording and runs like typed text: the real button is clicked', async () => {
    const before = await counter();
    const sent = server.requests.length;
    const shown = await entries().count();
    await speak();
    await incremented(shown, before);
    // What crossed to main was one 16 kHz utterance, and the server heard the recording itself.
    expect(server.requests.length, JSON.stringify(heard)).toBe(sent + 1);
    const last = heard.at(-1)!;
    expect(last).toMatchObject({ sampleRate: 16_000, channels: 1 });
    expect(last.match && isTheRecording(last.match), JSON.stringify(last)).toBe(true);
    expect(last.seconds).toBeGreaterThan(0.5);
    expect(last.seconds).toBeLessThanOrEqual(listenedSeconds + 0.5);
    const crossing = panel.crossings.find((c) => c.channel === 'voice:transcribe');
    expect(crossing?.reply).toMatchObject({ ok: true, text: 'click Increment', engine: 'openai' });
  });

  it('with the review step on, the transcript waits for Run; Cancel and Edit run nothing', async () => {
    await voiceSettings({ review: true });

    const before = await counter();
    await speak();
    await heardCommand();
    expect(await status().textContent()).toBe('Status: Check what was heard');
    expect(await page().getByTestId('announcer').textContent()).toBe('Heard: click Increment. Run it, edit it, or cancel. Focus is on Run.');
    await checkState('voice-03-review');
    expect(await counter()).toBe(before);

    await page().getByRole('button', { name: 'Cancel', exact: true }).click();
    await expect.poll(() => status().textContent()).toBe('Status: Ready');
    expect(await counter()).toBe(before);

    await speak();
    await heardCommand();
    await page().getByRole('button', { name: 'Edit', exact: true }).click();
    await expect.poll(() => page().getByRole('textbox', { name: 'Command' }).inputValue()).toBe('click Increment');
    expect(await counter()).toBe(before);
    await page().getByRole('textbox', { name: 'Command' }).fill('');

    await speak();
    await heardCommand();
    const shown = await entries().count();
    await page().getByRole('button', { name: 'Run', exact: true }).click();
    // The run ends with its result (on a busy machine the click can take several seconds), then the count is read.
    await incremented(shown, before);
  });

  it('the push-to-talk shortcut starts listening and, pressed again, sends what was heard', async () => {
    await voiceSettings({ review: true });
    const sent = server.requests.length;
    listenStarted = Date.now();
    await panel.signal({ kind: 'voice_toggle' });
    await expect.poll(() => status().textContent()).toBe('Status: Listening');
    await untilSaidOnce();
    await panel.signal({ kind: 'voice_toggle' });
    await heardCommand();
    expect(server.requests.length).toBe(sent + 1);
    await page().keyboard.press('Escape');
    await expect.poll(() => status().textContent()).toBe('Status: Ready');
  });

  it('hold-to-talk in the focused panel: holding the shortcut listens, auto-repeat changes nothing, the release runs what was heard', async () => {
    await page().getByRole('button', { name: 'Settings' }).click();
    await page().getByLabel('Hold to talk, release to send').check();
    await page().getByLabel('Show what was heard, with Run, Edit and Cancel, before it runs').uncheck();
    expect(await page().getByRole('group', { name: 'Push-to-talk' }).getAttribute('aria-describedby')).toBe('voice-push-to-talk-help');
    expect(await page().locator('#voice-push-to-talk-help').textContent()).toBe(
      'Hold works while the panel has the focus; from other apps the shortcut toggles.',
    );
    await page().getByRole('button', { name: 'Save settings' }).click();
    await expect.poll(() => page().getByTestId('settings-message').textContent()).toMatch(/^Settings saved/);
    await checkState('voice-06-push-to-talk-hold');
    await page().getByRole('button', { name: 'Back to commands' }).click();
    expect(await page().locator('#voice-help').textContent()).toBe(
      'Say a command after pressing Listen (or CommandOrControl+Shift+L from any app), then press Done. Here in the panel you can also hold CommandOrControl+Shift+L while you speak and let go to send.',
    );
    await checkState('voice-07-hold-idle');
    // Keys this test holds, let go in the end whatever happens (a key left down would change the next tests' keys).
    const held = new Set<string>();
    const keyboard = {
      down: async (key: string) => [held.add(key), await page().keyboard.down(key)],
      up: async (key: string) => [held.delete(key), await page().keyboard.up(key)],
    };
    try {
      const before = await counter();
      const sent = server.requests.length;
      const shown = await entries().count();

      // Pressed and released at once, before the microphone gave any audio: back to idle, nothing sent, no problem shown.
      await keyboard.down('Control');
      await keyboard.down('Shift');
      await keyboard.down('KeyL');
      await keyboard.up('KeyL');
      await expect.poll(() => status().textContent()).toBe('Status: Ready');
      // Nothing may happen after it either: a stretch of time is what this checks.
      await page().waitForTimeout(1000);
      expect(await status().textContent()).toBe('Status: Ready');
      expect(await page().getByTestId('voice-problem').count()).toBe(0);
      expect(server.requests.length).toBe(sent);

      // Held: listening; the key's auto-repeat (keydowns with repeat set, every 250 ms as a held key
      // gives them) neither sends nor restarts. Held for 8 repeats at least, and until the fake
      // microphone has said its command once (on a busy machine the capture runs late).
      listenStarted = Date.now();
      await keyboard.down('KeyL');
      await expect.poll(() => status().textContent()).toBe('Status: Listening');
      const heldFrom = Date.now();
      const said = saidOnce();
      let saidIt = false;
      for (let i = 0; i < 8 || !saidIt; i++) {
        expect(i, 'the meter to show silence, speech, then silence within 20 s of holding').toBeLessThan(80);
        await page().waitForTimeout(250);
        await keyboard.down('KeyL');
        expect(await status().textContent()).toBe('Status: Listening');
        saidIt ||= await said();
      }
      expect(server.requests.length).toBe(sent);
      const heldSeconds = (Date.now() - heldFrom) / 1000;
      await keyboard.up('KeyL');
      await keyboard.up('Shift');
      await keyboard.up('Control');
      await incremented(shown, before);
      // One recording, of most of the hold (silence is trimmed in main; a restart at a repeat would leave a quarter second).
      expect(server.requests.length, JSON.stringify(heard)).toBe(sent + 1);
      expect(heard.at(-1)!.seconds, JSON.stringify(heard.at(-1))).toBeGreaterThan(heldSeconds / 2);
    } finally {
      for (const key of [...held].reverse()) await page().keyboard.up(key);
    }
  });

  it('a transcription service that is down is a sentence, and the panel is idle again', async () => {
    server.scenario = 'http_500';
    try {
      await speak();
      await expect.poll(() => page().getByTestId('voice-problem').textContent(), { timeout: 20_000 }).toMatch(/\.$/);
      expect(await status().textContent()).toBe('Status: Ready');
      await checkState('voice-04-problem');
    } finally {
      server.scenario = 'ok';
    }
  });

  it('a spoken "stop" stops the command that runs (here one waiting for confirmation), before any planner', async () => {
    await voiceSettings({ review: false });
    const deleted = await fixture.counter('Deleted: ');
    const input = page().getByRole('textbox', { name: 'Command' });
    await input.fill('click Delete everything');
    await input.press('Enter');
    await page().getByRole('button', { name: 'Confirm', exact: true }).waitFor();
    answer = 'Stop.';
    try {
      await speak();
      await expect.poll(() => status().textContent(), { timeout: 20_000 }).toBe('Status: Ready');
    } finally {
      answer = 'click Increment';
    }
    expect(await page().locator('.entry-confirmation .answer').last().textContent()).toBe('No longer waiting for an answer.');
    expect(await fixture.counter('Deleted: ')).toBe(deleted);
    // The transcript went as a command, and the session answered it itself: it stopped the run.
    expect(panel.crossings.find((c) => c.channel === 'command:run' && c.args[0] === 'Stop.')?.reply).toEqual({ outcome: 'cancelled', message: 'Stopped.' });
  });

  it('a denied microphone permission is explained, and nothing listens', async () => {
    microphoneDenied = true;
    try {
      await page().getByRole('button', { name: 'Listen' }).click();
      await expect
        .poll(() => page().getByTestId('voice-problem').textContent())
        .toMatch(/^Assistive Control needs the microphone.+Privacy & Security › Microphone/);
      expect(await status().textContent()).toBe('Status: Ready');
      expect(await page().getByRole('meter').count()).toBe(0);
    } finally {
      microphoneDenied = false;
    }
  });

  it('the local engine downloads its model on first use with visible progress; Cancel stops the download and keeps the part', async () => {
    await page().getByRole('button', { name: 'Settings' }).click();
    await page()
      .getByLabel(/^On this computer/)
      .check();
    await page().getByLabel('Speech model').selectOption('tiny.en');
    await page().getByRole('button', { name: 'Save settings' }).click();
    await expect.poll(() => page().getByTestId('settings-message').textContent()).toMatch(/^Settings saved/);
    await page().getByRole('button', { name: 'Back to commands' }).click();

    await speak();
    const bar = page().getByRole('progressbar', { name: 'Speech model download' });
    await bar.waitFor({ timeout: 10_000 });
    await expect.poll(async () => Number(await bar.getAttribute('value'))).toBeGreaterThan(0);
    expect(Number(await bar.getAttribute('value'))).toBeLessThan(100);
    expect(await page().locator('.voice').textContent()).toMatch(/Downloading the speech model \(tiny\.en\): \d+%\./);
    expect(await status().textContent()).toBe('Status: Working out what you said');
    await checkState('voice-05-model-download');

    await page().getByRole('button', { name: 'Cancel', exact: true }).click();
    await expect.poll(() => status().textContent()).toBe('Status: Ready');
    // The download stopped, its part stays for the next time, and no model is in place.
    await expect.poll(() => existsSync(join(modelsDir, 'test-model.bin.part'))).toBe(true);
    expect(existsSync(join(modelsDir, 'test-model.bin'))).toBe(false);
  });
});
