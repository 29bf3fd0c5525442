/**
 * open_url (issue #18): a web address in the default browser, by the desktop's own opener —
 * `xdg-open` on Linux, `open` on macOS — started without a shell (the address is one argument,
 * never parsed by a shell), detached (the browser outlives a command-line run and its Ctrl-C), and
 * waited for within a deadline.
 *
 * The address is checked again here (http and https only, src/shared/web-address.ts) although the
 * schema already did: this is the last step before another program gets it.
 */
import { spawn } from 'node:child_process';
import { errorMessage } from '../shared/errors.js';
import { quote } from '../shared/text/quote.js';
import { readWebAddress, showWebAddress } from '../shared/web-address.js';
import { failure, success, type ActionResult } from './results.js';

export interface OpenUrlOptions {
  /** Default: this process's platform. */
  readonly platform?: NodeJS.Platform;
  /** The opener's environment (its PATH, DISPLAY, XDG folders). Default: this process's. */
  readonly env?: NodeJS.ProcessEnv;
  /** How long the opener may take to hand the address over. Default 10 s. */
  readonly deadlineMs?: number;
  readonly signal?: AbortSignal;
}

const DEFAULT_DEADLINE_MS = 10_000;
/** The opener's error output kept for the sentence (its first line). */
const STDERR_MAX = 2000;

/** The desktop's opener on each platform; none elsewhere. */
function openerFor(platform: NodeJS.Platform): string | undefined {
  if (platform === 'linux' || platform === 'freebsd' || platform === 'openbsd') return 'xdg-open';
  if (platform === 'darwin') return 'open';
  return undefined;
}

type Exit =
  | { readonly kind: 'exited'; readonly code: number | null; readonly stderr: string }
  | { readonly kind: 'error'; readonly error: NodeJS.ErrnoException }
  | { readonly kind: 'deadline' };

/** Opens `url` in the default browser; the result says what opened, or why not, in a sentence. Never throws. */
export async function openInBrowser(url: string, options: OpenUrlOptions = {}): Promise<ActionResult> {
  const address = readWebAddress(url);
  if (!address.ok) return failure('refused', address.problem);
  const shown = showWebAddress(address);
  const platform = options.platform ?? process.platform;
  const opener = openerFor(platform);
  if (opener === undefined) return failure('unsupported', `Opening web addresses is not supported on this system yet: open ${shown} in your browser yourself.`);
  if (options.signal?.aborted) return failure('interrupted', 'Stopped: the web address was not opened.');

  const exit = await run(opener, address.url, options);
  switch (exit.kind) {
    case 'exited':
      if (exit.code === 0) return success(`Opened ${shown} in the default browser.`);
      return failure('failed', openerFailure(opener, exit.code, exit.stderr, shown));
    case 'deadline':
      // The opener still runs: some hand the address to a browser they keep running in front of them.
      return success(`Asked the default browser to open ${shown}; it is still starting, so look for its window in a moment.`);
    case 'error':
      if (exit.error.code === 'ENOENT') {
        return failure(
          'unsupported',
          platform === 'darwin'
            ? `The “open” program of macOS is missing, so no browser can be opened: open ${shown} yourself.`
            : `xdg-open is not installed, so no browser can be opened: install xdg-utils (for example “sudo apt install xdg-utils”), or open ${shown} yourself.`,
        );
      }
      return failure('failed', `Could not start ${opener} to open ${shown} (${errorMessage(exit.error)}): open it in your browser yourself.`);
  }
}

function openerFailure(opener: string, code: number | null, stderr: string, shown: string): string {
  // xdg-open: 3 = no program to open it with, 4 = the program failed.
  if (opener === 'xdg-open' && code === 3) {
    return `No default web browser is set up, so ${shown} was not opened: choose a default browser in the system settings, then say it again.`;
  }
  const said = stderr.split('\n').find((l) => l.trim() !== '');
  return `The browser did not open ${shown}${said ? ` (${opener} said: ${quote(said, 160)})` : ''}: check that a default browser is set up, or open it yourself.`;
}

function run(opener: string, url: string, options: OpenUrlOptions): Promise<Exit> {
  return new Promise((resolve) => {
    let settled = false;
    let stderr = '';
    const child = spawn(opener, [url], { shell: false, detached: true, stdio: ['ignore', 'ignore', 'pipe'], env: options.env ?? process.env });
    // Leave the opener (and the browser it may be running) alone; stop waiting for it.
    const letGo = (): void => {
      child.stderr?.destroy();
      child.unref();
    };
    const onAbort = (): void => {
      letGo();
      settle({ kind: 'deadline' });
    };
    const timer = setTimeout(onAbort, options.deadlineMs ?? DEFAULT_DEADLINE_MS);
    function settle(exit: Exit): void {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      options.signal?.removeEventListener('abort', onAbort);
      resolve(exit);
    }
    child.stderr?.setEncoding('utf8');
    child.stderr?.on('data', (chunk: string) => {
      if (stderr.length < STDERR_MAX) stderr += chunk.slice(0, STDERR_MAX - stderr.length);
    });
    child.on('error', (error) => settle({ kind: 'error', error }));
    child.on('close', (code) => settle({ kind: 'exited', code, stderr }));
    options.signal?.addEventListener('abort', onAbort, { once: true });
  });
}
