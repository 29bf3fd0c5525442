// Unit test of include/mac_input.h (issue #33): which switch key presses the
// macOS key tap takes, and the key a typed character's Unicode event goes out
// on.
#include "../../../native/ax-bridge/include/mac_input.h"

#include "check.h"

using namespace axb::mac;

int main() {
  const int kSpace = 0x31, kReturn = 0x24, kF13 = 0x69, kF20 = 0x5A, kF1 = 0x7A,
            kA = 0x00;

  // A switch key alone is taken; Caps Lock (0x10000) is not a modifier the user
  // holds for a chord.
  CHECK(switchPressTaken(kSpace, 0));
  CHECK(switchPressTaken(kReturn, 0x10000));
  // With a modifier held the press is the app's: Shift+Space, ⌘Return, ⌥F13,
  // ⌃F20.
  CHECK(!switchPressTaken(kSpace, kFlagShift));
  CHECK(!switchPressTaken(kReturn, kFlagCommand));
  CHECK(!switchPressTaken(kF13, kFlagAlternate | kFlagSecondaryFn));
  CHECK(!switchPressTaken(kF20, kFlagControl | kFlagSecondaryFn));
  // macOS marks every function key press with the Fn flag (and often the keypad
  // flag): F13–F20 alone are taken with them (the bug was that they never
  // were).
  CHECK(switchPressTaken(kF13, kFlagSecondaryFn));
  CHECK(switchPressTaken(kF20, kFlagSecondaryFn | kFlagNumericPad));
  CHECK(switchPressTaken(kF1, kFlagSecondaryFn));
  // On a key that is not a function key, Fn held is a chord (Fn+Space is the
  // app's, or the system's).
  CHECK(!switchPressTaken(kSpace, kFlagSecondaryFn));
  CHECK(!switchPressTaken(kReturn, kFlagSecondaryFn));

  // Every function key code F1–F20 is one, and the neighbouring keys are not.
  const int fkeys[] = {0x7A, 0x78, 0x63, 0x76, 0x60, 0x61, 0x62,
                       0x64, 0x65, 0x6D, 0x67, 0x6F, 0x69, 0x6B,
                       0x71, 0x6A, 0x40, 0x4F, 0x50, 0x5A};
  int count = 0;
  for (int code = 0; code < 128; ++code)
    count += isFunctionKeyCode(code) ? 1 : 0;
  CHECK_EQ(count, 20);
  for (int code : fkeys)
    CHECK(isFunctionKeyCode(code));
  CHECK(!isFunctionKeyCode(kSpace));
  CHECK(!isFunctionKeyCode(0x75)); // forward delete
  CHECK(!isFunctionKeyCode(0x3F)); // the Fn key itself

  // Typing: a character on the layout goes out on its key, with Shift when the
  // layout needs it.
  TypingKey a = typingKeyFor(kA, false);
  CHECK_EQ(a.code, kA);
  CHECK_EQ(a.flags, uint64_t{0});
  TypingKey upper = typingKeyFor(0x0E, true); // "E" on a US layout
  CHECK_EQ(upper.code, 0x0E);
  CHECK_EQ(upper.flags, kFlagShift);
  // A character no key types goes out on the neutral code, never on code 0 (the
  // key of "a").
  TypingKey none = typingKeyFor(-1, false);
  CHECK_EQ(none.code, kNeutralKeyCode);
  CHECK(none.code != kA);
  CHECK_EQ(none.flags, uint64_t{0});
  CHECK(!isFunctionKeyCode(kNeutralKeyCode));
  // A code outside the keyboard's range is not trusted as a layout key.
  CHECK_EQ(typingKeyFor(200, true).code, kNeutralKeyCode);

  return checkFailures();
}
