/**
 * Spoken feedback through Debian's speech-dispatcher (issue #30 item 6), on the private desktop.
 *
 * The real server runs with a configuration of its own (tests/support/speech-dispatcher.ts): what
 * its output module is given is recorded, and a line with "slowly" in it is said until cancelled.
 * The screen reader is the desktop's own flag (org.a11y.Status ScreenReaderEnabled on the
 * accessibility bus) and a process named orca.
 */
import { execFile, spawn } from 'node:child_process';
import { copyFileSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createSettingsStore, defaultSettings } from '../../src/config/settings.js';
import type { PanelSession } from '../../src/core/panel-session.js';
import { dbusSend } from '../../src/shared/dbus-send.js';
import { decodeWav } from '../../src/voice/audio.js';
import { platformSynth } from '../../src/voice/speech-synth.js';
import { screenReaderFlag, screenReaderProcess } from '../../src/voice/speech-route.js';
import { createSpokenFeedback } from '../../src/voice/spoken-feedback.js';
import { speakEvents } from '../../src/core/voice-feedback.js';
import type { Language } from '../../src/shared/language.js';
import { desktopSkipReason, stopPid, until } from '../support/desktop.js';
import { speechDispatcherMissing, startSpeechDispatcher, type TestSpeechDispatcher } from '../support/speech-dispatcher.js';
import { openLoopFixture, type LoopFixture } from '../support/loop-fixture.js';
import { startTestCore } from '../support/panel-core.js';
import { closePorts } from '../support/port-link.js';

const skip = desktopSkipReason();
// scripts/setup.sh installs it, so on a desktop that runs a missing server is a failure that says how to fix it.
if (!skip && speechDispatcherMissing()) throw new Error(speechDispatcherMissing());

let dir: string;
let server: TestSpeechDispatcher;
let fixture: LoopFixture;
const said = (): string[] => server.said();

/** Sets the desktop's "a screen reader is on" flag, as Orca does when it starts. */
async function setScreenReaderFlag(on: boolean): Promise<void> {
  const args = ['--print-reply', '--dest=org.a11y.Bus', '/org/a11y/bus', 'org.freedesktop.DBus.Properties.Set', 'string:org.a11y.Status'];
  if ((await dbusSend(execFile, [...args, 'string:ScreenReaderEnabled', `variant:boolean:${on}`], process.env)) === undefined) {
    throw new Error('The accessibility bus did not take the screen reader flag.');
  }
}

const env = () => ({ ...process.env, SPEECHD_ADDRESS: server.address });

/** The line said from piece `from` on, once it has reached `end`: the generic module says a message in pieces cut at its punctuation. */
const saidInFull = (pieces: () => string[], from: number, end: string): Promise<string> =>
  until(
    `a line ending “${end}” to be said`,
    async () => {
      const line = pieces().slice(from).join(' ').replace(/\s+/g, ' ');
      return line.endsWith(end) ? line : undefined;
    },
    15_000,
  );

describe.skipIf(skip !== '')('spoken feedback through speech-dispatcher, the screen reader’s queue', { timeout: 60_000 }, () => {
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'ac-speechd-'));
    // The desktop session first: the screen reader flag below is set on its accessibility bus.
    fixture = await openLoopFixture();
    server = await startSpeechDispatcher(dir);
  }, 60_000);

  afterAll(async () => {
    await server?.stop();
    await setScreenReaderFlag(false).catch(() => undefined);
    closePorts();
    await fixture?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  beforeEach(async () => {
    rmSync(join(dir, 'said.txt'), { force: true });
    rmSync(join(dir, 'languages.txt'), { force: true });
    await setScreenReaderFlag(false);
  });

  it('a line goes through speech-dispatcher when it runs, as data only: quotes, a leading dot, $() and a lone "." are said, never run', async () => {
    const tts = createSpokenFeedback({ enabled: true, rate: 175, env: env() });
    const marker = join(dir, 'injected');
    expect(await tts.speak('Opened Safari')).toBe('spoken');
    expect(await tts.speak(`"quoted" 'single' $(touch ${marker})\n.\n.leading dot`)).toBe('spoken');
    // The generic module says a message in pieces cut at its punctuation: each line is looked for in what it said.
    expect(said()[0]).toBe('Opened Safari');
    expect(said()).toEqual(expect.arrayContaining([`"quoted" 'single' $(touch ${marker})`, '.', '.leading dot']));
    expect(existsSync(marker)).toBe(false);
  });

  it('a question interrupts a line being said (cancelled in speech-dispatcher) and drops what waits', async () => {
    const tts = createSpokenFeedback({ enabled: true, rate: 175, env: env() });
    const first = tts.speak('This line is said slowly, on purpose.');
    const second = tts.speak('Opened Safari');
    await until('the first line to reach speech-dispatcher', async () => (said().length > 0 ? true : undefined));
    expect(tts.speaking()).toBe(true);
    const question = tts.speak('Which one: Send or Save?', { interrupt: true });
    expect(await first).toBe('stopped');
    expect(await second).toBe('dropped');
    expect(await question).toBe('spoken');
    expect(said()).toEqual(['This line is said slowly, on purpose.', 'Which one: Send or Save?']);
  });

  it('a result of a command on the real core is said through speech-dispatcher', async () => {
    const settingsDir = mkdtempSync(join(dir, 'core-'));
    const base = defaultSettings();
    await createSettingsStore({ dir: settingsDir }).save({ ...base, onboardingDone: true, spokenFeedback: { ...base.spokenFeedback, enabled: true } });
    const feedback = createSpokenFeedback({ enabled: false, rate: 175, env: env() });
    const session: PanelSession = await startTestCore({ fixture, dir: settingsDir, push: () => undefined, feedback });
    await session.handle('command:run', ['click Increment']);
    const lines = await until('the result to be said', async () => (said().length > 0 ? said() : undefined), 15_000);
    expect(lines).toEqual(['Clicked “Increment”.']);
  });

  it('with German set, each line goes in German (SSIP LANGUAGE de) in the German frame; element names as they are', async () => {
    const tts = createSpokenFeedback({ enabled: false, rate: 175, env: env() });
    const settings = { enabled: true, rate: 175 };
    let language: Language = 'de';
    const onEvent = speakEvents(
      tts,
      () => settings,
      () => language,
    );
    const spoken = (from: number, end: string) => saidInFull(said, from, end);
    onEvent({ type: 'action_result', ok: true, message: 'Clicked “Löschen”.' });
    expect(await spoken(0, '“Löschen”.')).toBe('Erledigt: Clicked “Löschen”.');
    const before = said().length;
    onEvent({ type: 'confirmation_request', id: 'q1', summary: 'Click “Alle löschen”.', risk: { level: 'destructive', reason: 'It deletes.' } });
    expect(await spoken(before, 'oder nein zum Abbrechen.')).toBe(
      'Soll ich das tun? Click “Alle löschen”. Das lässt sich nicht rückgängig machen: sag bestätigen, um es zu tun, oder nein zum Abbrechen.',
    );
    // Each piece the module was given was asked for in German.
    expect(new Set(server.languages())).toEqual(new Set(['de']));
    // Back to English: the next line is English again, in English.
    language = 'en';
    const english = said().length;
    onEvent({ type: 'action_result', ok: true, message: 'Clicked “Send”.' });
    expect(await spoken(english, '“Send”.')).toBe('Clicked “Send”.');
    expect(server.languages().at(-1)).toBe('en');
  });

  it('on the real core with German set, a command it did not understand is said in the German frame, through speech-dispatcher', async () => {
    const settingsDir = mkdtempSync(join(dir, 'core-de-'));
    const base = defaultSettings();
    await createSettingsStore({ dir: settingsDir }).save({
      ...base,
      onboardingDone: true,
      language: 'de',
      spokenFeedback: { ...base.spokenFeedback, enabled: true },
    });
    const feedback = createSpokenFeedback({ enabled: false, rate: 175, env: env() });
    const session: PanelSession = await startTestCore({ fixture, dir: settingsDir, push: () => undefined, feedback });
    await session.handle('command:run', ['frobnicate the wibble']);
    expect(await saidInFull(said, 0, 'Befehle zu hören.')).toBe('Ich habe das nicht verstanden. Sag „was kann ich sagen“, um die Befehle zu hören.');
    expect(new Set(server.languages())).toEqual(new Set(['de']));
  });

  it('quiet while a screen reader runs, when the user asked for it: the desktop’s flag, then an orca process', async () => {
    const tts = createSpokenFeedback({ enabled: true, rate: 175, env: env(), quietWithScreenReader: true });
    await setScreenReaderFlag(true);
    expect(await screenReaderFlag(env())).toBe(true);
    expect(await tts.speak('Opened Safari')).toBe('quiet');
    // Asked for nothing: the screen reader runs, and the line goes to the queue it shares.
    tts.setQuietWithScreenReader(false);
    expect(await tts.speak('Typed in Message')).toBe('spoken');
    tts.setQuietWithScreenReader(true);
    await setScreenReaderFlag(false);
    expect(await screenReaderFlag(env())).toBe(false);
    expect(await tts.speak('Scrolled down')).toBe('spoken');

    // A process named orca (a copy of sleep under that name) is a screen reader too.
    const orcaPath = join(dir, 'orca');
    copyFileSync('/bin/sleep', orcaPath);
    const orca = spawn(orcaPath, ['600'], { stdio: 'ignore' });
    try {
      await until('the orca process to run', async () => (screenReaderProcess() ? true : undefined));
      expect(await tts.speak('Opened Firefox')).toBe('quiet');
    } finally {
      if (orca.pid) stopPid(orca.pid);
    }
    await until('the orca process to end', async () => (screenReaderProcess() ? undefined : true));
    expect(await tts.speak('Pressed Enter')).toBe('spoken');
    expect(said()).toEqual(['Typed in Message', 'Scrolled down', 'Pressed Enter']);
  });

  it('without speech-dispatcher, espeak-ng says the line', async () => {
    const wav = join(dir, 'espeak.wav');
    const linux = platformSynth('linux');
    const tts = createSpokenFeedback({
      enabled: true,
      rate: 300,
      env: { ...process.env, SPEECHD_ADDRESS: `unix_socket:${join(dir, 'nothing-listens-here.sock')}` },
      // espeak-ng as the platform runs it, writing to a file instead of the speakers.
      synth: { ...linux, synthCommand: (text, rate) => linux.synthCommand(text, rate, wav) },
    });
    expect(await tts.speak('Opened Safari')).toBe('spoken');
    expect(decodeWav(readFileSync(wav)).samples.length).toBeGreaterThan(0);
    expect(said()).toEqual([]);
  });

  // Last: it stops the server the other cases share.
  it('speech-dispatcher going away: the next line is said by espeak-ng, without a word from the user', async () => {
    const wav = join(dir, 'after.wav');
    const linux = platformSynth('linux');
    const errors: string[] = [];
    const tts = createSpokenFeedback({
      enabled: true,
      rate: 300,
      env: env(),
      synth: { ...linux, synthCommand: (text, rate) => linux.synthCommand(text, rate, wav) },
      onError: (e) => errors.push(e.message),
    });
    expect(await tts.speak('Opened Safari')).toBe('spoken');
    expect(said()).toEqual(['Opened Safari']);
    await server.stop();
    expect(await tts.speak('Typed in Message')).toBe('spoken');
    expect(decodeWav(readFileSync(wav)).samples.length).toBeGreaterThan(0);
    expect(said()).toEqual(['Opened Safari']);
    expect(errors).toEqual([]);
  });
});
