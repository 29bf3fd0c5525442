/**
 * Which display server the desktop session runs, and what that means for synthesized input.
 *
 * Input is synthesized through X11 (XTest), and apps are brought to the front through the X11
 * window manager. In a Wayland session that reaches only the apps running under XWayland (its X
 * server, which also sets DISPLAY); native Wayland apps receive no synthesized input and cannot be
 * raised, while reading them through AT-SPI (D-Bus, not the display) still works.
 */

/** A Wayland session: the login chose one (XDG_SESSION_TYPE) or a compositor is named (WAYLAND_DISPLAY). */
export function isWaylandSession(env: Readonly<Record<string, string | undefined>>): boolean {
  return env.XDG_SESSION_TYPE === 'wayland' || Boolean(env.WAYLAND_DISPLAY);
}

/** How to get a session where every app can be driven: an Xorg session, chosen on the login screen. */
export const XORG_SESSION_FIX =
  'To drive every app, log out, and on the login screen choose an Xorg session before you log in again: in GNOME, click your name, then the gear button at the bottom right, then “GNOME on Xorg” (KDE: “Plasma (X11)” in the session menu).';
