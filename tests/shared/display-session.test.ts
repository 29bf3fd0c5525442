// Which display server the session runs (src/shared/display-session.ts).
import { describe, expect, it } from 'vitest';
import { isWaylandSession, XORG_SESSION_FIX } from '../../src/shared/display-session.js';

describe('isWaylandSession', () => {
  it.each<[Record<string, string | undefined>, boolean]>([
    [{ XDG_SESSION_TYPE: 'wayland' }, true],
    [{ WAYLAND_DISPLAY: 'wayland-0' }, true],
    [{ XDG_SESSION_TYPE: 'x11', WAYLAND_DISPLAY: 'wayland-0' }, true],
    [{ XDG_SESSION_TYPE: 'x11' }, false],
    [{ WAYLAND_DISPLAY: '' }, false],
    [{}, false],
  ])('%j → %s', (env, wayland) => {
    expect(isWaylandSession(env)).toBe(wayland);
  });

  it('tells the user how to get an Xorg session', () => {
    expect(XORG_SESSION_FIX).toMatch(/Xorg/);
  });
});
