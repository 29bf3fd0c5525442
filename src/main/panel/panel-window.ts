/**
 * The floating panel window and its security settings (Electron's checklist), as data and one
 * function that locks a WebContents down. Thin on purpose: the behaviour behind it (PanelSession,
 * the loop) runs and is tested without Electron.
 */
import type { BrowserWindowConstructorOptions, Session, WebContents } from 'electron';

/** Every window's renderer: isolated, sandboxed, no Node (Electron's security checklist). */
export const SECURE_WEB_PREFERENCES = {
  contextIsolation: true,
  sandbox: true,
  nodeIntegration: false,
  nodeIntegrationInWorker: false,
  webSecurity: true,
  allowRunningInsecureContent: false,
  spellcheck: false,
} as const satisfies BrowserWindowConstructorOptions['webPreferences'];

/** Window options: a small floating panel that stays above other apps, sandboxed renderer. */
export function panelWindowOptions(preloadPath: string): BrowserWindowConstructorOptions {
  return {
    width: 420,
    height: 640,
    minWidth: 320,
    minHeight: 360,
    show: false,
    alwaysOnTop: true,
    fullscreenable: false,
    skipTaskbar: true,
    title: 'Assistive Control',
    // Listening goes on while the panel is hidden (its page records): "show the panel" must reach the core (issue #31).
    webPreferences: { preload: preloadPath, ...SECURE_WEB_PREFERENCES, backgroundThrottling: false },
  };
}

/** Only the microphone (push-to-talk) may be granted, and only to the panel itself. */
export function allowPermission(permission: string, requestingUrl: string, panelUrl: string, mediaTypes?: readonly string[]): boolean {
  if (permission !== 'media' || !requestingUrl.startsWith(panelUrl)) return false;
  // The microphone only (voice, issue #8): a request or check that names the camera is refused.
  return mediaTypes === undefined || mediaTypes.every((t) => t === 'audio' || t === 'unknown');
}

/** The media a permission request (`mediaTypes`) or check (`mediaType`) names, when it names any. */
function mediaTypesOf(details: unknown): readonly string[] | undefined {
  const d = (details ?? {}) as { readonly mediaTypes?: readonly string[]; readonly mediaType?: string };
  return d.mediaTypes ?? (d.mediaType ? [d.mediaType] : undefined);
}

/** No navigation, no new windows, no permissions but the microphone for the panel. */
export function lockDown(contents: WebContents, session: Session, panelUrl: string): void {
  contents.setWindowOpenHandler(() => ({ action: 'deny' }));
  contents.on('will-navigate', (event) => event.preventDefault());
  contents.on('will-redirect', (event) => event.preventDefault());
  contents.on('will-attach-webview', (event) => event.preventDefault());
  session.setPermissionRequestHandler((wc, permission, callback, details) =>
    callback(allowPermission(permission, wc.getURL(), panelUrl, mediaTypesOf(details))),
  );
  // Checked against the asking page's full URL: a file:// panel's origin is the opaque "null".
  session.setPermissionCheckHandler(
    (wc, permission, _origin, details) => wc !== null && allowPermission(permission, wc.getURL(), panelUrl, mediaTypesOf(details)),
  );
}
