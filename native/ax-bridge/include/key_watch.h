// The user's own key presses, counted while the assistant acts (issue #31): a key the user presses
// during a run stops it, as moving the pointer does, while the keys the assistant sends do not.
//
// One implementation per OS: src/linux/x11_keywatch.cc (XInput2 raw key events on the root window,
// the rule in include/key_source.h), src/mac/key_watch.mm (a listen-only Quartz event tap that counts
// key downs whose source is the hardware; unverified). Each on a thread and a connection of its own,
// started by the first watch(); counting never blocks the caller, so it needs no deadline.
#pragma once

#include <memory>
#include <string>
#include <vector>

namespace axb {

struct KeyWatchState {
  // User key presses since the watch began (only differences between two readings mean anything).
  long presses = 0;
  // Every key press the watch has read, the user's or not (so a test can wait until it read a key).
  long seen = 0;
  // True once the watch hears keys; false while it starts or when it cannot (then `problem` says why).
  bool watching = false;
  // Why no key can be watched here, as a clause ("there is no X display"); empty otherwise.
  std::string problem;
};

class KeyWatch {
 public:
  virtual ~KeyWatch() = default;
  // Starts the watch (the first call) and sets the keys never counted: the switch keys the
  // assistant holds (names as in include/key_grab.h). Returns at once.
  virtual void watch(std::vector<std::string> ignoredKeys) = 0;
  // Reads the count; never blocks on the window system.
  virtual KeyWatchState state() = 0;
  // Stops the thread; called once. Waits for it a short while at most.
  virtual void shutdown() = 0;
};

std::unique_ptr<KeyWatch> createKeyWatch();

}  // namespace axb
