/**
 * Main's own check of a spoken command before it is relayed to the core: a recording is the one
 * large payload the panel sends (up to ~1 MB), so its size and format are checked here, in Electron's
 * main process, before it is copied anywhere. The core checks it again (PanelSession.handle).
 */
import { REQUEST_SCHEMAS, type RequestChannel } from '../../shared/contracts/ipc-contract.js';

/** Throws a sentence when `args` of a voice channel break the contract; other channels pass through. */
export function checkVoicePayload(channel: RequestChannel, args: readonly unknown[]): void {
  if (channel !== 'voice:transcribe' && channel !== 'voice:listen-audio') return;
  const parsed = REQUEST_SCHEMAS[channel].safeParse(args);
  if (!parsed.success) throw new Error(`Refused ${channel}: ${parsed.error.issues[0]?.message ?? 'not a 16 kHz mono recording'}.`);
}
