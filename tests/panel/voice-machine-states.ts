// The voice machine's states and contexts the voice-machine tests start from: idle, starting,
// listening, transcribing and the review, each reached by the events that lead there.
import type { Waiting } from '../../src/shared/answer-words.js';
import type { VoiceUtterance } from '../../src/shared/contracts/voice-contract.js';
import { VOICE_START, voiceStep, type HeardContext, type VoiceEvent, type VoiceMachine } from '../../src/panel/voice/voice-machine.js';

export const NOTHING: Waiting = { kind: 'nothing' };
export const pushToTalk = (over: Partial<HeardContext> = {}): HeardContext => ({ continuous: false, waiting: NOTHING, review: false, ...over });
export const continuous = (over: Partial<HeardContext> = {}): HeardContext => ({ ...pushToTalk(over), continuous: true });
export const utterance = (samples: number): VoiceUtterance => ({ sampleRate: 16_000, pcm: new Int16Array(samples) }) as unknown as VoiceUtterance;

/** The state after each event in turn (effects dropped). */
export function after(events: readonly VoiceEvent[], from: VoiceMachine = VOICE_START): VoiceMachine {
  return events.reduce((s, e) => voiceStep(s, e).state, from);
}

export const STARTING = after([{ type: 'listen' }]);
export const LISTENING = after(
  [
    { type: 'permission', attempt: 1 },
    { type: 'capture_opened', attempt: 1 },
  ],
  STARTING,
);
export const TRANSCRIBING = after([{ type: 'transcribing' }]);
export const REVIEW = after(
  [{ type: 'transcribed', reply: { ok: true, text: 'open Firefox', engine: 'whisper', ms: 80 }, context: pushToTalk({ review: true }) }],
  TRANSCRIBING,
);
