/**
 * Spoken feedback through speech-dispatcher (Linux): the queue Orca and other screen readers speak
 * through, so the assistant and the screen reader take turns in one voice instead of two at once.
 *
 * One SSIP connection (ssip-client.ts), opened on the first line and again after it drops. Lines go
 * with priority "message": speech-dispatcher never speaks two messages at once and never drops this
 * priority for another client's text. A line ends when the server says it ended (or was cancelled);
 * `stop` cancels only this client's speech (CANCEL SELF), never the screen reader's.
 */
import type { Language } from '../shared/language.js';
import { SpeechError } from './speech-error.js';
import type { SpeechOutput, Utterance, UtteranceEnd } from './speech-output.js';
import { utteranceLimitMs } from './speech-output.js';
import { SsipConnection, ssipMessageData, type SsipAddress, type SsipEvent } from './ssip-client.js';

export const SPEECHD_NAME = 'speech-dispatcher';

/** The client name speech-dispatcher shows (and its per-client settings match). */
export const SPEECHD_CLIENT = 'user:assistive-control:feedback';

/** Words per minute (80–450, espeak-ng's 175 the middle) to SSIP's rate, -100 to 100 with 0 the voice's own. */
export function ssipRate(wpm: number): number {
  const r = wpm <= 175 ? ((wpm - 175) / 95) * 100 : ((wpm - 175) / 275) * 100;
  return Math.round(Math.max(-100, Math.min(100, r)));
}

export interface SpeechdOutput extends SpeechOutput {
  /** Connects when not connected; false when speech-dispatcher does not answer (it does not run). */
  ready(): Promise<boolean>;
  close(): void;
}

const FAILED =
  'Spoken feedback through speech-dispatcher failed, so this message was shown but not read aloud: check that speech-dispatcher runs (spd-say hello), or turn spoken feedback off in the settings.';

export function speechDispatcherOutput(address: SsipAddress, options: { readonly deadlineMs?: number } = {}): SpeechdOutput {
  let connection: SsipConnection | undefined;
  let opening: Promise<SsipConnection | undefined> | undefined;
  const waiting = new Map<string, (end: UtteranceEnd) => void>();
  /** Ends that came before their line's reply was read (the event can follow it in the same chunk). */
  const early = new Map<string, UtteranceEnd>();

  const onEvent = (event: SsipEvent) => {
    const end: UtteranceEnd | undefined = event.kind === 'end' ? 'spoken' : event.kind === 'cancelled' ? 'stopped' : undefined;
    if (!end) return;
    const resolve = waiting.get(event.messageId);
    if (resolve) {
      waiting.delete(event.messageId);
      resolve(end);
    } else {
      early.set(event.messageId, end);
      // Ends of lines nobody waits for any more (stopped, timed out) are forgotten, oldest first.
      if (early.size > 16) early.delete(early.keys().next().value as string);
    }
  };
  const onClose = () => {
    connection = undefined;
    for (const resolve of waiting.values()) resolve(new SpeechError('tts_failed', FAILED));
    waiting.clear();
    early.clear();
  };

  async function open(): Promise<SsipConnection | undefined> {
    try {
      const c = await SsipConnection.open(address, { onEvent, onClose, ...(options.deadlineMs ? { deadlineMs: options.deadlineMs } : {}) });
      await c.send(`SET SELF CLIENT_NAME ${SPEECHD_CLIENT}`);
      await c.send('SET SELF NOTIFICATION ALL on');
      await c.send('SET SELF PRIORITY message');
      return c;
    } catch {
      return undefined;
    }
  }

  async function ready(): Promise<boolean> {
    if (connection && !connection.closed) return true;
    opening ??= open().finally(() => (opening = undefined));
    connection = await opening;
    return connection !== undefined;
  }

  function say(text: string, rateWpm: number, language?: Language): Utterance {
    let stopped = false;
    let messageId: string | undefined;
    const run = async (): Promise<UtteranceEnd> => {
      if (!(await ready()) || !connection) return new SpeechError('tts_failed', FAILED);
      const c = connection;
      await c.send(`SET SELF RATE ${ssipRate(rateWpm)}`);
      // The voice of the language (an ISO 639 code, as SSIP takes it), set per line like the rate.
      if (language) await c.send(`SET SELF LANGUAGE ${language}`);
      if (stopped) return 'stopped';
      await c.send('SPEAK');
      const id = (await c.send(ssipMessageData(text))).data[0] ?? '';
      messageId = id;
      const already = early.get(id);
      if (already) {
        early.delete(id);
        return already;
      }
      return new Promise<UtteranceEnd>((resolve) => {
        const limit = setTimeout(
          () => {
            waiting.delete(id);
            c.send('CANCEL SELF').catch(() => undefined);
            resolve(new SpeechError('tts_failed', FAILED));
          },
          utteranceLimitMs(text, rateWpm),
        );
        waiting.set(id, (end) => {
          clearTimeout(limit);
          resolve(end);
        });
        if (stopped) c.send('CANCEL SELF').catch(() => undefined);
      });
    };
    const done = run().catch(() => (stopped ? 'stopped' : new SpeechError('tts_failed', FAILED)));
    return {
      done,
      stop() {
        stopped = true;
        if (messageId !== undefined) connection?.send('CANCEL SELF').catch(() => undefined);
      },
    };
  }

  return {
    name: SPEECHD_NAME,
    say,
    ready,
    close: () => connection?.close(),
  };
}
