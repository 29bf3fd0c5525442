/**
 * Spoken feedback through the real espeak-ng (written to a WAV file: the test machine has no
 * speakers): text is only ever spoken, never run or read as options; the queue; stop; a missing
 * synthesizer is a sentence. macOS's `say` cannot run here: its argument list is checked instead.
 */
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { decodeWav } from '../../src/voice/audio.js';
import type { SpeechError } from '../../src/voice/speech-error.js';
import { platformSynth, type Synth } from '../../src/voice/speech-synth.js';
import { createSpokenFeedback, speakableText } from '../../src/voice/spoken-feedback.js';

const ESPEAK = ['/usr/bin/espeak-ng', '/usr/local/bin/espeak-ng'].some((p) => existsSync(p));
const linux = process.platform === 'linux';
// scripts/setup.sh installs it, so on Linux a missing espeak-ng is a failure that says how to fix it.
if (linux && !ESPEAK) throw new Error('espeak-ng is not installed: run "sudo apt-get install -y espeak-ng" (or bash scripts/setup.sh).');

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'ac-tts-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

function seconds(wavPath: string): number {
  const wav = decodeWav(readFileSync(wavPath));
  return wav.samples.length / wav.channels / wav.sampleRate;
}

describe.runIf(linux)('spoken feedback on Linux (espeak-ng, real)', () => {
  it('speaks a Scheme-looking text as words: the command inside it never runs', async () => {
    const marker = join(dir, 'tts-injected');
    const wav = join(dir, 'out.wav');
    const tts = createSpokenFeedback({ enabled: true, rate: 300, wavPath: wav });
    expect(await tts.speak(`hi") (system "touch ${marker}") ("`)).toBe('spoken');
    expect(existsSync(marker)).toBe(false);
    expect(seconds(wav)).toBeGreaterThan(1); // the whole text was read out, not just "hi"
  });

  it('a leading "-", quotes and newlines are spoken as data, all lines of it', async () => {
    const wav = join(dir, 'out.wav');
    const injectedWav = join(dir, 'injected.wav');
    const tts = createSpokenFeedback({ enabled: true, rate: 300, wavPath: wav });
    expect(await tts.speak('hello')).toBe('spoken');
    const oneWord = seconds(wav);
    expect(await tts.speak(`-w ${injectedWav} --version\n"quoted" 'single' $(touch ${join(dir, 'x')})\nthird line of the message`)).toBe('spoken');
    expect(existsSync(injectedWav)).toBe(false);
    expect(readdirSync(dir)).toEqual(['out.wav']);
    expect(seconds(wav)).toBeGreaterThan(oneWord * 4);
  });

  it('a confirmation follows the current line; a question interrupts it and drops what waits; stop silences all', async () => {
    const tts = createSpokenFeedback({ enabled: true, rate: 80, wavPath: join(dir, 'out.wav') });
    const long = 'This is a long line that takes several seconds to say at eighty words a minute, on purpose.';
    const first = tts.speak(long);
    const second = tts.speak('Opened Safari');
    const question = tts.speak('Which one: Send or Save?', { interrupt: true });
    expect(await first).toBe('stopped');
    expect(await second).toBe('dropped');
    expect(await question).toBe('spoken');

    const again = tts.speak(long);
    const queued = tts.speak('Typed in Message');
    // Written to a file, espeak-ng is faster than speech: stop while it has barely started.
    tts.stop();
    expect(await again).toBe('stopped');
    expect(await queued).toBe('dropped');
  });

  it('off means silent; the rate is clamped to the settings range', async () => {
    const wav = join(dir, 'out.wav');
    const tts = createSpokenFeedback({ enabled: false, rate: 175, wavPath: wav });
    expect(await tts.speak('Opened Safari')).toBe('off');
    expect(existsSync(wav)).toBe(false);
    tts.setEnabled(true);
    tts.setRate(450);
    expect(await tts.speak('Opened Safari, then typed in the message field')).toBe('spoken');
    const fast = seconds(wav);
    tts.setRate(10); // clamped to 80
    expect(await tts.speak('Opened Safari, then typed in the message field')).toBe('spoken');
    expect(seconds(wav)).toBeGreaterThan(fast * 2);
  });
});

describe('spoken feedback without a synthesizer', () => {
  it('is a sentence, told once, and speak still resolves', async () => {
    const real = platformSynth('linux');
    const missing: Synth = { ...real, synthCommand: (t, r) => ({ ...real.synthCommand(t, r), file: join(dir, 'no-espeak-ng-here') }) };
    const errors: SpeechError[] = [];
    const tts = createSpokenFeedback({ enabled: true, rate: 175, synth: missing, onError: (e) => errors.push(e) });
    expect(await tts.speak('Opened Safari')).toBe('failed');
    expect(await tts.speak('Typed in Message')).toBe('failed');
    expect(errors).toHaveLength(1);
    expect(errors[0]?.code).toBe('tts_unavailable');
    expect(errors[0]?.message).toMatch(/needs espeak-ng.*sudo apt install espeak-ng.*turn spoken feedback off/);
  });
});

describe('synthesizer command lines', () => {
  const odd = '-v\n"x" hi") (system "touch /x") ("';
  it('espeak-ng gets the text on stdin only', () => {
    const cmd = platformSynth('linux').synthCommand(odd, 200);
    expect(cmd.file).toBe('espeak-ng');
    expect(cmd.args).toEqual(['-s', '200', '--stdin']);
    expect(cmd.stdin).toBe(odd);
  });
  it('say gets the text as one argument after "--"', () => {
    const cmd = platformSynth('darwin').synthCommand(odd, 200);
    expect(cmd.file).toBe('/usr/bin/say');
    expect(cmd.args).toEqual(['-r', '200', '--', odd]);
    expect(cmd.stdin).toBeUndefined();
  });
  it('the language chooses the voice: espeak-ng -v de, say’s German voice; English keeps the default voice of say', () => {
    expect(platformSynth('linux').synthCommand('Erledigt.', 200, undefined, 'de').args).toEqual(['-v', 'de', '-s', '200', '--stdin']);
    expect(platformSynth('linux').synthCommand('Done.', 200, '/x.wav', 'en').args).toEqual(['-v', 'en', '-s', '200', '-w', '/x.wav', '--stdin']);
    expect(platformSynth('darwin').synthCommand('Erledigt.', 200, undefined, 'de').args).toEqual(['-v', 'Anna', '-r', '200', '--', 'Erledigt.']);
    expect(platformSynth('darwin').synthCommand('Done.', 200, undefined, 'en').args).toEqual(['-r', '200', '--', 'Done.']);
  });
  it('control characters become spaces and a very long text is cut at a word', () => {
    expect(speakableText('Opened\u0000 Safari\u0007')).toBe('Opened  Safari');
    const long = speakableText('word '.repeat(500));
    expect(long.length).toBeLessThanOrEqual(1000);
    expect(long.endsWith('word')).toBe(true);
  });
});
