// The switch keys on X11: a passive grab (XGrabKey) on the root window, so the X server hands their
// presses and releases to the assistant whatever window has the keyboard, and to no one else.
//
// - Its own X connection, used only by its own thread (Xlib is not thread-safe, and XInitThreads
//   cannot be called this late in a process that may already use Xlib elsewhere). The thread sleeps
//   in poll() on that connection and on a pipe that wakes it for set() and shutdown().
// - libX11 is loaded at run time (x11_lib.h): the addon loads
//   without it, and then set() says the switch works only while the panel has the focus.
// - Each key is grabbed with and without Caps Lock and Num Lock (which are modifiers to X), and
//   with no other modifier: Shift+Space and Ctrl+Enter stay the app's.
// - Another client holding the same key makes the X server refuse (BadAccess): a process-wide,
//   non-exiting X error handler records the error for this connection (Xlib's default handler
//   exits the process), and set() reports a sentence for that key.
// - Auto-repeat while a key is held would look like many presses: detectable auto-repeat makes X
//   send only the repeated presses, which are dropped; without it, a release followed by a press
//   at the same time is dropped as a repeat.
// - A connection the X server closed is noticed by poll() before any Xlib call (Xlib's I/O error
//   path exits the process otherwise), and as a last resort an I/O error exit handler that returns
//   keeps the process alive.
#include "../../include/key_grab.h"

#include "x11_lib.h"

#ifdef AXB_HAVE_X11
#include <X11/keysym.h>
#include <fcntl.h>
#include <poll.h>
#include <unistd.h>

#include <atomic>
#include <cstdio>
#include <cstdlib>
#include <deque>
#include <map>
#include <mutex>
#include <set>
#include <thread>

namespace axb {

const std::vector<std::string> kGrabbableKeys = {"Space", "Enter", "1",   "2",   "F13", "F14", "F15", "F16",
                                                 "F17",   "F18",   "F19", "F20", "F21", "F22", "F23", "F24"};

namespace {

KeySym keysymOf(const std::string& key) {
  if (key == "Space") return XK_space;
  if (key == "Enter") return XK_Return;
  if (key == "1") return XK_1;
  if (key == "2") return XK_2;
  if (key.size() == 3 && key[0] == 'F') {
    int n = std::atoi(key.c_str() + 1);
    if (n >= 13 && n <= 24) return XK_F13 + (n - 13);
  }
  return NoSymbol;
}

// The error of the last request on the grab's connection (0: none). Written by the error handler,
// which Xlib calls on the thread that reads the reply: the grab's own thread for its connection.
std::atomic<Display*> gGrabDisplay{nullptr};
std::atomic<int> gGrabError{0};
std::atomic<bool> gGrabConnectionDead{false};

int onXError(Display* d, XErrorEvent* e) {
  if (d == gGrabDisplay.load()) {
    gGrabError = e->error_code;
    return 0;
  }
  // Another connection of this process (input synthesis, window activation): say it, never exit.
  std::fprintf(stderr, "ax-bridge: X error %d (request %d) ignored\n", e->error_code, e->request_code);
  return 0;
}

// Caps Lock and Num Lock are modifiers to X: a key is grabbed once for each combination of them.
constexpr unsigned int kLockCombos[] = {0, LockMask, Mod2Mask, LockMask | Mod2Mask};

void keepAlive(Display* d, void*) {
  // Returning tells Xlib not to exit; the connection is dead and every later call returns at once.
  if (d == gGrabDisplay.load()) gGrabConnectionDead = true;
}

class X11KeyGrab : public KeyGrab {
 public:
  explicit X11KeyGrab(std::function<void(const KeyReport&)> onKey) : onKey_(std::move(onKey)) {}
  ~X11KeyGrab() override { shutdown(); }

  void set(std::vector<std::string> keys, std::function<void(Result<std::vector<GrabOutcome>>)> done) override {
    {
      std::lock_guard<std::mutex> lock(mutex_);
      if (stopping_) {
        done(Error{ErrorCode::Unavailable, "the switch keys are no longer held: the assistant is stopping"});
        return;
      }
      jobs_.push_back({std::move(keys), std::move(done)});
      if (!thread_.joinable()) {
        if (pipe2(wake_, O_CLOEXEC | O_NONBLOCK) != 0) {
          auto job = std::move(jobs_.back());
          jobs_.pop_back();
          job.done(Error{ErrorCode::Failed, "the switch keys cannot be held: the system refused a pipe"});
          return;
        }
        thread_ = std::thread([this] { loop(); });
        return;
      }
    }
    wake();
  }

  void shutdown() override {
    {
      std::lock_guard<std::mutex> lock(mutex_);
      if (stopping_) return;
      stopping_ = true;
    }
    if (thread_.joinable()) {
      wake();
      thread_.join();
      ::close(wake_[0]);
      ::close(wake_[1]);
    }
  }

 private:
  struct Job {
    std::vector<std::string> keys;
    std::function<void(Result<std::vector<GrabOutcome>>)> done;
  };

  void wake() {
    char c = 1;
    ssize_t n = ::write(wake_[1], &c, 1);
    (void)n;  // a full pipe already wakes the thread
  }

  void loop() {
    for (;;) {
      std::deque<Job> jobs;
      bool stopping;
      {
        std::lock_guard<std::mutex> lock(mutex_);
        jobs.swap(jobs_);
        stopping = stopping_;
      }
      for (Job& job : jobs) {
        if (stopping)
          job.done(Error{ErrorCode::Unavailable, "the switch keys are no longer held: the assistant is stopping"});
        else job.done(apply(job.keys));
      }
      if (stopping) {
        if (display_) {
          apply({});
          x11Lib().closeDisplay(display_);
          gGrabDisplay = nullptr;
          display_ = nullptr;
        }
        return;
      }
      // Events Xlib already read into its queue would not wake poll(): hand them on first.
      if (display_) readEvents(false);
      pollfd fds[2] = {{wake_[0], POLLIN, 0}, {display_ ? ConnectionNumber(display_) : -1, POLLIN | POLLRDHUP, 0}};
      if (poll(fds, 2, -1) < 0) continue;  // EINTR
      if (fds[0].revents & POLLIN) {
        char buf[64];
        while (::read(wake_[0], buf, sizeof buf) > 0) {
        }
      }
      if (fds[1].revents & (POLLERR | POLLHUP | POLLRDHUP | POLLNVAL)) connectionLost();
      else if (fds[1].revents & POLLIN) readEvents(true);
      if (display_ && gGrabConnectionDead) connectionLost();
    }
  }

  // Opens the connection on first use. Empty: ready; otherwise why not.
  std::string open() {
    if (display_) return "";
    const char* name = std::getenv("DISPLAY");
    if (!name || !*name) {
      return std::getenv("WAYLAND_DISPLAY") ? "this Wayland session lets no app take keys from the others"
                                            : "there is no X display (DISPLAY is not set)";
    }
    const X11Lib& x = x11Lib();
    if (!x.ok) return "libX11 is not installed";
    Display* d = x.openDisplay(name);
    if (!d) return std::string("the X display ") + name + " cannot be opened";
    ensureXErrorHandler();
    if (x.ioErrorExitHandler) x.ioErrorExitHandler(d, keepAlive, nullptr);
    Bool supported = False;
    if (x.detectableAutoRepeat) x.detectableAutoRepeat(d, True, &supported);
    detectableRepeat_ = supported == True;
    display_ = d;
    gGrabConnectionDead = false;
    gGrabDisplay = d;
    grabbed_.clear();
    down_.clear();
    return "";
  }

  Result<std::vector<GrabOutcome>> apply(const std::vector<std::string>& keys) {
    std::vector<GrabOutcome> out;
    if (keys.empty() && !display_) return out;
    std::string why = open();
    if (!why.empty()) return Error{ErrorCode::Unavailable, why};
    const X11Lib& x = x11Lib();
    Window root = DefaultRootWindow(display_);
    std::set<std::string> wanted(keys.begin(), keys.end());
    // Release what is no longer wanted; a key held down then will never report its release.
    for (auto it = grabbed_.begin(); it != grabbed_.end();) {
      if (wanted.count(it->second)) {
        ++it;
        continue;
      }
      for (unsigned int mods : kLockCombos) x.ungrabKey(display_, it->first, mods, root);
      if (down_.erase(it->first)) onKey_({it->second, KeyEdge::Lost});
      it = grabbed_.erase(it);
    }
    x.sync(display_, False);
    for (const std::string& key : keys) {
      KeySym sym = keysymOf(key);
      if (sym == NoSymbol) {
        out.push_back({key, key + " is not a key a switch can send"});
        continue;
      }
      KeyCode code = x.keysymToKeycode(display_, sym);
      // Usual layouts (evdev) give the keys F13–F24 the symbols XF86Tools, XF86Launch5, …: the key
      // is then found by the keycode the kernel gives it (KEY_F13 = 183, plus 8 in X).
      if (code == 0 && sym >= XK_F13 && sym <= XK_F24) code = static_cast<KeyCode>(191 + (sym - XK_F13));
      if (code == 0) {
        out.push_back({key, "the keyboard layout has no " + key + " key"});
        continue;
      }
      if (grabbed_.count(code)) {
        out.push_back({key, ""});
        continue;
      }
      gGrabError = 0;
      for (unsigned int mods : kLockCombos) x.grabKey(display_, code, mods, root, False, GrabModeAsync, GrabModeAsync);
      x.sync(display_, False);
      if (gGrabConnectionDead) {
        connectionLost();
        return Error{ErrorCode::Unavailable, "the connection to the X display was lost"};
      }
      if (gGrabError != 0) {
        for (unsigned int mods : kLockCombos) x.ungrabKey(display_, code, mods, root);
        x.sync(display_, False);
        out.push_back({key, gGrabError == BadAccess ? "another app already uses " + key + " as a shortcut"
                                                    : "the X server refused to give the assistant " + key});
        gGrabError = 0;
        continue;
      }
      grabbed_[code] = key;
      out.push_back({key, ""});
    }
    return out;
  }

  void readEvents(bool fromSocket) {
    const X11Lib& x = x11Lib();
    // XPending reads the socket; only when poll() said there is something (or nothing to read).
    int count = fromSocket ? x.pending(display_) : x.eventsQueued(display_, QueuedAlready);
    while (count-- > 0 && !gGrabConnectionDead) {
      XEvent e;
      x.nextEvent(display_, &e);
      if (e.type != KeyPress && e.type != KeyRelease) continue;
      auto it = grabbed_.find(static_cast<KeyCode>(e.xkey.keycode));
      if (it == grabbed_.end()) continue;
      const int code = e.xkey.keycode;
      if (e.type == KeyPress) {
        if (down_.insert(code).second) onKey_({it->second, KeyEdge::Down});
        continue;
      }
      // Without detectable auto-repeat, a repeat is a release and a press at the same time.
      if (!detectableRepeat_ && x.eventsQueued(display_, QueuedAfterReading) > 0) {
        XEvent next;
        x.peekEvent(display_, &next);
        if (next.type == KeyPress && next.xkey.keycode == e.xkey.keycode && next.xkey.time == e.xkey.time) {
          x.nextEvent(display_, &next);
          --count;
          continue;
        }
      }
      if (down_.erase(code)) onKey_({it->second, KeyEdge::Up});
    }
  }

  void connectionLost() {
    // Never touch the dead connection again: Xlib's calls on it would take its I/O error path.
    gGrabDisplay = nullptr;
    for (int code : down_) onKey_({grabbed_[static_cast<KeyCode>(code)], KeyEdge::Lost});
    down_.clear();
    grabbed_.clear();
    onKey_({"", KeyEdge::Lost});  // nothing is held any more
    // The Display structure is left allocated: closing it would write to the closed socket.
    display_ = nullptr;
  }

  std::function<void(const KeyReport&)> onKey_;
  std::mutex mutex_;
  std::deque<Job> jobs_;
  bool stopping_ = false;
  std::thread thread_;
  int wake_[2] = {-1, -1};
  // Touched only on the grab's thread:
  Display* display_ = nullptr;
  bool detectableRepeat_ = false;
  std::map<KeyCode, std::string> grabbed_;
  std::set<int> down_;
};

}  // namespace

void ensureXErrorHandler() {
  static std::once_flag once;
  std::call_once(once, [] {
    const X11Lib& x = x11Lib();
    if (x.setErrorHandler) x.setErrorHandler(onXError);
  });
}

std::unique_ptr<KeyGrab> createKeyGrab(std::function<void(const KeyReport&)> onKey) {
  return std::make_unique<X11KeyGrab>(std::move(onKey));
}

unsigned long switchKeySym(const std::string& key) { return keysymOf(key); }

}  // namespace axb

#else

namespace axb {

const std::vector<std::string> kGrabbableKeys = {};

namespace {
class NoKeyGrab : public KeyGrab {
 public:
  void set(std::vector<std::string> keys, std::function<void(Result<std::vector<GrabOutcome>>)> done) override {
    if (keys.empty()) done(std::vector<GrabOutcome>{});
    else done(Error{ErrorCode::Unavailable, "this build has no X11 support: libx11-dev was missing when it was built"});
  }
  void shutdown() override {}
};
}  // namespace

std::unique_ptr<KeyGrab> createKeyGrab(std::function<void(const KeyReport&)>) { return std::make_unique<NoKeyGrab>(); }

}  // namespace axb

#endif
