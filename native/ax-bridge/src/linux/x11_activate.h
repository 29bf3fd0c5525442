// Asks the X11 window manager to activate an application's window (EWMH _NET_ACTIVE_WINDOW).
// Kept apart from the AT-SPI code: Xlib's headers define macros (None, Bool, Status) that clash.
#pragma once

#include <string>

namespace axb {

enum class X11Activation { Sent, NoWindow, Unavailable };

// Sends the request for the topmost window whose _NET_WM_PID is pid and returns at once; the
// window manager acts asynchronously. `why` says what was missing when it returns Unavailable.
X11Activation activateX11Window(int pid, std::string& why);

// The _NET_WM_PID of the window the window manager names active (_NET_ACTIVE_WINDOW), or 0 when
// there is no X11 display, no active window, or it carries no pid. Used to choose between apps
// that all claim an active window over AT-SPI (one may not have cleared a stale state).
int activeX11WindowPid();

// The owner of the window the window manager names active: its _NET_WM_PID, 0 when it carries none,
// -1 when there is no X11 display or no active window named.
int activeX11WindowOwner();

}  // namespace axb
