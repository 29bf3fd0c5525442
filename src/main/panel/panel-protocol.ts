/**
 * Serves the built panel from a custom `app://panel/` scheme instead of file:// (Electron's security
 * checklist): only files inside the panel folder, read-only, each response with a strict CSP header.
 *
 * The CSP repeats the one in src/panel/index.html's meta tag and adds what only a header can say
 * (frame-ancestors); the header also covers every file the scheme serves, not just the page.
 */
import { readFile } from 'node:fs/promises';
import { extname, relative, resolve, sep, isAbsolute } from 'node:path';

export const PANEL_SCHEME = 'app';
/** The panel's origin: IPC senders, permission requests and the CSP's 'self' are checked against it. */
export const PANEL_ORIGIN = `${PANEL_SCHEME}://panel/`;
export const PANEL_URL = `${PANEL_ORIGIN}index.html`;

export const PANEL_CSP =
  "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

/** How the scheme is registered before the app is ready: a standard, secure origin (the microphone needs one). */
export const PANEL_SCHEME_PRIVILEGES = { scheme: PANEL_SCHEME, privileges: { standard: true, secure: true } } as const;

const TYPES: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.png': 'image/png',
  '.svg': 'image/svg+xml',
};

const SECURITY_HEADERS = { 'content-security-policy': PANEL_CSP, 'x-content-type-options': 'nosniff', 'cache-control': 'no-store' };

function notFound(): Response {
  return new Response('Not found', { status: 404, headers: { ...SECURITY_HEADERS, 'content-type': 'text/plain; charset=utf-8' } });
}

/** The handler for `protocol.handle(PANEL_SCHEME, …)`: files of `panelDir` only, GET only, typed by extension. */
export function panelRequestHandler(panelDir: string): (request: Request) => Promise<Response> {
  const root = resolve(panelDir);
  return async (request) => {
    if (request.method !== 'GET') return new Response('Method not allowed', { status: 405, headers: SECURITY_HEADERS });
    let url: URL;
    try {
      url = new URL(request.url);
    } catch {
      return notFound();
    }
    if (url.protocol !== `${PANEL_SCHEME}:` || url.host !== 'panel') return notFound();
    let path: string;
    try {
      path = decodeURIComponent(url.pathname);
    } catch {
      return notFound();
    }
    if (path === '/' || path === '') path = '/index.html';
    const file = resolve(root, `.${path}`);
    const inside = relative(root, file);
    if (inside === '' || inside.startsWith(`..${sep}`) || inside === '..' || isAbsolute(inside) || path.includes('\0')) return notFound();
    const type = TYPES[extname(file).toLowerCase()];
    if (!type) return notFound();
    try {
      const body = await readFile(file);
      return new Response(new Uint8Array(body), { status: 200, headers: { ...SECURITY_HEADERS, 'content-type': type } });
    } catch {
      return notFound();
    }
  };
}
