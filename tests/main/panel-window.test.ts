// The panel window's options and permissions (src/main/panel/panel-window.ts): sandboxed and
// isolated, and the microphone the only permission, granted only to the panel's own page.
import { describe, expect, it } from 'vitest';
import { allowPermission, panelWindowOptions } from '../../src/main/panel/panel-window.js';

const PANEL_URL = 'file:///app/out/panel/index.html';

describe('panel window', () => {
  it('is sandboxed, isolated, without Node, and floats above other apps', () => {
    const o = panelWindowOptions('/app/preload.cjs');
    expect(o.webPreferences).toMatchObject({ contextIsolation: true, sandbox: true, nodeIntegration: false, webSecurity: true, preload: '/app/preload.cjs' });
    expect(o.alwaysOnTop).toBe(true);
  });

  it('grants only the microphone, only to the panel', () => {
    expect(allowPermission('media', PANEL_URL, PANEL_URL)).toBe(true);
    expect(allowPermission('geolocation', PANEL_URL, PANEL_URL)).toBe(false);
    expect(allowPermission('media', 'https://example.com/', PANEL_URL)).toBe(false);
  });
});
