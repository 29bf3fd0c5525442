// Whose key press is it: the user's, or the assistant's own (issue #31)? A key the user presses
// while the assistant types or clicks stops that action, as moving the pointer does; the keys the
// assistant sends must not.
//
// On X11 the watch (src/linux/x11_keywatch.cc) reads XInput2 raw key events on the root window.
// Each names its source: the slave device the key came from. The assistant sends its keys through
// the XTEST extension (the input library), and the X server gives those the XTEST keyboard of the
// master keyboard the sending client types through ("Virtual core XTEST keyboard"), marked by the
// device property "XTEST Device". A keyboard the user types on is another slave device. So:
//
// - the assistant's sources are the XTEST keyboards attached to the master keyboard its client
//   pointer is paired with (`assistantSources`; the first master when no client pointer was set);
// - a press from any other source is the user's, except a key the assistant holds for the switch
//   (its press goes to the scan, not to the app) and a press of a key already down from that source
//   (auto-repeat);
// - any other program that sends keys through XTEST on the same master (xdotool, an on-screen
//   keyboard that uses XTEST) looks like the assistant and does not stop a run: the X server gives
//   no other way to tell them apart.
//
// Platform-free and header-only: compiled and unit-tested on Linux (tests/native/cc/key_source_test.cc).
#pragma once

#include <set>
#include <utility>
#include <vector>

namespace axb {

// One input device as XIQueryDevice describes it.
struct InputDevice {
  int id = 0;
  bool masterKeyboard = false;  // XIMasterKeyboard
  bool slaveKeyboard = false;   // XISlaveKeyboard
  int attachment = 0;           // a slave's master; a master's paired master
  bool xtest = false;           // has the "XTEST Device" property
};

// The XTEST keyboards the assistant's keys come from: those attached to the master keyboard paired
// with `clientPointer` (the master pointer XIGetClientPointer names). 0: no client set one, and the X
// server then uses its first master pair, the virtual core devices, which have the lowest ids.
inline std::set<int> assistantSources(const std::vector<InputDevice>& devices, int clientPointer) {
  int keyboard = 0;
  for (const InputDevice& d : devices) {
    if (!d.masterKeyboard) continue;
    if (clientPointer == 0 ? keyboard == 0 || d.id < keyboard : d.attachment == clientPointer) keyboard = d.id;
  }
  std::set<int> out;
  for (const InputDevice& d : devices)
    if (d.slaveKeyboard && d.xtest && d.attachment == keyboard && keyboard != 0) out.insert(d.id);
  return out;
}

// The rule, fed every raw key press and release in the order the X server sent them.
class UserKeyRule {
 public:
  void setAssistantSources(std::set<int> sources) { assistant_ = std::move(sources); }
  void setIgnoredKeycodes(std::set<int> keycodes) { ignored_ = std::move(keycodes); }

  // True when this event is a key the user pressed that stops a run.
  bool userPress(int sourceid, int keycode, bool press) {
    const std::pair<int, int> key{sourceid, keycode};
    if (!press) {
      down_.erase(key);
      return false;
    }
    if (!down_.insert(key).second) return false;  // auto-repeat of a key held down
    if (assistant_.count(sourceid)) return false;
    return ignored_.count(keycode) == 0;
  }

 private:
  std::set<int> assistant_;
  std::set<int> ignored_;
  std::set<std::pair<int, int>> down_;
};

}  // namespace axb
