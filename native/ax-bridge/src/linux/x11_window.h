// Window commands through the X11 window manager (EWMH): list the top-level windows with their
// state, and ask for maximise, minimise, restore, full screen, move, close, activate, show desktop.
// Kept apart from the AT-SPI code: Xlib's headers define macros (None, Bool, Status) that clash.
#pragma once

#include <string>

#include "ax_bridge.h"

namespace axb {

// The windows of _NET_CLIENT_LIST_STACKING (bottom to top) with their EWMH state and frame, the
// work area of the current desktop and the screen as one monitor.
Result<WindowList> listX11Windows();

// Sends the EWMH request for `command` (one of kWindowCommands) and returns at once; the window
// manager acts asynchronously. `frame` is the rectangle for "move" (the frame, decorations included).
Result<Done> x11WindowCommand(uint64_t window, const std::string& command, const Rect& frame);

}  // namespace axb
