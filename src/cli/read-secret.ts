/**
 * Reads one secret line from stdin: from a terminal without echo (so the key is not on screen or
 * in a screen reader's buffer), or from a pipe (`pbpaste | assistive-control keys set openai`).
 * Never from an argument: arguments end up in shell history and in `ps` output.
 */
import type { CliIo } from './cli-io.js';

const SECRET_MAX_BYTES = 16 * 1024;

type Stdin = NonNullable<CliIo['stdin']> & { setRawMode?: (raw: boolean) => unknown };

export type SecretRead = { readonly ok: true; readonly text: string } | { readonly ok: false; readonly reason: 'cancelled' | 'no_input' | 'too_long' };

/** A terminal: raw mode, no echo; Enter ends, Ctrl-C or Ctrl-D on an empty line cancels. */
function readFromTerminal(stdin: Stdin & { setRawMode: (raw: boolean) => unknown }): Promise<SecretRead> {
  return new Promise((resolve) => {
    let text = '';
    const finish = (result: SecretRead) => {
      stdin.removeListener('data', onData);
      stdin.setRawMode(false);
      stdin.pause();
      resolve(result);
    };
    const onData = (chunk: Buffer | string) => {
      for (const ch of chunk.toString()) {
        if (ch === '\r' || ch === '\n') return finish({ ok: true, text });
        if (ch === '\u0003' || (ch === '\u0004' && text === '')) return finish({ ok: false, reason: 'cancelled' });
        if (ch === '\u007f' || ch === '\b') text = text.slice(0, -1);
        else text += ch;
        if (text.length > SECRET_MAX_BYTES) return finish({ ok: false, reason: 'too_long' });
      }
    };
    stdin.setRawMode(true);
    stdin.on('data', onData);
    stdin.resume();
  });
}

/** A pipe or file: everything up to the end (bounded); the first non-empty line is the secret. */
async function readFromPipe(stdin: Stdin): Promise<SecretRead> {
  let total = '';
  for await (const chunk of stdin) {
    total += typeof chunk === 'string' ? chunk : Buffer.from(chunk as Uint8Array).toString('utf8');
    if (total.length > SECRET_MAX_BYTES) return { ok: false, reason: 'too_long' };
  }
  const line = total.split(/\r?\n/).find((l) => l.trim() !== '');
  return line === undefined ? { ok: false, reason: 'no_input' } : { ok: true, text: line };
}

export async function readSecret(io: CliIo, prompt: string): Promise<SecretRead> {
  const stdin = io.stdin as Stdin | undefined;
  if (!stdin) return { ok: false, reason: 'no_input' };
  if (stdin.isTTY && typeof stdin.setRawMode === 'function') {
    io.stderr.write(prompt);
    const result = await readFromTerminal(stdin as Stdin & { setRawMode: (raw: boolean) => unknown });
    io.stderr.write('\n');
    return result;
  }
  return readFromPipe(stdin);
}
