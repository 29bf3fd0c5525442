// Window commands as a pager or a taskbar asks for them (EWMH client messages to the root window),
// so every EWMH window manager (openbox, xfwm4, mutter, kwin) acts on them its own way, animation and
// rules included. libX11 is loaded at run time (x11_lib.h); without a display each call says so.
#include "x11_window.h"

#include "x11_lib.h"

#ifdef AXB_HAVE_X11
#include <X11/Xatom.h>
#include <X11/Xutil.h>

#include <algorithm>
#include <cstdlib>
#include <vector>

namespace axb {
namespace {

constexpr long kRemove = 0, kAdd = 1;
constexpr long kSourcePager = 2;  // the user asked (window managers may ignore what apps ask)

// One display connection for one call, closed on every path.
class Connection {
 public:
  Connection() : x_(x11Lib()) {
    const char* name = std::getenv("DISPLAY");
    if (!name || !*name) {
      why_ = "there is no X11 display: under Wayland one app cannot arrange another's windows";
    } else if (!x_.ok) {
      why_ = "libX11 is not installed";
    } else if (!(d_ = x_.openDisplay(name))) {
      why_ = "the X11 display cannot be opened";
    } else {
      ensureXErrorHandler();  // a window closed between the list and its properties must not end the process
    }
  }
  ~Connection() {
    if (d_) x_.closeDisplay(d_);
  }
  Connection(const Connection&) = delete;
  Connection& operator=(const Connection&) = delete;

  Display* display() const { return d_; }
  const X11Lib& lib() const { return x_; }
  Error unavailable() const { return {ErrorCode::Unsupported, "Window commands need an X11 desktop: " + why_ + "."}; }
  Atom atom(const char* name) const { return x_.internAtom(d_, name, False); }
  Window root() const { return DefaultRootWindow(d_); }

  // A format-32 list property (longs on the client side).
  std::vector<unsigned long> longs(Window w, const char* prop, Atom type) const {
    std::vector<unsigned long> out;
    read(w, prop, type, 32, 4096, [&out](unsigned char* data, unsigned long n) {
      auto* items = reinterpret_cast<unsigned long*>(data);
      out.assign(items, items + n);
    });
    return out;
  }

  // A text property as bytes (UTF8_STRING for _NET_WM_NAME, STRING for WM_NAME).
  std::string text(Window w, const char* prop, Atom type) const {
    std::string out;
    read(w, prop, type, 8, 1024,
         [&out](unsigned char* data, unsigned long n) { out.assign(reinterpret_cast<char*>(data), n); });
    return out;
  }

  void send(Window w, const char* type, long l0, long l1 = 0, long l2 = 0, long l3 = 0, long l4 = 0) const {
    XEvent e{};
    e.xclient.type = ClientMessage;
    e.xclient.window = w;
    e.xclient.message_type = atom(type);
    e.xclient.format = 32;
    e.xclient.data.l[0] = l0;
    e.xclient.data.l[1] = l1;
    e.xclient.data.l[2] = l2;
    e.xclient.data.l[3] = l3;
    e.xclient.data.l[4] = l4;
    x_.sendEvent(d_, root(), False, SubstructureRedirectMask | SubstructureNotifyMask, &e);
  }

 private:
  // Calls `take` with the property's items when it has the format asked for; frees them on every path.
  template <typename Take>
  void read(Window w, const char* prop, Atom type, int wanted, long max, Take take) const {
    Atom actual = 0;
    int format = 0;
    unsigned long n = 0, after = 0;
    unsigned char* data = nullptr;
    if (x_.getWindowProperty(d_, w, atom(prop), 0, max, False, type, &actual, &format, &n, &after, &data) == Success &&
        data && format == wanted)
      take(data, n);
    if (data) x_.free(data);
  }

  const X11Lib& x_;
  Display* d_ = nullptr;
  std::string why_;
};

bool has(const std::vector<unsigned long>& list, unsigned long item) {
  return std::find(list.begin(), list.end(), item) != list.end();
}

// The frame on screen: the client's origin in root coordinates less the frame extents.
Rect frameOf(const Connection& c, Window w) {
  const X11Lib& x = c.lib();
  if (!x.getGeometry || !x.translateCoordinates) return {0, 0, 0, 0};
  Window rootReturn = 0, child = 0;
  int gx = 0, gy = 0, rx = 0, ry = 0;
  unsigned int width = 0, height = 0, border = 0, depth = 0;
  if (!x.getGeometry(c.display(), w, &rootReturn, &gx, &gy, &width, &height, &border, &depth)) return {0, 0, 0, 0};
  x.translateCoordinates(c.display(), w, c.root(), 0, 0, &rx, &ry, &child);
  std::vector<unsigned long> ext = c.longs(w, "_NET_FRAME_EXTENTS", XA_CARDINAL);  // left, right, top, bottom
  long l = 0, r = 0, t = 0, b = 0;
  if (ext.size() == 4) l = ext[0], r = ext[1], t = ext[2], b = ext[3];
  return {static_cast<double>(rx - l), static_cast<double>(ry - t), static_cast<double>(width + l + r),
          static_cast<double>(height + t + b)};
}

std::string titleOf(const Connection& c, Window w) {
  std::string t = c.text(w, "_NET_WM_NAME", c.atom("UTF8_STRING"));
  return t.empty() ? c.text(w, "WM_NAME", XA_STRING) : t;
}

// Whether the window manager still lists the window: a command names one listWindows gave.
bool listed(const Connection& c, uint64_t window) {
  return has(c.longs(c.root(), "_NET_CLIENT_LIST", XA_WINDOW), static_cast<unsigned long>(window));
}

void setState(const Connection& c, Window w, long how, const char* first, const char* second = nullptr) {
  c.send(w, "_NET_WM_STATE", how, static_cast<long>(c.atom(first)), second ? static_cast<long>(c.atom(second)) : 0,
         kSourcePager);
}

// The monitors as RandR 1.5 lists them (what GTK and Chromium read), the primary first; the whole
// screen when libXrandr or the extension is missing or lists none.
std::vector<Rect> monitorsOf(const Connection& c) {
  std::vector<Rect> out;
  const RandrLib& rr = randrLib();
  int event = 0, error = 0, opcode = 0;
  if (rr.ok && c.lib().queryExtension(c.display(), "RANDR", &opcode, &event, &error)) {
    int n = 0;
    if (RrMonitor* list = rr.getMonitors(c.display(), c.root(), True, &n)) {
      for (int i = 0; i < n; i++) {
        const RrMonitor& m = list[i];
        if (m.width <= 0 || m.height <= 0) continue;
        Rect r{static_cast<double>(m.x), static_cast<double>(m.y), static_cast<double>(m.width),
               static_cast<double>(m.height)};
        if (m.primary) {
          out.insert(out.begin(), r);
        } else {
          out.push_back(r);
        }
      }
      rr.freeMonitors(list);
    }
  }
  if (out.empty()) out.push_back(frameOf(c, c.root()));
  return out;
}

}  // namespace

Result<WindowList> listX11Windows() {
  Connection c;
  if (!c.display()) return c.unavailable();
  WindowList out;
  std::vector<unsigned long> windows = c.longs(c.root(), "_NET_CLIENT_LIST_STACKING", XA_WINDOW);
  if (windows.empty()) windows = c.longs(c.root(), "_NET_CLIENT_LIST", XA_WINDOW);
  std::vector<unsigned long> active = c.longs(c.root(), "_NET_ACTIVE_WINDOW", XA_WINDOW);
  const Atom maxV = c.atom("_NET_WM_STATE_MAXIMIZED_VERT"), maxH = c.atom("_NET_WM_STATE_MAXIMIZED_HORZ");
  const Atom full = c.atom("_NET_WM_STATE_FULLSCREEN"), hidden = c.atom("_NET_WM_STATE_HIDDEN");
  for (unsigned long id : windows) {
    Window w = static_cast<Window>(id);
    WindowInfo info;
    info.id = id;
    std::vector<unsigned long> pid = c.longs(w, "_NET_WM_PID", XA_CARDINAL);
    if (!pid.empty() && pid[0] > 0 && pid[0] < 0x7fffffff) info.pid = static_cast<int>(pid[0]);
    info.title = titleOf(c, w);
    info.frame = frameOf(c, w);
    std::vector<unsigned long> state = c.longs(w, "_NET_WM_STATE", XA_ATOM);
    info.maximized = has(state, maxV) && has(state, maxH);
    info.fullscreen = has(state, full);
    info.minimized = has(state, hidden);
    info.active = !active.empty() && active[0] == id;
    out.windows.push_back(std::move(info));
  }
  std::vector<unsigned long> desktop = c.longs(c.root(), "_NET_CURRENT_DESKTOP", XA_CARDINAL);
  std::vector<unsigned long> areas = c.longs(c.root(), "_NET_WORKAREA", XA_CARDINAL);
  size_t at = desktop.empty() ? 0 : desktop[0] * 4;
  Rect screen = frameOf(c, c.root());
  if (areas.size() >= at + 4) {
    out.workArea = {static_cast<double>(areas[at]), static_cast<double>(areas[at + 1]),
                    static_cast<double>(areas[at + 2]), static_cast<double>(areas[at + 3])};
  } else {
    out.workArea = screen;
  }
  out.monitors = monitorsOf(c);
  std::vector<unsigned long> showing = c.longs(c.root(), "_NET_SHOWING_DESKTOP", XA_CARDINAL);
  out.showingDesktop = !showing.empty() && showing[0] != 0;
  return out;
}

Result<Done> x11WindowCommand(uint64_t window, const std::string& command, const Rect& frame) {
  Connection c;
  if (!c.display()) return c.unavailable();
  if (command == "show_desktop" || command == "hide_desktop") {
    c.send(c.root(), "_NET_SHOWING_DESKTOP", command == "show_desktop" ? 1 : 0);
    c.lib().flush(c.display());
    return Done{};
  }
  if (!listed(c, window)) return goneError("The window");
  Window w = static_cast<Window>(window);
  if (command == "maximize") {
    setState(c, w, kAdd, "_NET_WM_STATE_MAXIMIZED_VERT", "_NET_WM_STATE_MAXIMIZED_HORZ");
  } else if (command == "restore") {
    // Back to its normal size and shown: out of full screen, unmaximised, de-iconified (activating
    // maps an iconified window).
    setState(c, w, kRemove, "_NET_WM_STATE_FULLSCREEN");
    setState(c, w, kRemove, "_NET_WM_STATE_MAXIMIZED_VERT", "_NET_WM_STATE_MAXIMIZED_HORZ");
    c.send(w, "_NET_ACTIVE_WINDOW", kSourcePager, CurrentTime, 0);
  } else if (command == "minimize") {
    // What XIconifyWindow sends (ICCCM 4.1.4), without needing the screen number.
    c.send(w, "WM_CHANGE_STATE", IconicState);
  } else if (command == "fullscreen" || command == "unfullscreen") {
    setState(c, w, command == "fullscreen" ? kAdd : kRemove, "_NET_WM_STATE_FULLSCREEN");
  } else if (command == "close") {
    // The app's own close (WM_DELETE_WINDOW): an app with unsaved work asks in its own dialog.
    c.send(w, "_NET_CLOSE_WINDOW", CurrentTime, kSourcePager);
  } else if (command == "activate") {
    c.send(w, "_NET_ACTIVE_WINDOW", kSourcePager, CurrentTime, 0);
  } else if (command == "move") {
    // A maximised window keeps its size until it is unmaximised first.
    setState(c, w, kRemove, "_NET_WM_STATE_MAXIMIZED_VERT", "_NET_WM_STATE_MAXIMIZED_HORZ");
    setState(c, w, kRemove, "_NET_WM_STATE_FULLSCREEN");
    // Gravity 1 (NorthWest) with the x, y, width, height flags and the pager as source: the frame's
    // top left goes to x, y; the size is the client's, so the extents come off.
    std::vector<unsigned long> ext = c.longs(w, "_NET_FRAME_EXTENTS", XA_CARDINAL);
    long l = 0, r = 0, t = 0, b = 0;
    if (ext.size() == 4) l = ext[0], r = ext[1], t = ext[2], b = ext[3];
    long flags = 1 | (1 << 8) | (1 << 9) | (1 << 10) | (1 << 11) | (kSourcePager << 12);
    c.send(w, "_NET_MOVERESIZE_WINDOW", flags, static_cast<long>(frame.x), static_cast<long>(frame.y),
           std::max(1L, static_cast<long>(frame.width) - l - r), std::max(1L, static_cast<long>(frame.height) - t - b));
  } else {
    return Error{ErrorCode::Failed, "unknown window command"};
  }
  c.lib().flush(c.display());
  return Done{};
}

}  // namespace axb

#else

namespace axb {

Result<WindowList> listX11Windows() {
  return Error{ErrorCode::Unsupported,
               "Window commands need X11 support: libx11-dev was missing when this build was made."};
}

Result<Done> x11WindowCommand(uint64_t, const std::string&, const Rect&) {
  return Error{ErrorCode::Unsupported,
               "Window commands need X11 support: libx11-dev was missing when this build was made."};
}

}  // namespace axb

#endif
