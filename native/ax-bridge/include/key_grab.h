// The switch keys, taken from every app while switch access is on.
//
// A person with one switch (or two) cannot bring the panel back to the front: when a command types
// into another app, that app takes the keyboard, and a switch that sends Space or Enter would go to
// it. So while switch access is on and the panel does not have the focus, the assistant holds
// exactly the switch keys at the system level and hears their presses and releases (with the hold
// time, which hold before select and hold to stop need), and the app in front does not.
//
// One implementation per OS: src/linux/x11_keygrab.cc (a passive grab on the X server's root window,
// on an X connection and a thread of its own), src/mac/key_grab.mm (a Quartz event tap; unverified).
// Threading: set() and shutdown() may be called from any thread; `done` and the key handler run on
// the grab's own thread.
#pragma once

#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "ax_bridge.h"

namespace axb {

// The keys set() accepts: the keyboard inputs of src/shared/switch-access.ts.
extern const std::vector<std::string> kGrabbableKeys;

enum class KeyEdge {
  Down,  // pressed (auto-repeat while held is not reported)
  Up,    // released
  Lost,  // the grab ended while the key was down: its release will not come, and the press must not count
  // macOS only, with an empty key: secure input began (a password field, Terminal's Secure Keyboard
  // Entry) and the tap hears no key until it ends; or it ended (issue #33).
  SecureInputOn,
  SecureInputOff,
};

struct KeyReport {
  std::string key;  // empty with Lost: every key was let go (the X connection closed); set() again to hold them
  KeyEdge edge;
};

// One requested key: grabbed (problem empty) or why not, as a sentence the user can act on.
struct GrabOutcome {
  std::string key;
  std::string problem;
};

class KeyGrab {
 public:
  virtual ~KeyGrab() = default;
  // Holds exactly `keys` from now on (an empty list releases every key). `done` gets one outcome
  // per key, or an error when nothing can be grabbed here at all (no X display, Wayland, no
  // permission). Calls are carried out in order.
  virtual void set(std::vector<std::string> keys, std::function<void(Result<std::vector<GrabOutcome>>)> done) = 0;
  // Releases every key and stops the thread; called once.
  virtual void shutdown() = 0;
};

// X11 only: the keysym of a key set() accepts (NoSymbol, 0, for any other name). The key watch
// (include/key_watch.h) leaves the held switch keys out by it.
unsigned long switchKeySym(const std::string& key);

// The platform's key grab. Nothing is grabbed (and no thread runs) until the first set().
std::unique_ptr<KeyGrab> createKeyGrab(std::function<void(const KeyReport&)> onKey);

}  // namespace axb
