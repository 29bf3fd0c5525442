// libX11, libXi and libXrandr loaded once (x11_lib.h).
#include "x11_lib.h"

#ifdef AXB_HAVE_X11
#include <dlfcn.h>

#include <type_traits>

namespace axb {

namespace {

template <typename F>
void symbol(void* library, F& f, const char* name) {
  f = reinterpret_cast<std::remove_reference_t<F>>(dlsym(library, name));
}

// The library `file` with `fill` reading its symbols; every pointer null (and `ok` false) without it.
template <typename Lib>
Lib load(const char* file, void (*fill)(void*, Lib&)) {
  Lib lib;
  if (void* h = dlopen(file, RTLD_NOW | RTLD_LOCAL)) fill(h, lib);
  return lib;
}

}  // namespace

const X11Lib& x11Lib() {
  static const X11Lib lib = load<X11Lib>("libX11.so.6", [](void* h, X11Lib& l) {
    symbol(h, l.openDisplay, "XOpenDisplay");
    symbol(h, l.closeDisplay, "XCloseDisplay");
    symbol(h, l.internAtom, "XInternAtom");
    symbol(h, l.getWindowProperty, "XGetWindowProperty");
    symbol(h, l.free, "XFree");
    symbol(h, l.sendEvent, "XSendEvent");
    symbol(h, l.flush, "XFlush");
    symbol(h, l.sync, "XSync");
    symbol(h, l.grabKey, "XGrabKey");
    symbol(h, l.ungrabKey, "XUngrabKey");
    symbol(h, l.keysymToKeycode, "XKeysymToKeycode");
    symbol(h, l.pending, "XPending");
    symbol(h, l.eventsQueued, "XEventsQueued");
    symbol(h, l.nextEvent, "XNextEvent");
    symbol(h, l.peekEvent, "XPeekEvent");
    symbol(h, l.setErrorHandler, "XSetErrorHandler");
    symbol(h, l.getGeometry, "XGetGeometry");
    symbol(h, l.translateCoordinates, "XTranslateCoordinates");
    symbol(h, l.queryExtension, "XQueryExtension");
    symbol(h, l.getEventData, "XGetEventData");
    symbol(h, l.freeEventData, "XFreeEventData");
    symbol(h, l.detectableAutoRepeat, "XkbSetDetectableAutoRepeat");
    symbol(h, l.ioErrorExitHandler, "XSetIOErrorExitHandler");
    l.ok = l.openDisplay && l.closeDisplay && l.internAtom && l.getWindowProperty && l.free && l.sendEvent && l.flush &&
           l.sync && l.grabKey && l.ungrabKey && l.keysymToKeycode && l.pending && l.eventsQueued && l.nextEvent &&
           l.peekEvent && l.setErrorHandler && l.queryExtension && l.getEventData && l.freeEventData;
  });
  return lib;
}

const RandrLib& randrLib() {
  static const RandrLib lib = load<RandrLib>("libXrandr.so.2", [](void* h, RandrLib& l) {
    symbol(h, l.getMonitors, "XRRGetMonitors");
    symbol(h, l.freeMonitors, "XRRFreeMonitors");
    l.ok = l.getMonitors && l.freeMonitors;
  });
  return lib;
}

#ifdef AXB_HAVE_XI2
const XiLib& xiLib() {
  static const XiLib lib = load<XiLib>("libXi.so.6", [](void* h, XiLib& l) {
    symbol(h, l.queryVersion, "XIQueryVersion");
    symbol(h, l.selectEvents, "XISelectEvents");
    symbol(h, l.queryDevice, "XIQueryDevice");
    symbol(h, l.freeDeviceInfo, "XIFreeDeviceInfo");
    symbol(h, l.getClientPointer, "XIGetClientPointer");
    l.ok = l.queryVersion && l.selectEvents && l.queryDevice && l.freeDeviceInfo && l.getClientPointer;
  });
  return lib;
}
#endif

}  // namespace axb

#endif
