// Answers by voice and by typing, and "what can I say" (issue #15), end to end: the built panel in
// Debian's Chromium with a fake microphone, wired to the real core (tests/support/panel-core.ts),
// the real loop and the real engine acting on the loop fixture app on the private desktop; effects are
// read back from the app through AT-SPI.
//
// The fake microphone plays an espeak-ng recording made when the tests start ("yes", "no", "the
// second one", "confirm"); before each utterance the test puts the wanted recording where Chromium reads it (it
// opens the file anew for each capture). The loopback transcription server answers with the words of
// the one recording the audio it received is (tests/support/voice-audio-match.ts), and with nothing
// usable otherwise: what the panel heard is what the microphone said. Spoken feedback is on and runs
// espeak-ng for real (into WAV files); the lines it was given are kept to check what was said.
// Each new state passes axe-core. After each test the panel is brought back to idle.
import { execFileSync } from 'node:child_process';
import { readFileSync, renameSync, writeFileSync } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { PanelSession } from '../../src/core/panel-session.js';
import { floatToInt16, resampleTo16k } from '../../src/shared/pcm.js';
import { decodeWav, encodeWav } from '../../src/voice/audio.js';
import { createSpokenFeedback, type SpokenFeedback } from '../../src/voice/spoken-feedback.js';
import { desktopSkipReason, until } from '../support/desktop.js';
import { openLoopFixture, type LoopFixture } from '../support/loop-fixture.js';
import { axeViolations, fakeMicrophone, openPanel, type PanelBrowser } from '../support/panel-browser.js';
import { startTestCore, voicePanelSetup } from '../support/panel-core.js';
import { closePorts } from '../support/port-link.js';
import { isTheRecording, matchRecording } from '../support/voice-audio-match.js';
import { startTranscriptionServer, type TranscriptionServer } from '../voice/transcription-loopback.js';

const skip = desktopSkipReason();
const ARTIFACTS = fileURLToPath(new URL('../../artifacts/panel/', import.meta.url));
/** What the recordings say, and what a speech-to-text engine would write for each. */
const PHRASES = { yes: 'Yes.', no: 'No.', second: 'The second one.', confirm: 'Confirm.' } as const;
type Phrase = keyof typeof PHRASES;

/** espeak-ng's recording of `text` as the fake microphone plays it: 16 kHz mono, 0.3 s of silence on each side. */
function record(dir: string, name: string, text: string): Float32Array {
  const raw = join(dir, `${name}-raw.wav`);
  execFileSync('espeak-ng', ['-v', 'en-us', '-s', '150', '-w', raw, text]);
  const wav = decodeWav(readFileSync(raw));
  const speech = resampleTo16k(wav.samples, wav.sampleRate);
  const pad = new Float32Array(4800);
  const padded = new Float32Array(pad.length * 2 + speech.length);
  padded.set(speech, pad.length);
  writeFileSync(join(dir, `${name}.wav`), encodeWav(floatToInt16(padded)));
  return padded;
}

describe.skipIf(skip !== '')('answers by voice and typing, and "what can I say", on the real core, loop and desktop', { timeout: 90_000 }, () => {
  let fixture: LoopFixture;
  let panel: PanelBrowser;
  let session: PanelSession;
  let server: TranscriptionServer;
  let dir = '';
  /** Where Chromium's fake microphone reads its audio. */
  let microphone = '';
  const recordings = new Map<Phrase, Float32Array>();
  /** Every line given to spoken feedback, in order. */
  const spoken: string[] = [];

  const page = () => panel.page;
  const status = () => page().getByRole('status');
  const entries = () => page().locator('.entries > li');
  const lastEntries = async (from: number) => (await entries().allTextContents()).slice(from);
  /** The entries after the first `from`, polled for up to 20 s (a failure says what the server heard). */
  const entriesAfter = (from: number) => expect.poll(() => lastEntries(from), { timeout: 20_000, message: `heard: ${JSON.stringify(heard)}` });
  const counter = (prefix: string) => fixture.counter(prefix);
  const checkState = async (name: string) => {
    await panel.screenshot(name);
    expect(await axeViolations(page()), name).toEqual([]);
  };
  const send = async (command: string) => {
    const input = page().getByRole('textbox', { name: 'Command' });
    await input.fill(command);
    await input.press('Enter');
  };
  const idle = async () => (await status().textContent()) === 'Status: Ready' && (await page().getByRole('button', { name: 'Listen' }).isVisible());

  /** Puts `phrase`'s recording where the fake microphone reads it (a rename: Chromium never reads half a file). */
  const useRecording = (phrase: Phrase) => {
    const next = join(dir, 'next-microphone.wav');
    writeFileSync(next, readFileSync(join(dir, `${phrase}.wav`)));
    renameSync(next, microphone);
  };
  /**
   * Listen, let the fake microphone say `phrase` once whole (the level meter shows silence, speech,
   * then silence again: counted in what the panel captured, not in time), then Done.
   */
  const speak = async (phrase: Phrase) => {
    useRecording(phrase);
    await page().getByRole('button', { name: 'Listen' }).click();
    await expect.poll(() => status().textContent()).toBe('Status: Listening');
    const meter = page().getByRole('meter', { name: 'Microphone level' });
    let state: 'before' | 'quiet' | 'speech' | 'after' = 'before';
    await expect
      .poll(
        async () => {
          const level = Number(await meter.getAttribute('aria-valuenow', { timeout: 5_000 }));
          if (level === 0 && state === 'before') state = 'quiet';
          else if (level > 10 && state === 'quiet') state = 'speech';
          else if (level === 0 && state === 'speech') state = 'after';
          return state;
        },
        { timeout: 20_000, interval: 30, message: 'the meter to show silence, speech, then silence' },
      )
      .toBe('after');
    await page().getByRole('button', { name: 'Done' }).click();
  };
  /** Waits for the confirmation of a typed destructive command. */
  const askToDelete = async () => {
    await send('click Delete everything');
    await page().getByRole('button', { name: 'Confirm', exact: true }).waitFor();
    expect(await status().textContent()).toBe('Status: Waiting for you');
  };
  /** What the server heard, by phrase: the one recording the audio is, else nothing usable. */
  const heard: Array<Phrase | null> = [];

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'ac-answers-'));
    for (const [phrase, text] of Object.entries(PHRASES) as Array<[Phrase, string]>) recordings.set(phrase, record(dir, phrase, text.replace(/\.$/, '')));
    microphone = join(dir, 'microphone.wav');
    useRecording('yes');
    fixture = await openLoopFixture();
    server = await startTranscriptionServer();
    server.respond = (request) => {
      const wav = decodeWav(request.file!.bytes);
      const which =
        wav.sampleRate === 16_000 && wav.channels === 1 ? [...recordings].filter(([, source]) => isTheRecording(matchRecording(source, wav.samples))) : [];
      const phrase = which.length === 1 ? which[0]![0] : null;
      heard.push(phrase);
      return phrase ? PHRASES[phrase] : 'the audio was none of the recordings';
    };
    const bundleDir = await voicePanelSetup(dir, server.baseURL, (s) => ({
      ...s,
      spokenFeedback: { ...s.spokenFeedback, enabled: true },
      voice: { ...s.voice, review: false },
    }));
    // espeak-ng for real, into a file (no sound card here); the lines are kept to read back.
    const voice = createSpokenFeedback({ enabled: true, rate: 450, wavPath: join(dir, 'spoken.wav') });
    const feedback: SpokenFeedback = { ...voice, speak: (text, options) => (spoken.push(text), voice.speak(text, options)) };
    session = await startTestCore({ fixture, dir, push: (event) => panel.push(event), speech: { modelsDir: join(dir, 'models') }, feedback });
    panel = await openPanel({
      bundleDir,
      artifactsDir: ARTIFACTS,
      session: () => session,
      chromiumArgs: fakeMicrophone(microphone),
    });
    await page().getByRole('button', { name: 'Listen' }).waitFor({ timeout: 20_000 });
  }, 90_000);

  // Whatever a test left (listening, a confirmation or a question waiting), the next starts from idle.
  afterEach(async () => {
    if (!panel || (await idle())) return;
    const p = page();
    if ((await p.getByRole('meter').count()) > 0) await p.keyboard.press('Escape');
    const stop = p.getByRole('button', { name: 'Stop', exact: true });
    if (await stop.isEnabled()) await stop.click();
    await expect.poll(idle, { timeout: 10_000 }).toBe(true);
  });

  afterAll(async () => {
    await panel?.close();
    closePorts();
    await server?.close();
    await fixture?.close();
  });

  // "yes, delete" (a yes that names the action) is shown by the answer rule's own tests
  // (tests/shared/answer-words.test.ts): its pause after the comma would end the fake microphone's
  // utterance early here.
  it('a spoken "yes" is not enough for a destructive action (issue #27); "confirm" confirms it exactly once; a second "yes" finds nothing waiting and does nothing', async () => {
    const deleted = await counter('Deleted: ');
    await askToDelete();
    let shown = await entries().count();
    // A bare "yes" (what a video, another app or a noise says in passing) does not answer it.
    await speak('yes');
    await entriesAfter(shown).toEqual([
      'You: Yes.',
      'Problem: Heard “Yes.”, which is not enough for this one: it cannot be undone. To do it, say “confirm”, or “yes, delete”; to cancel, say “no”. Click “Delete everything”.',
    ]);
    expect(await status().textContent()).toBe('Status: Waiting for you');
    expect(await counter('Deleted: ')).toBe(deleted);

    shown = await entries().count();
    const said = spoken.length;
    await speak('confirm');
    await entriesAfter(shown).toEqual(['You: Confirm.', 'Result: Clicked “Delete everything”.']);
    await expect.poll(() => status().textContent()).toBe('Status: Ready');
    expect(await page().locator('.entry-confirmation .answer').last().textContent()).toBe('You confirmed.');
    await until('the delete to count once', async () => ((await counter('Deleted: ')) === deleted + 1 ? true : undefined));
    // Heard and said back: the answer, then the result.
    expect(spoken.slice(said)).toEqual(['Confirmed.', 'Clicked “Delete everything”.']);

    // A late "yes": nothing waits, so nothing is planned or done, and the user is told so.
    const after = await entries().count();
    await speak('yes');
    await entriesAfter(after).toEqual([
      'You: Yes.',
      'Problem: Nothing is waiting for a yes or a no, so “Yes.” did nothing. Give a command, for example “click Send”, or say “what can I say”.',
    ]);
    await expect.poll(() => status().textContent()).toBe('Status: Ready');
    expect(await counter('Deleted: ')).toBe(deleted + 1);
    expect(heard.slice(-3)).toEqual(['yes', 'confirm', 'yes']);
    await checkState('answers-01-late-yes');
  });

  it('"confirm" said before the question appeared does not answer it (issue #27); said once it is asked, it does', async () => {
    const deleted = await counter('Deleted: ');
    let release = (): void => undefined;
    server.hold = new Promise<void>((resolve) => (release = resolve));
    const sent = server.requests.length;
    // Said while nothing asks; its transcription is still running when the question comes.
    await speak('confirm');
    await until('the spoken confirm to reach the transcription service', async () => (server.requests.length > sent ? true : undefined));
    // The question (the status bar says the transcription meanwhile).
    await send('click Delete everything');
    await page().getByRole('button', { name: 'Confirm', exact: true }).waitFor();
    const shown = await entries().count();
    server.hold = undefined;
    release();
    await entriesAfter(shown).toEqual([
      'You: Confirm.',
      'Problem: “Confirm.” was said before the question was asked, so it does not answer it and nothing was done. Still waiting for your answer to: Click “Delete everything”. Say “yes” to do it, “no” to cancel, or “stop”.',
    ]);
    expect(await status().textContent()).toBe('Status: Waiting for you');
    expect(await counter('Deleted: ')).toBe(deleted);
    // The same word, said now: it answers, and the button is pressed once.
    await speak('confirm');
    await expect.poll(() => status().textContent(), { timeout: 20_000 }).toBe('Status: Ready');
    expect(await page().locator('.entry-confirmation .answer').last().textContent()).toBe('You confirmed.');
    await until('the delete to count once', async () => ((await counter('Deleted: ')) === deleted + 1 ? true : undefined));
  });

  it('a spoken "no" cancels: the app shows the action did not run', async () => {
    const deleted = await counter('Deleted: ');
    await askToDelete();
    const shown = await entries().count();
    await speak('no');
    await entriesAfter(shown).toEqual(['You: No.', 'Result: Not done: you said no to “Click “Delete everything”.”.']);
    await expect.poll(() => status().textContent()).toBe('Status: Ready');
    expect(await page().locator('.entry-confirmation .answer').last().textContent()).toBe('You cancelled.');
    expect(await counter('Deleted: ')).toBe(deleted);
  });

  it('"the second one", spoken, answers the question "which OK?": the second button is pressed, the first is not', async () => {
    const left = await counter('Left presses: ');
    const right = await counter('Right presses: ');
    await send('click OK');
    await page().locator('.entry-clarification button.option').first().waitFor();
    await expect.poll(() => status().textContent()).toBe('Status: Ready');
    await speak('second');
    await until('the right OK to count', async () => ((await counter('Right presses: ')) === right + 1 ? true : undefined), 20_000);
    expect(await counter('Left presses: ')).toBe(left);
    expect(heard.at(-1)).toBe('second');
    await expect.poll(() => status().textContent()).toBe('Status: Ready');
  });

  it('typed: "yes" confirms once, "no" cancels, "the second one" answers; a sentence that contains "yes" does not confirm and the confirmation keeps waiting', async () => {
    const deleted = await counter('Deleted: ');
    await askToDelete();
    let shown = await entries().count();
    await send('yes but save it first');
    await expect
      .poll(() => lastEntries(shown))
      .toEqual([
        'You: yes but save it first',
        'Problem: “yes but save it first” is not a yes or a no, so nothing was done. Still waiting for your answer to: Click “Delete everything”. Say “yes” to do it, “no” to cancel, or “stop”.',
      ]);
    // Still waiting, with its buttons; the Send button is enabled for the answer.
    expect(await status().textContent()).toBe('Status: Waiting for you');
    expect(await page().getByRole('button', { name: 'Confirm', exact: true }).isVisible()).toBe(true);
    expect(await counter('Deleted: ')).toBe(deleted);
    await checkState('answers-02-not-an-answer');
    await send('yes');
    await expect.poll(() => entries().last().textContent()).toBe('Result: Clicked “Delete everything”.');
    await until('the delete to count once', async () => ((await counter('Deleted: ')) === deleted + 1 ? true : undefined));
    await expect.poll(() => status().textContent()).toBe('Status: Ready');

    await askToDelete();
    await send('no');
    await expect.poll(() => page().locator('.entry-confirmation .answer').last().textContent()).toBe('You cancelled.');
    await expect.poll(() => status().textContent()).toBe('Status: Ready');
    expect(await counter('Deleted: ')).toBe(deleted + 1);

    const right = await counter('Right presses: ');
    const left = await counter('Left presses: ');
    await send('click OK');
    await page().locator('.entry-clarification button.option').first().waitFor();
    await expect.poll(() => status().textContent()).toBe('Status: Ready');
    shown = await entries().count();
    // "yes" picks nothing: the question keeps its answer buttons.
    await send('yes');
    await expect.poll(async () => (await lastEntries(shown))[1] ?? '').toMatch(/^Problem: “yes” does not pick an answer\. Still waiting for your answer to: /);
    expect(await page().locator('.entry-clarification button.option').count()).toBe(2);
    await checkState('answers-03-question-waits');
    await send('the second one');
    await until('the right OK to count', async () => ((await counter('Right presses: ')) === right + 1 ? true : undefined), 20_000);
    expect(await counter('Left presses: ')).toBe(left);
    await expect.poll(() => status().textContent()).toBe('Status: Ready');
  });

  it('"what can I say" shows the grammar’s commands with the fixture’s own button names, read aloud; an example runs when pressed', async () => {
    const said = spoken.length;
    await send('what can I say');
    const guide = page().locator('.entry-guide').last();
    await guide.waitFor({ timeout: 20_000 });
    await expect.poll(() => status().textContent()).toBe('Status: Ready');
    // The app as AT-SPI names it (the fixture's process): the examples are from the app in front.
    expect(await guide.locator('p').first().textContent()).toBe('What you can say, with examples from “loop-fixture-app.py”.');
    const clickGroup = guide.getByRole('group', { name: 'Click a button, link or tab' });
    const examples = await clickGroup.getByRole('button').allTextContents();
    // The fixture's harmless buttons; "Delete everything" is not offered to be run with one press.
    expect(examples).toContain('click Increment');
    expect(examples.some((e) => e.includes('Delete'))).toBe(false);
    expect(
      spoken
        .slice(said)
        .some((line) => line.startsWith('What you can say, with examples from “loop-fixture-app.py”. Click a button, link or tab: click Increment.')),
    ).toBe(true);
    await checkState('answers-04-what-can-i-say');

    const count = await counter('Count: ');
    await clickGroup.getByRole('button', { name: 'click Increment' }).click();
    await until('the count to go up', async () => ((await counter('Count: ')) === count + 1 ? true : undefined), 20_000);
    await expect.poll(() => status().textContent()).toBe('Status: Ready');

    // While a confirmation waits, the guide is its answers, and pressing one answers it.
    const deleted = await counter('Deleted: ');
    await askToDelete();
    await send('help');
    const answers = page().locator('.entry-guide').last();
    await answers.getByRole('group', { name: 'Leave it' }).waitFor();
    await checkState('answers-05-help-while-confirming');
    await answers.getByRole('group', { name: 'Leave it' }).getByRole('button', { name: 'no', exact: true }).click();
    await expect.poll(() => status().textContent()).toBe('Status: Ready');
    expect(await counter('Deleted: ')).toBe(deleted);
  });
});
