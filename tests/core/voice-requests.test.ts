// The voice requests the core answers for the panel: passed to speech to text and the listening
// session when the core has them, and otherwise each answered with what the user can do instead.
import { describe, expect, it } from 'vitest';
import { voiceRequests } from '../../src/core/voice-requests.js';

describe('the voice requests', () => {
  it('without voice, a spoken command and listening each answer in a sentence, and cancel, progress and stop do nothing', async () => {
    const r = voiceRequests({});
    expect(await r['voice:transcribe']({ sampleRate: 16_000, samples: [0, 0] } as never)).toEqual({
      ok: false,
      code: 'unavailable',
      message: 'Voice commands are not available in this version: type the command instead.',
    });
    expect(await r['voice:listen-audio']({} as never)).toEqual({
      kind: 'failed',
      message: 'Continuous listening is not available in this version: press Listen for each command instead.',
    });
    expect(await r['voice:progress']()).toBeNull();
    expect(await r['voice:cancel']()).toBeUndefined();
    expect(await r['voice:listen-stop']()).toBeUndefined();
  });

  it('with voice, each request reaches the session that owns it', async () => {
    const calls: string[] = [];
    const r = voiceRequests({
      voice: {
        transcribe: async () => (calls.push('transcribe'), { ok: true, text: 'click Send' }) as never,
        cancel: async () => void calls.push('cancel'),
        progress: async () => (calls.push('progress'), { percent: 40 }) as never,
        wasUncertain: () => false,
      },
      listening: {
        hear: async () => (calls.push('hear'), { kind: 'silence' }) as never,
        stop: async () => void calls.push('stop'),
      },
    });
    expect(await r['voice:transcribe']({} as never)).toEqual({ ok: true, text: 'click Send' });
    expect(await r['voice:progress']()).toEqual({ percent: 40 });
    expect(await r['voice:listen-audio']({} as never)).toEqual({ kind: 'silence' });
    await r['voice:cancel']();
    await r['voice:listen-stop']();
    expect(calls).toEqual(['transcribe', 'progress', 'hear', 'cancel', 'stop']);
  });
});
