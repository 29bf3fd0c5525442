// The core's continuous listening on the real Silero detector: audio in 32 ms blocks as the panel
// sends it → utterances; refused while the setting is off; dropped while the assistant speaks.
import { beforeAll, describe, expect, it } from 'vitest';
import { defaultSettings, type Settings } from '../../src/config/settings.js';
import { ListeningSession } from '../../src/core/listening-session.js';
import type { ListenReply } from '../../src/shared/listening.js';
import { floatToInt16, SPEECH_SAMPLE_RATE } from '../../src/shared/pcm.js';
import { createSileroVad, type VoiceActivityDetector } from '../../src/voice/vad.js';
import { concat, espeak, silence } from '../support/spoken-audio.js';

const BLOCK = 512;

describe('continuous listening in the core', { timeout: 60_000 }, () => {
  let detector: VoiceActivityDetector;
  const command = espeak('click Increment');
  beforeAll(async () => {
    detector = await createSileroVad();
  }, 30_000);

  const settings = (continuous: boolean): Settings => {
    const base = defaultSettings();
    return { ...base, voice: { ...base.voice, enabled: true, continuous } };
  };
  function session(options: { continuous?: boolean; speaking?: () => boolean; now?: () => number } = {}) {
    return new ListeningSession({
      createDetector: async () => detector,
      speaking: options.speaking ?? (() => false),
      settings: async () => settings(options.continuous ?? true),
      ...(options.now ? { now: options.now } : {}),
    });
  }
  /** Sends the audio block by block, as the panel does; returns every reply. */
  async function send(s: ListeningSession, audio: Float32Array, before?: (block: number) => void): Promise<ListenReply[]> {
    const pcm = floatToInt16(audio);
    const replies: ListenReply[] = [];
    for (let at = 0, i = 0; at < pcm.length; at += BLOCK, i++) {
      before?.(i);
      replies.push(await s.hear({ sampleRate: SPEECH_SAMPLE_RATE, pcm: pcm.slice(at, at + BLOCK) }));
    }
    return replies;
  }
  const utterances = (replies: readonly ListenReply[]) => replies.filter((r) => r.kind === 'utterance');

  it('hands on each spoken command once, as a 16 kHz utterance the push-to-talk path accepts', async () => {
    const s = session();
    const replies = await send(s, concat(silence(0.5), command, silence(1), command, silence(0.6)));
    const got = utterances(replies);
    expect(got).toHaveLength(2);
    for (const r of got) {
      expect(r.utterance.sampleRate).toBe(16_000);
      expect(r.utterance.pcm.length / 16_000).toBeGreaterThan((command.length / 16_000) * 0.7);
    }
    // While the words were heard, the replies said so.
    expect(replies.some((r) => r.kind === 'listening' && r.speech)).toBe(true);
    await s.stop();
  });

  it('refuses audio with a sentence while continuous listening is off in the settings', async () => {
    const [reply] = await send(session({ continuous: false }), silence(0.032));
    expect(reply).toEqual({ kind: 'failed', message: expect.stringMatching(/^Continuous listening is off: turn it on in Settings → Voice/) });
  });

  it('while the assistant speaks, and for the echo tail after, nothing is heard; the command after that is', async () => {
    let clock = 0;
    let speaking = true;
    const s = session({ speaking: () => speaking, now: () => clock });
    // The microphone hears a command while the assistant is speaking: dropped.
    const during = await send(s, concat(command, silence(0.5)), () => (clock += 32));
    expect(during.every((r) => r.kind === 'paused')).toBe(true);
    // It stopped speaking mid-command: the rest of that command is not taken either.
    speaking = false;
    const half = command.subarray(Math.floor(command.length / 2));
    const after = await send(s, concat(half, silence(0.6)), () => (clock += 32));
    expect(utterances(after)).toEqual([]);
    expect(after.slice(0, 9).every((r) => r.kind === 'paused')).toBe(true);
    // The next command, said once the assistant is quiet, is heard.
    expect(utterances(await send(s, concat(command, silence(0.6)), () => (clock += 32)))).toHaveLength(1);
  });

  it('a detector that cannot load is a sentence, and is tried again at the next block', async () => {
    let tries = 0;
    const s = new ListeningSession({
      createDetector: async () => {
        tries++;
        throw new Error('no model');
      },
      speaking: () => false,
      settings: async () => settings(true),
    });
    const [first] = await send(s, silence(0.032));
    expect(first).toMatchObject({ kind: 'failed', message: expect.stringMatching(/^Continuous listening could not start/) });
    await send(s, silence(0.032));
    expect(tries).toBe(2);
  });
});
