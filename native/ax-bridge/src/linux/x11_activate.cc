// EWMH window activation, the way a taskbar or Alt+Tab asks for it. Used only when the window
// itself offers no accessibility action to raise it (GTK3 frames offer none, and their
// grab_focus refuses), because it keeps the application's own focused widget, where grabbing the
// focus of some widget inside the window would move the focus (and so where a key goes).
//
// libX11 is loaded at run time (x11_lib.h): the addon then builds without libx11-dev and loads in a Wayland
// session, where this reports Unavailable and the caller says what the user can do instead.
#include "x11_activate.h"

#include "x11_lib.h"

#ifdef AXB_HAVE_X11
#include <X11/Xatom.h>

#include <algorithm>

#include <cstdlib>
#include <vector>

namespace axb {
namespace {

// A CARDINAL/WINDOW list property of a window (format 32: longs on the client side).
std::vector<unsigned long> longs(const X11Lib& x, Display* d, Window w, Atom prop, Atom type) {
  Atom actual = 0;
  int format = 0;
  unsigned long n = 0, after = 0;
  unsigned char* data = nullptr;
  std::vector<unsigned long> out;
  if (x.getWindowProperty(d, w, prop, 0, 4096, False, type, &actual, &format, &n, &after, &data) == Success && data &&
      format == 32) {
    auto* items = reinterpret_cast<unsigned long*>(data);
    out.assign(items, items + n);
  }
  if (data) x.free(data);
  return out;
}

}  // namespace

X11Activation activateX11Window(int pid, std::string& why) {
  const char* display = std::getenv("DISPLAY");
  if (!display || !*display) {
    why = "there is no X11 display: under Wayland one app cannot raise another";
    return X11Activation::Unavailable;
  }
  const X11Lib& x = x11Lib();
  if (!x.ok) {
    why = "libX11 is not installed";
    return X11Activation::Unavailable;
  }
  Display* d = x.openDisplay(display);
  if (!d) {
    why = "the X11 display cannot be opened";
    return X11Activation::Unavailable;
  }
  Window root = DefaultRootWindow(d);
  Atom stacking = x.internAtom(d, "_NET_CLIENT_LIST_STACKING", False);
  Atom wmPid = x.internAtom(d, "_NET_WM_PID", False);
  Atom active = x.internAtom(d, "_NET_ACTIVE_WINDOW", False);
  // Bottom to top: the last window of the app is the one the user saw last.
  std::vector<unsigned long> windows = longs(x, d, root, stacking, XA_WINDOW);
  if (windows.empty()) windows = longs(x, d, root, x.internAtom(d, "_NET_CLIENT_LIST", False), XA_WINDOW);
  if (windows.empty()) {
    x.closeDisplay(d);
    why = "the window manager does not list its windows (EWMH)";
    return X11Activation::Unavailable;
  }
  Window target = 0;
  for (unsigned long w : windows) {
    std::vector<unsigned long> p = longs(x, d, static_cast<Window>(w), wmPid, XA_CARDINAL);
    if (!p.empty() && static_cast<int>(p[0]) == pid) target = static_cast<Window>(w);
  }
  if (!target) {
    x.closeDisplay(d);
    return X11Activation::NoWindow;
  }
  XEvent e{};
  e.xclient.type = ClientMessage;
  e.xclient.window = target;
  e.xclient.message_type = active;
  e.xclient.format = 32;
  e.xclient.data.l[0] = 2;  // source: a pager, i.e. the user asked (window managers may ignore apps)
  e.xclient.data.l[1] = CurrentTime;
  e.xclient.data.l[2] = 0;
  x.sendEvent(d, root, False, SubstructureRedirectMask | SubstructureNotifyMask, &e);
  x.flush(d);
  x.closeDisplay(d);
  return X11Activation::Sent;
}

int activeX11WindowOwner() {
  const char* display = std::getenv("DISPLAY");
  if (!display || !*display) return -1;
  const X11Lib& x = x11Lib();
  if (!x.ok) return -1;
  Display* d = x.openDisplay(display);
  if (!d) return -1;
  int owner = -1;
  std::vector<unsigned long> active =
      longs(x, d, DefaultRootWindow(d), x.internAtom(d, "_NET_ACTIVE_WINDOW", False), XA_WINDOW);
  if (!active.empty() && active[0] != 0) {
    owner = 0;
    std::vector<unsigned long> p =
        longs(x, d, static_cast<Window>(active[0]), x.internAtom(d, "_NET_WM_PID", False), XA_CARDINAL);
    if (!p.empty() && p[0] > 0 && p[0] < 0x7fffffff) owner = static_cast<int>(p[0]);
  }
  x.closeDisplay(d);
  return owner;
}

int activeX11WindowPid() { return std::max(0, activeX11WindowOwner()); }

}  // namespace axb

#else

namespace axb {

X11Activation activateX11Window(int, std::string& why) {
  why = "this build has no X11 support: libx11-dev was missing when it was built";
  return X11Activation::Unavailable;
}

int activeX11WindowPid() { return 0; }

int activeX11WindowOwner() { return -1; }

}  // namespace axb

#endif
