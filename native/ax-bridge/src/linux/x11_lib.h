// libX11, libXi and libXrandr, loaded once at run time for the whole bridge: window activation
// (x11_activate.cc), window commands (x11_window.cc), the switch keys (x11_keygrab.cc) and the user's key watch
// (x11_keywatch.cc); the monitors (x11_window.cc). The addon then builds without libx11-dev or libxi-dev and loads in a
// Wayland session or where the libraries are missing; each user says what it cannot do when `ok` is false.
#pragma once

#if __has_include(<X11/Xlib.h>) && __has_include(<X11/XKBlib.h>)
#define AXB_HAVE_X11 1
#include <X11/XKBlib.h>
#include <X11/Xlib.h>

#if __has_include(<X11/extensions/XInput2.h>)
#define AXB_HAVE_XI2 1
#include <X11/extensions/XInput2.h>
#endif

namespace axb {

// The libX11 functions the bridge calls. `ok`: every one is there but the optional ones.
struct X11Lib {
  decltype(&XOpenDisplay) openDisplay = nullptr;
  decltype(&XCloseDisplay) closeDisplay = nullptr;
  decltype(&XInternAtom) internAtom = nullptr;
  decltype(&XGetWindowProperty) getWindowProperty = nullptr;
  decltype(&XFree) free = nullptr;
  decltype(&XSendEvent) sendEvent = nullptr;
  decltype(&XFlush) flush = nullptr;
  decltype(&XSync) sync = nullptr;
  decltype(&XGrabKey) grabKey = nullptr;
  decltype(&XUngrabKey) ungrabKey = nullptr;
  decltype(&XKeysymToKeycode) keysymToKeycode = nullptr;
  decltype(&XPending) pending = nullptr;
  decltype(&XEventsQueued) eventsQueued = nullptr;
  decltype(&XNextEvent) nextEvent = nullptr;
  decltype(&XPeekEvent) peekEvent = nullptr;
  decltype(&XSetErrorHandler) setErrorHandler = nullptr;
  decltype(&XGetGeometry) getGeometry = nullptr;                    // optional: window commands' geometry
  decltype(&XTranslateCoordinates) translateCoordinates = nullptr;  // optional: window commands' geometry
  decltype(&XQueryExtension) queryExtension = nullptr;
  decltype(&XGetEventData) getEventData = nullptr;
  decltype(&XFreeEventData) freeEventData = nullptr;
  decltype(&XkbSetDetectableAutoRepeat) detectableAutoRepeat = nullptr;  // optional
  decltype(&XSetIOErrorExitHandler) ioErrorExitHandler = nullptr;        // libX11 ≥ 1.7; optional
  bool ok = false;
};

const X11Lib& x11Lib();

// Installs the bridge's X error handler once per process (x11_keygrab.cc): an error on the grab
// connection is counted there, any other is printed and ignored. Without it libX11's default handler
// ends the process, as when a window closes while its properties are read.
void ensureXErrorHandler();

// A RandR 1.5 monitor as libXrandr's XRRGetMonitors gives it (XRRMonitorInfo, declared here so the
// addon builds without libxrandr-dev).
struct RrMonitor {
  Atom name;
  Bool primary;
  Bool automatic;
  int noutput;
  int x, y, width, height;
  int mwidth, mheight;
  unsigned long* outputs;
};

// libXrandr's monitor list (listWindows' monitors); `ok` when both are there.
struct RandrLib {
  RrMonitor* (*getMonitors)(Display*, Window, Bool, int*) = nullptr;
  void (*freeMonitors)(RrMonitor*) = nullptr;
  bool ok = false;
};

const RandrLib& randrLib();

#ifdef AXB_HAVE_XI2
// The libXi functions the key watch calls; `ok` when all are there.
struct XiLib {
  decltype(&XIQueryVersion) queryVersion = nullptr;
  decltype(&XISelectEvents) selectEvents = nullptr;
  decltype(&XIQueryDevice) queryDevice = nullptr;
  decltype(&XIFreeDeviceInfo) freeDeviceInfo = nullptr;
  decltype(&XIGetClientPointer) getClientPointer = nullptr;
  bool ok = false;
};

const XiLib& xiLib();
#endif

}  // namespace axb

#endif
