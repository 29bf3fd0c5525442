// Privacy while asleep (issue #27 item 5), in the core: the listening session and the voice session
// wired as core-process.ts wires them, on the real Silero detector and the real OpenAI-compatible
// transcriber against the loopback server. The core holds the sleep state: "go to sleep" heard in a
// transcript of its own utterance puts it to sleep; then no utterance reaches the panel, and the wake
// check sends only what may be the wake phrase (or nothing, when whisper on this computer hears it).
import { tmpdir } from 'node:os';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { composeSpeechEngine } from '../../src/compose/speech.js';
import { createSecretStore } from '../../src/config/secret-store.js';
import { defaultSettings, type Settings } from '../../src/config/settings.js';
import { ListeningSession } from '../../src/core/listening-session.js';
import { VoiceSession } from '../../src/core/voice-session.js';
import type { ListenReply } from '../../src/shared/listening.js';
import { floatToInt16, SPEECH_SAMPLE_RATE } from '../../src/shared/pcm.js';
import { decodeWav } from '../../src/voice/audio.js';
import type { SpeechToText } from '../../src/voice/speech-to-text.js';
import { createSileroVad, type VoiceActivityDetector } from '../../src/voice/vad.js';
import { UtteranceSegmenter } from '../../src/voice/segmenter.js';
import { WAKE_SHAPE, wakeShape } from '../../src/voice/wake-shape.js';
import { concat, espeak, mix, noise, silence } from '../support/spoken-audio.js';
import { isTheRecording, matchRecording } from '../support/voice-audio-match.js';
import { transcriptionServerForTests } from '../voice/transcription-loopback.js';

const BLOCK = 512;
const LONG = 'the prime minister said today that the budget would be balanced by the end of next year and that taxes would not rise';
const PHRASES = ['wake up', 'go to sleep', 'click Increment', LONG] as const;

describe('privacy while asleep, in the core', { timeout: 120_000 }, () => {
  let detector: VoiceActivityDetector;
  const server = transcriptionServerForTests();
  const recordings = new Map<string, Float32Array>(PHRASES.map((p) => [p, espeak(p)]));
  /** What the server heard, request by request: the phrase it matched, or ''. */
  const heard: string[] = [];

  beforeAll(async () => {
    detector = await createSileroVad();
    server.respond = (request) => {
      const wav = decodeWav(request.file!.bytes);
      const phrase = PHRASES.find((p) => isTheRecording(matchRecording(recordings.get(p)!, wav.samples))) ?? '';
      heard.push(phrase);
      return phrase;
    };
  }, 60_000);
  beforeEach(() => {
    heard.length = 0;
  });

  const settings = (): Settings => {
    const base = defaultSettings();
    return { ...base, voice: { ...base.voice, enabled: true, continuous: true, engine: 'online', transcriptionUrl: server.baseURL } };
  };
  const noKeys = createSecretStore({ backend: { get: async () => null, set: async () => undefined, delete: async () => false } });

  /** The two sessions as core-process.ts wires them; `local`: whisper on this computer for the wake check. */
  function core(local?: SpeechToText) {
    const listening: ListeningSession = new ListeningSession({
      createDetector: async () => detector,
      speaking: () => false,
      settings: async () => settings(),
      wakeTranscript: async (pcm, mayBeWake) => voice.wakeTranscript(pcm, mayBeWake),
    });
    const voice: VoiceSession = new VoiceSession({
      settings: async () => settings(),
      createEngine: (v, run) => composeSpeechEngine(v, { modelsDir: tmpdir(), secrets: noKeys }, run),
      vocabulary: () => [],
      listening: () => listening,
      localWakeEngine: async () => local,
    });
    return { listening, voice };
  }

  /** Says `phrase` into the core's listening, block by block, over room noise; returns every reply. */
  async function say(listening: ListeningSession, phrase: string): Promise<ListenReply[]> {
    const clean = concat(silence(0.4), recordings.get(phrase)!, silence(0.6));
    const pcm = floatToInt16(mix(clean, noise(clean.length / SPEECH_SAMPLE_RATE, 0.004, 'pink', 5)));
    const replies: ListenReply[] = [];
    for (let at = 0; at < pcm.length; at += BLOCK) replies.push(await listening.hear({ sampleRate: SPEECH_SAMPLE_RATE, pcm: pcm.slice(at, at + BLOCK) }));
    return replies.filter((r) => r.kind === 'utterance' || r.kind === 'asleep');
  }

  /** Awake: the utterance goes to the panel, which sends it back to be transcribed (as voice-control.tsx does). */
  async function sayAwake(c: ReturnType<typeof core>, phrase: string) {
    const [reply] = await say(c.listening, phrase);
    if (reply?.kind !== 'utterance') throw new Error(`expected an utterance, got ${JSON.stringify(reply?.kind)}`);
    expect(reply.utterance.heardId).toBeGreaterThan(0);
    return c.voice.transcribe(reply.utterance);
  }

  it('the shape test: the wake phrase, even said slowly, may be it; a sentence, or an utterance cut at the cap, is not', async () => {
    const shapeOf = async (audio: Float32Array, capped = false) => {
      const segmenter = new UtteranceSegmenter({ frameSamples: BLOCK });
      detector.reset();
      const pcm = floatToInt16(concat(silence(0.4), audio, silence(0.6)));
      for (let at = 0; at + BLOCK <= pcm.length; at += BLOCK) {
        const frame = pcm.subarray(at, at + BLOCK);
        const step = segmenter.push(frame, await detector.probability(frame));
        if (step.kind === 'utterance') return wakeShape({ ...step.segment, capped }, BLOCK);
      }
      throw new Error('no utterance');
    };
    for (const rate of ['175', '80']) {
      expect((await shapeOf(espeak('wake up', ['-s', rate]))).mayBeWake, `wake up at ${rate}`).toBe(true);
      expect((await shapeOf(espeak('start listening', ['-s', rate]))).mayBeWake, `start listening at ${rate}`).toBe(true);
    }
    const long = await shapeOf(recordings.get(LONG)!);
    expect(long.speechMs).toBeGreaterThan(WAKE_SHAPE.maxSpeechMs);
    expect(long.mayBeWake).toBe(false);
    expect((await shapeOf(recordings.get('wake up')!, true)).mayBeWake).toBe(false);
    // Bursts, from the frames' verdicts (32 ms each): two with a pause of 192 ms may be it (a slow
    // speaker between "wake" and "up"), three are not, however short; a pause under 160 ms splits nothing.
    const frames = (...runs: number[]) => Float32Array.from(runs.flatMap((n, i) => Array<number>(n).fill(i % 2 === 0 ? 0.9 : 0.1)));
    expect(wakeShape({ probabilities: frames(8, 6, 8), capped: false }, BLOCK)).toEqual({ mayBeWake: true, speechMs: 22 * 32, bursts: 2 });
    expect(wakeShape({ probabilities: frames(5, 6, 5, 6, 5), capped: false }, BLOCK)).toMatchObject({ mayBeWake: false, bursts: 3 });
    expect(wakeShape({ probabilities: frames(5, 4, 5, 4, 5), capped: false }, BLOCK)).toMatchObject({ mayBeWake: true, bursts: 1 });
  });

  it('online, no local model: asleep, long speech sends nothing; a short “wake up” is sent and wakes; awake, everything is sent', async () => {
    const c = core();
    // Awake: a command and the sleep phrase are transcribed; the core decides on the sleep phrase.
    await expect(sayAwake(c, 'click Increment')).resolves.toMatchObject({ ok: true, text: 'click Increment', heard: { next: 'awake', act: true } });
    await expect(sayAwake(c, 'go to sleep')).resolves.toMatchObject({
      ok: true,
      heard: { next: 'asleep', act: false, say: expect.stringMatching(/^Sleeping/) },
    });
    expect(c.listening.asleep).toBe(true);
    expect(server.requests).toHaveLength(2);
    // Asleep: the long sentence is heard, checked here, and dropped unsent.
    const [long] = await say(c.listening, LONG);
    expect(long).toEqual({ kind: 'asleep', sent: 'not_sent', heard: { next: 'asleep', act: false } });
    // A short command may be the wake phrase by its shape: sent, and it is not, so listening sleeps on.
    const [short] = await say(c.listening, 'click Increment');
    expect(short).toEqual({ kind: 'asleep', sent: 'online', heard: { next: 'asleep', act: false } });
    expect(heard).toEqual(['click Increment', 'go to sleep', 'click Increment']);
    // "wake up" is sent, and wakes.
    const [wake] = await say(c.listening, 'wake up');
    expect(wake).toMatchObject({ kind: 'asleep', sent: 'online', heard: { next: 'awake', act: false, say: expect.stringMatching(/^Awake/) } });
    expect(c.listening.asleep).toBe(false);
    // Awake again: even the long sentence goes to the panel, and is sent.
    await expect(sayAwake(c, LONG)).resolves.toMatchObject({ ok: true, heard: { act: true } });
    expect(heard).toEqual(['click Increment', 'go to sleep', 'click Increment', 'wake up', LONG]);
  });

  it('an utterance handed out just before “go to sleep” was understood is judged asleep when it comes back: long speech is not sent', async () => {
    const c = core();
    const [sleep] = await say(c.listening, 'go to sleep');
    const [next] = await say(c.listening, LONG);
    if (sleep?.kind !== 'utterance' || next?.kind !== 'utterance') throw new Error('expected two utterances while awake');
    await expect(c.voice.transcribe(sleep.utterance)).resolves.toMatchObject({ heard: { next: 'asleep' } });
    // The panel, a moment out of date, sends the next one: the core keeps it.
    await expect(c.voice.transcribe(next.utterance)).resolves.toEqual({
      ok: false,
      code: 'asleep',
      message: expect.stringMatching(/^Asleep/),
      heard: { next: 'asleep', act: false },
    });
    expect(heard).toEqual(['go to sleep']);
    // Sent twice, the same utterance is push-to-talk the second time: the core no longer owns it.
    expect(c.listening.claim(next.utterance.heardId)).toBeUndefined();
  });

  it('with whisper on this computer, nothing heard asleep goes online: the local engine hears the wake phrase', async () => {
    const local: string[] = [];
    const whisper: SpeechToText = {
      engine: 'whisper-local',
      transcribe: async (pcm) => {
        const phrase =
          PHRASES.find((p) =>
            isTheRecording(
              matchRecording(
                recordings.get(p)!,
                Float32Array.from(pcm, (x) => x / 32768),
              ),
            ),
          ) ?? '';
        local.push(phrase);
        return { text: phrase, engine: 'whisper-local', ms: 1 };
      },
      close: async () => undefined,
    };
    const c = core(whisper);
    await sayAwake(c, 'go to sleep');
    expect(server.requests).toHaveLength(1);
    expect((await say(c.listening, 'click Increment'))[0]).toEqual({ kind: 'asleep', sent: 'local', heard: { next: 'asleep', act: false } });
    expect((await say(c.listening, LONG))[0]).toMatchObject({ kind: 'asleep', sent: 'local' });
    expect((await say(c.listening, 'wake up'))[0]).toMatchObject({ kind: 'asleep', sent: 'local', heard: { next: 'awake' } });
    expect(local).toEqual(['click Increment', LONG, 'wake up']);
    expect(server.requests).toHaveLength(1);
  });

  it('an uncertain “wake up” does not wake; stopping listening wakes it for the next start', async () => {
    const c = core();
    await sayAwake(c, 'go to sleep');
    server.confidence = { avg_logprob: -1.5, no_speech_prob: 0.7 };
    try {
      expect((await say(c.listening, 'wake up'))[0]).toMatchObject({ kind: 'asleep', sent: 'online', heard: { next: 'asleep' } });
    } finally {
      server.confidence = { avg_logprob: -0.2, no_speech_prob: 0.02 };
    }
    await c.listening.stop();
    expect(c.listening.asleep).toBe(false);
  });
});

describe('the voice session while a question waits, and uncertain transcripts', () => {
  const server = transcriptionServerForTests();

  it('the screen’s names are no hint while a question waits (issue #27), and are again after', async () => {
    let waiting = true;
    const base = defaultSettings();
    const voice: VoiceSession = new VoiceSession({
      settings: async () => ({ ...base, voice: { ...base.voice, enabled: true, engine: 'online', transcriptionUrl: server.baseURL } }),
      createEngine: (v, run) =>
        composeSpeechEngine(
          v,
          { modelsDir: tmpdir(), secrets: createSecretStore({ backend: { get: async () => null, set: async () => undefined, delete: async () => false } }) },
          run,
        ),
      vocabulary: () => ['Delete all parcels', 'Increment'],
      questionWaiting: () => waiting,
    });
    const speech = floatToInt16(espeak('yes'));
    await expect(voice.transcribe({ sampleRate: 16_000, channels: 1, pcm: speech })).resolves.toMatchObject({ ok: true });
    waiting = false;
    await expect(voice.transcribe({ sampleRate: 16_000, channels: 1, pcm: speech })).resolves.toMatchObject({ ok: true });
    expect(server.requests.map((r) => r.fields.prompt)).toEqual([undefined, 'Delete all parcels, Increment']);
    // An uncertain transcript says so, and is remembered once for the core's answer rule.
    server.text = 'yes';
    server.confidence = { avg_logprob: -0.4, no_speech_prob: 0.9 };
    await expect(voice.transcribe({ sampleRate: 16_000, channels: 1, pcm: speech })).resolves.toMatchObject({ ok: true, text: 'yes', uncertain: true });
    expect(voice.wasUncertain('yes')).toBe(true);
    expect(voice.wasUncertain('yes')).toBe(false);
  });
});
