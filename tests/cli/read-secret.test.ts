import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { readSecret } from '../../src/cli/read-secret.js';
import { captureIo } from './cli-fixtures.js';

/** A stand-in terminal: a stream that says it is a TTY and records raw-mode switches. */
function terminal() {
  const stream = Object.assign(new PassThrough(), { isTTY: true, rawModes: [] as boolean[] });
  return Object.assign(stream, { setRawMode: (raw: boolean) => stream.rawModes.push(raw) });
}

/** What readSecret returns when `keys` are typed at a terminal after `prompt`, with the terminal and what was printed. */
async function typedAtTerminal(prompt: string, keys: string) {
  const tty = terminal();
  const c = captureIo();
  const pending = readSecret({ ...c.io, stdin: tty }, prompt);
  tty.write(keys);
  return { result: await pending, tty, c };
}

describe('readSecret', () => {
  it('reads a line from a terminal in raw mode, shows nothing of it, and handles backspace', async () => {
    const { result, tty, c } = await typedAtTerminal('Paste the key: ', 'sk-abcX\u007fd\r');
    expect(result).toEqual({ ok: true, text: 'sk-abcd' });
    expect(tty.rawModes).toEqual([true, false]);
    expect(c.err()).toBe('Paste the key: \n');
    expect(c.out()).toBe('');
  });

  it('cancels on Ctrl-C and leaves raw mode', async () => {
    const { result, tty } = await typedAtTerminal('> ', 'sk-ab\u0003');
    expect(result).toEqual({ ok: false, reason: 'cancelled' });
    expect(tty.rawModes.at(-1)).toBe(false);
  });

  it('takes the first non-empty line of a pipe, and refuses a huge input', async () => {
    expect(await readSecret(captureIo('\n  sk-piped  \nrest\n').io, '')).toEqual({ ok: true, text: '  sk-piped  ' });
    expect(await readSecret(captureIo('x'.repeat(20_000)).io, '')).toEqual({ ok: false, reason: 'too_long' });
    expect(await readSecret(captureIo('').io, '')).toEqual({ ok: false, reason: 'no_input' });
  });
});
