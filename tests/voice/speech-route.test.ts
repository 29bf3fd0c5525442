/**
 * Which way a spoken line goes (issue #30 item 6): the decision table, the router built on it, and
 * the SSIP pieces (address, rate, message data). speech-dispatcher itself runs in
 * speech-dispatcher.desktop.test.ts.
 */
import { homedir } from 'node:os';
import { describe, expect, it } from 'vitest';
import type { SpeechOutput } from '../../src/voice/speech-output.js';
import { createSpeechRouter, speechRoute, type RouteFacts, type SpeechRouteKind } from '../../src/voice/speech-route.js';
import type { SpeechdOutput } from '../../src/voice/speechd-output.js';
import { ssipRate } from '../../src/voice/speechd-output.js';
import { ssipAddress, ssipMessageData } from '../../src/voice/ssip-client.js';

describe('the decision table', () => {
  const rows: Array<[RouteFacts, SpeechRouteKind]> = [
    [{ quietWithScreenReader: true, screenReader: true, speechDispatcher: true }, 'quiet'],
    [{ quietWithScreenReader: true, screenReader: true, speechDispatcher: false }, 'quiet'],
    [{ quietWithScreenReader: true, screenReader: false, speechDispatcher: true }, 'speech-dispatcher'],
    [{ quietWithScreenReader: true, screenReader: false, speechDispatcher: false }, 'synth'],
    [{ quietWithScreenReader: false, screenReader: undefined, speechDispatcher: true }, 'speech-dispatcher'],
    [{ quietWithScreenReader: false, screenReader: undefined, speechDispatcher: false }, 'synth'],
    // The setting off: a screen reader found some other way changes nothing (the queue keeps the voices apart).
    [{ quietWithScreenReader: false, screenReader: true, speechDispatcher: true }, 'speech-dispatcher'],
    [{ quietWithScreenReader: false, screenReader: true, speechDispatcher: false }, 'synth'],
  ];
  it.each(rows)('%o → %s', (facts, kind) => expect(speechRoute(facts)).toBe(kind));
});

describe('the router', () => {
  const synth: SpeechOutput = { name: 'espeak-ng', say: () => ({ done: Promise.resolve('spoken'), stop: () => undefined }) };
  const queue = (up: boolean): SpeechdOutput & { asked: number } => {
    const q = { name: 'speech-dispatcher', asked: 0, say: synth.say, close: () => undefined, ready: async () => (q.asked++, up) };
    return q;
  };

  it('looks for a screen reader only when the setting is on, and asks speech-dispatcher only when the line will be said', async () => {
    let looked = 0;
    const up = queue(true);
    const router = createSpeechRouter({ synth, sharedQueue: up, screenReader: async () => (looked++, true) });
    expect(await router.route(false)).toBe(up);
    expect(looked).toBe(0);
    expect(await router.route(true)).toBe('quiet');
    expect(looked).toBe(1);
    expect(up.asked).toBe(1);
  });

  it('falls back to the synthesizer when speech-dispatcher does not answer, and is the synthesizer alone where there is no queue', async () => {
    expect(await createSpeechRouter({ synth, sharedQueue: queue(false), screenReader: async () => false }).route(true)).toBe(synth);
    expect(await createSpeechRouter({ synth }).route(true)).toBe(synth);
  });
});

describe('SSIP', () => {
  it('finds the server where libspeechd does: SPEECHD_ADDRESS, else the runtime folder', () => {
    expect(ssipAddress({ XDG_RUNTIME_DIR: '/run/user/1000' })).toEqual({ path: '/run/user/1000/speech-dispatcher/speechd.sock' });
    expect(ssipAddress({ SPEECHD_ADDRESS: 'unix_socket:/tmp/s.sock', XDG_RUNTIME_DIR: '/run/user/1000' })).toEqual({ path: '/tmp/s.sock' });
    expect(ssipAddress({ SPEECHD_ADDRESS: 'unix_socket', XDG_RUNTIME_DIR: '/run/user/1000' })).toEqual({
      path: '/run/user/1000/speech-dispatcher/speechd.sock',
    });
    expect(ssipAddress({ SPEECHD_ADDRESS: 'inet_socket:127.0.0.1:6561' })).toEqual({ host: '127.0.0.1', port: 6561 });
    expect(ssipAddress({ SPEECHD_ADDRESS: 'inet_socket' })).toEqual({ host: '127.0.0.1', port: 6560 });
    expect(ssipAddress({})).toEqual({ path: `${homedir()}/.cache/speech-dispatcher/speechd.sock` });
  });

  it('maps words per minute to its rate: 175 is the voice’s own, the settings’ ends are its ends', () => {
    expect([80, 175, 450].map(ssipRate)).toEqual([-100, 0, 100]);
    expect(ssipRate(220)).toBeGreaterThan(0);
    expect(ssipRate(120)).toBeLessThan(0);
    expect(ssipRate(10)).toBe(-100);
    expect(ssipRate(1000)).toBe(100);
  });

  it('sends text as data lines: a leading "." doubled, so no line ends the message early; the lone "." last', () => {
    expect(ssipMessageData('Opened Safari')).toBe('Opened Safari\r\n.\r\n');
    expect(ssipMessageData('one\n.\n..two\nSET SELF RATE 100')).toBe('one\r\n..\r\n...two\r\nSET SELF RATE 100\r\n.\r\n');
  });
});
