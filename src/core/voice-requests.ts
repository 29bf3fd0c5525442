/**
 * The panel's voice requests, answered in the core: speech to text for one utterance (issue #8) and
 * the voice detector of continuous listening (issue #15). Without them, each request answers with the
 * sentence that says what the user can do instead.
 */
import type { RequestChannels } from '../shared/contracts/ipc-contract.js';
import type { ListeningSession } from './listening-session.js';
import type { VoiceSession } from './voice-session.js';

export interface VoiceRequestDeps {
  /** Speech to text for `voice:*` (issue #8); without it a spoken command gets a sentence saying voice is unavailable. */
  readonly voice?: Pick<VoiceSession, 'transcribe' | 'cancel' | 'progress' | 'wasUncertain'>;
  /** Continuous listening (issue #15): the voice detector on the microphone's blocks. */
  readonly listening?: Pick<ListeningSession, 'hear' | 'stop'>;
}

type VoiceChannel = 'voice:transcribe' | 'voice:cancel' | 'voice:progress' | 'voice:listen-audio' | 'voice:listen-stop';
type VoiceHandlers = { readonly [C in VoiceChannel]: (...args: Parameters<RequestChannels[C]>) => ReturnType<RequestChannels[C]> };

export function voiceRequests({ voice, listening }: VoiceRequestDeps): VoiceHandlers {
  return {
    'voice:transcribe': async (utterance) =>
      voice?.transcribe(utterance) ?? {
        ok: false,
        code: 'unavailable',
        message: 'Voice commands are not available in this version: type the command instead.',
      },
    'voice:cancel': async () => voice?.cancel(),
    'voice:progress': async () => (await voice?.progress()) ?? null,
    'voice:listen-audio': async (block) =>
      listening?.hear(block) ?? {
        kind: 'failed',
        message: 'Continuous listening is not available in this version: press Listen for each command instead.',
      },
    'voice:listen-stop': async () => listening?.stop(),
  };
}
