// The user's key presses on X11 (include/key_watch.h): XInput2 raw key events on the root window,
// which the X server delivers whatever window has the keyboard and whatever grab is active, each
// with the slave device it came from. The rule (include/key_source.h) tells the assistant's own
// XTEST keys from the user's.
//
// - Its own X connection and thread, as for the switch keys (x11_keygrab.cc): the thread sleeps in
//   poll() on that connection and on a pipe that wakes it for new ignored keys and for shutdown.
// - libX11 and libXi are loaded at run time (x11_lib.h): the addon loads without them, and the watch
//   then says why it cannot watch.
// - Only requests that cannot fail with an X error are made (the version, the device list, the client
//   pointer, event selection): Xlib's default error handler would end the process. XTEST devices are
//   known by the name the X server gives them ("<master> XTEST keyboard"); reading their "XTEST
//   Device" property could fail for a device unplugged in between.
// - A connection the X server closed is noticed by poll() before any Xlib call.
// - The device list is read again when it changes (XI_HierarchyChanged: a keyboard plugged in).
#include "../../include/key_watch.h"

#include "../../include/key_grab.h"
#include "../../include/key_source.h"

#include "x11_lib.h"

#if defined(AXB_HAVE_X11) && defined(AXB_HAVE_XI2)
#include <X11/keysym.h>
#include <fcntl.h>
#include <poll.h>
#include <unistd.h>

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdlib>
#include <mutex>
#include <thread>

namespace axb {

namespace {

// Both libraries, or why the watch cannot run here.
std::string missingLibrary() {
  if (!x11Lib().ok) return "libX11 is not installed";
  if (!xiLib().ok) return "libXi (the X Input extension library) is not installed";
  return "";
}

std::atomic<Display*> gWatchDisplay{nullptr};
std::atomic<bool> gWatchConnectionDead{false};

void keepWatchAlive(Display* d, void*) {
  if (d == gWatchDisplay.load()) gWatchConnectionDead = true;
}

bool endsWith(const std::string& s, const std::string& tail) {
  return s.size() >= tail.size() && s.compare(s.size() - tail.size(), tail.size(), tail) == 0;
}

// What the watch's thread and its owner share; the thread keeps it alive if it outlives the owner.
struct Shared {
  std::mutex mutex;
  std::condition_variable finishedCv;
  KeyWatchState state;
  std::vector<std::string> ignored;
  bool ignoredChanged = false;
  bool stopping = false;
  bool finished = false;
  int wake[2] = {-1, -1};

  void poke() {
    char c = 1;
    ssize_t n = ::write(wake[1], &c, 1);
    (void)n;  // a full pipe already wakes the thread
  }
};

class Watcher {
 public:
  explicit Watcher(std::shared_ptr<Shared> shared) : shared_(std::move(shared)) {}

  void run() {
    std::string why = open();
    {
      std::lock_guard<std::mutex> lock(shared_->mutex);
      if (why.empty()) shared_->state.watching = true;
      else shared_->state.problem = why;
    }
    if (why.empty()) loop();
    if (display_ && !gWatchConnectionDead) x11Lib().closeDisplay(display_);
    gWatchDisplay = nullptr;
    std::lock_guard<std::mutex> lock(shared_->mutex);
    shared_->state.watching = false;
    if (shared_->state.problem.empty() && !shared_->stopping)
      shared_->state.problem = "the connection to the X display was lost";
    shared_->finished = true;
    shared_->finishedCv.notify_all();
  }

 private:
  std::string open() {
    const char* name = std::getenv("DISPLAY");
    if (!name || !*name) {
      return std::getenv("WAYLAND_DISPLAY") ? "this Wayland session shows no app the keys pressed in others"
                                            : "there is no X display (DISPLAY is not set)";
    }
    std::string missing = missingLibrary();
    if (!missing.empty()) return missing;
    const X11Lib& x = x11Lib();
    const XiLib& i = xiLib();
    Display* d = x.openDisplay(name);
    if (!d) return std::string("the X display ") + name + " cannot be opened";
    display_ = d;
    gWatchConnectionDead = false;
    gWatchDisplay = d;
    if (x.ioErrorExitHandler) x.ioErrorExitHandler(d, keepWatchAlive, nullptr);
    int event = 0, error = 0;
    if (!x.queryExtension(d, "XInputExtension", &opcode_, &event, &error))
      return "the X server has no X Input extension";
    int major = 2, minor = 1;
    if (i.queryVersion(d, &major, &minor) != Success || major < 2 || (major == 2 && minor < 1))
      return "the X server's X Input extension is older than 2.1";
    unsigned char keys[XIMaskLen(XI_LASTEVENT)] = {0};
    XISetMask(keys, XI_RawKeyPress);
    XISetMask(keys, XI_RawKeyRelease);
    unsigned char hierarchy[XIMaskLen(XI_LASTEVENT)] = {0};
    XISetMask(hierarchy, XI_HierarchyChanged);
    XIEventMask masks[2] = {{XIAllMasterDevices, sizeof keys, keys}, {XIAllDevices, sizeof hierarchy, hierarchy}};
    i.selectEvents(d, DefaultRootWindow(d), masks, 2);
    readDevices();
    x.sync(d, False);
    return "";
  }

  void readDevices() {
    const XiLib& x = xiLib();
    int count = 0;
    XIDeviceInfo* info = x.queryDevice(display_, XIAllDevices, &count);
    std::vector<InputDevice> devices;
    for (int i = 0; i < count && info; ++i) {
      const XIDeviceInfo& d = info[i];
      devices.push_back({d.deviceid, d.use == XIMasterKeyboard, d.use == XISlaveKeyboard, d.attachment,
                         d.name != nullptr && endsWith(d.name, " XTEST keyboard")});
    }
    if (info) x.freeDeviceInfo(info);
    int pointer = 0;
    if (!x.getClientPointer(display_, None, &pointer)) pointer = 0;
    rule_.setAssistantSources(assistantSources(devices, pointer));
  }

  void readIgnored() {
    std::vector<std::string> names;
    {
      std::lock_guard<std::mutex> lock(shared_->mutex);
      if (!shared_->ignoredChanged) return;
      shared_->ignoredChanged = false;
      names = shared_->ignored;
    }
    std::set<int> codes;
    for (const std::string& name : names) {
      unsigned long sym = switchKeySym(name);
      if (sym == NoSymbol) continue;
      int code = x11Lib().keysymToKeycode(display_, sym);
      // As x11_keygrab.cc: F13–F24 by the kernel's keycode where the layout names them otherwise.
      if (code == 0 && sym >= XK_F13 && sym <= XK_F24) code = static_cast<int>(191 + (sym - XK_F13));
      if (code != 0) codes.insert(code);
    }
    rule_.setIgnoredKeycodes(std::move(codes));
  }

  void loop() {
    for (;;) {
      {
        std::lock_guard<std::mutex> lock(shared_->mutex);
        if (shared_->stopping) return;
      }
      readIgnored();
      readEvents(false);
      pollfd fds[2] = {{shared_->wake[0], POLLIN, 0}, {ConnectionNumber(display_), POLLIN | POLLRDHUP, 0}};
      if (poll(fds, 2, -1) < 0) continue;  // EINTR
      if (fds[0].revents & POLLIN) {
        char buf[64];
        while (::read(shared_->wake[0], buf, sizeof buf) > 0) {
        }
      }
      if (fds[1].revents & (POLLERR | POLLHUP | POLLRDHUP | POLLNVAL)) {
        gWatchConnectionDead = true;
        return;
      }
      if (fds[1].revents & POLLIN) readEvents(true);
      if (gWatchConnectionDead) return;
    }
  }

  void readEvents(bool fromSocket) {
    const X11Lib& x = x11Lib();
    int count = fromSocket ? x.pending(display_) : x.eventsQueued(display_, QueuedAlready);
    while (count-- > 0 && !gWatchConnectionDead) {
      XEvent e;
      x.nextEvent(display_, &e);
      XGenericEventCookie* cookie = &e.xcookie;
      if (cookie->type != GenericEvent || cookie->extension != opcode_ || !x.getEventData(display_, cookie)) continue;
      if (cookie->evtype == XI_HierarchyChanged) {
        readDevices();
      } else if (cookie->evtype == XI_RawKeyPress || cookie->evtype == XI_RawKeyRelease) {
        const auto* raw = static_cast<XIRawEvent*>(cookie->data);
        const bool press = cookie->evtype == XI_RawKeyPress;
        const bool user = rule_.userPress(raw->sourceid, raw->detail, press);
        std::lock_guard<std::mutex> lock(shared_->mutex);
        if (press) ++shared_->state.seen;
        if (user) ++shared_->state.presses;
      }
      x.freeEventData(display_, cookie);
    }
  }

  std::shared_ptr<Shared> shared_;
  Display* display_ = nullptr;
  int opcode_ = 0;
  UserKeyRule rule_;
};

class X11KeyWatch : public KeyWatch {
 public:
  X11KeyWatch() : shared_(std::make_shared<Shared>()) {}
  ~X11KeyWatch() override { shutdown(); }

  void watch(std::vector<std::string> ignoredKeys) override {
    std::lock_guard<std::mutex> lock(shared_->mutex);
    if (shared_->stopping) return;
    shared_->ignored = std::move(ignoredKeys);
    shared_->ignoredChanged = true;
    if (started_) {
      if (!shared_->finished) shared_->poke();
      return;
    }
    started_ = true;
    if (pipe2(shared_->wake, O_CLOEXEC | O_NONBLOCK) != 0) {
      shared_->state.problem = "the system refused a pipe";
      shared_->finished = true;
      return;
    }
    std::shared_ptr<Shared> shared = shared_;
    thread_ = std::thread([shared] { Watcher(shared).run(); });
  }

  KeyWatchState state() override {
    std::lock_guard<std::mutex> lock(shared_->mutex);
    return shared_->state;
  }

  void shutdown() override {
    std::unique_lock<std::mutex> lock(shared_->mutex);
    if (shared_->stopping) return;
    shared_->stopping = true;
    if (!thread_.joinable()) return;
    shared_->poke();
    // A thread still opening a display that does not answer must not hold up the process's exit.
    bool finished =
        shared_->finishedCv.wait_for(lock, std::chrono::milliseconds(500), [this] { return shared_->finished; });
    lock.unlock();
    if (finished) {
      thread_.join();
      ::close(shared_->wake[0]);
      ::close(shared_->wake[1]);
    } else {
      thread_.detach();  // it owns `shared`; the pipe stays open for it
    }
  }

 private:
  std::shared_ptr<Shared> shared_;
  std::thread thread_;
  bool started_ = false;
};

}  // namespace

std::unique_ptr<KeyWatch> createKeyWatch() { return std::make_unique<X11KeyWatch>(); }

}  // namespace axb

#else

namespace axb {

namespace {
class NoKeyWatch : public KeyWatch {
 public:
  void watch(std::vector<std::string>) override {}
  KeyWatchState state() override {
    return {0, false, "this build has no X Input support: libxi-dev was missing when it was built"};
  }
  void shutdown() override {}
};
}  // namespace

std::unique_ptr<KeyWatch> createKeyWatch() { return std::make_unique<NoKeyWatch>(); }

}  // namespace axb

#endif
