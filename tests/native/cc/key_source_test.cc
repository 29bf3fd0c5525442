// Unit test of include/key_source.h: which raw key presses are the user's.
#include "../../../native/ax-bridge/include/key_source.h"

#include "check.h"

using axb::assistantSources;
using axb::InputDevice;
using axb::UserKeyRule;

int main() {
  // The devices of Xvfb as the X server lists them, with a second master pair
  // ("Helper") added.
  const std::vector<InputDevice> devices = {
      {2, false, false, 3,
       false}, // Virtual core pointer (master pointer, paired with 3)
      {3, true, false, 2, false},  // Virtual core keyboard
      {4, false, false, 2, true},  // Virtual core XTEST pointer
      {5, false, true, 3, true},   // Virtual core XTEST keyboard
      {6, false, false, 2, false}, // Xvfb mouse
      {7, false, true, 3, false},  // Xvfb keyboard
      {8, false, false, 9, false}, // Helper pointer
      {9, true, false, 8, false},  // Helper keyboard
      {11, false, true, 9, true},  // Helper XTEST keyboard
      {12, false, true, 0,
       false}, // a floating keyboard (attached to no master)
  };
  // The assistant types through the first master: its XTEST keyboard alone is
  // its own.
  CHECK(assistantSources(devices, 2) == std::set<int>({5}));
  // A client whose pointer is the second master types through that master's
  // XTEST keyboard.
  CHECK(assistantSources(devices, 8) == std::set<int>({11}));
  // No client pointer set (what XIGetClientPointer answers until a client sets
  // one): the X server sends through its first master pair, the virtual core
  // devices.
  CHECK(assistantSources(devices, 0) == std::set<int>({5}));
  std::vector<InputDevice> helperListedFirst = {devices[7], devices[8],
                                                devices[1], devices[3]};
  CHECK(assistantSources(helperListedFirst, 0) == std::set<int>({5}));
  // An unknown client pointer (a master that went away): nothing is the
  // assistant's.
  CHECK(assistantSources(devices, 42).empty());
  // Never a keyboard that is not XTEST, never a floating one.
  CHECK(assistantSources({{3, true, false, 2, false},
                          {7, false, true, 3, false},
                          {12, false, true, 0, true}},
                         2)
            .empty());

  UserKeyRule rule;
  rule.setAssistantSources(assistantSources(devices, 2));
  // The assistant's own keys: never the user's.
  CHECK(!rule.userPress(5, 38, true));
  CHECK(!rule.userPress(5, 38, false));
  // A key from the hardware keyboard, or from another master's XTEST device:
  // the user's, once.
  CHECK(rule.userPress(7, 38, true));
  CHECK(!rule.userPress(7, 38, true)); // auto-repeat while held
  CHECK(!rule.userPress(7, 38, false));
  CHECK(rule.userPress(7, 38, true)); // pressed again
  CHECK(rule.userPress(11, 50, true));
  // The same keycode held by the assistant does not hide the user's press of
  // it, nor the reverse.
  CHECK(!rule.userPress(5, 40, true));
  CHECK(rule.userPress(7, 40, true));
  CHECK(!rule.userPress(5, 40, false));
  CHECK(!rule.userPress(7, 40, true)); // still down on the user's keyboard
  // A release alone (a key pressed before the watch began) is nothing.
  CHECK(!rule.userPress(7, 60, false));
  // The switch keys the assistant holds go to the scan: ignored, from any
  // source.
  rule.setIgnoredKeycodes({65});
  CHECK(!rule.userPress(7, 65, true));
  CHECK(!rule.userPress(7, 65, false));
  // The sources change (a keyboard plugged in, a master added): the new list
  // holds.
  rule.setAssistantSources({11});
  CHECK(rule.userPress(5, 70, true));
  CHECK(!rule.userPress(11, 71, true));
  return checkFailures();
}
