// What the macOS half decides about key events without calling Apple's API, in plain C++17 so that
// tests/native/cc/mac_input_test.cc proves it on Linux (issue #33). src/mac/key_grab.mm and
// src/mac/unicode_typing.mm call these; the flag values are CGEventFlags' (static_asserts in
// key_grab.mm tie them to the SDK's constants when it is compiled).
#pragma once

#include <cstdint>

namespace axb {
namespace mac {

constexpr uint64_t kFlagShift = 0x00020000;        // kCGEventFlagMaskShift
constexpr uint64_t kFlagControl = 0x00040000;      // kCGEventFlagMaskControl
constexpr uint64_t kFlagAlternate = 0x00080000;    // kCGEventFlagMaskAlternate (Option)
constexpr uint64_t kFlagCommand = 0x00100000;      // kCGEventFlagMaskCommand
constexpr uint64_t kFlagNumericPad = 0x00200000;   // kCGEventFlagMaskNumericPad
constexpr uint64_t kFlagSecondaryFn = 0x00800000;  // kCGEventFlagMaskSecondaryFn

// Virtual key codes of the function keys (Carbon's kVK_F1 … kVK_F20, in order).
constexpr int kFunctionKeyCodes[] = {0x7A, 0x78, 0x63, 0x76, 0x60, 0x61, 0x62, 0x64, 0x65, 0x6D,
                                     0x67, 0x6F, 0x69, 0x6B, 0x71, 0x6A, 0x40, 0x4F, 0x50, 0x5A};

inline bool isFunctionKeyCode(int code) {
  for (int f : kFunctionKeyCodes)
    if (f == code) return true;
  return false;
}

// Whether a press of a switch key is the switch's (taken and swallowed) rather than a chord for the
// app in front. A key is taken only with no modifier held but Caps Lock (Shift+Space and ⌘Enter stay
// the app's). macOS sets the Fn flag on every function key press itself (and the keypad flag on
// keypad and arrow keys), so for a function key that flag says nothing about what the user holds:
// F13–F20 pressed alone are taken.
inline bool switchPressTaken(int keyCode, uint64_t flags) {
  uint64_t held = kFlagShift | kFlagControl | kFlagAlternate | kFlagCommand;
  if (!isFunctionKeyCode(keyCode)) held |= kFlagSecondaryFn;
  return (flags & held) == 0;
}

// The virtual key a typed character's Unicode key event goes out on. Apps that translate key codes
// themselves (remote desktops, some games and terminals) ignore the event's string and type what the
// key code means: on the key for "a" (code 0) they type "a". So: the key the current layout types
// this character with (no modifier or Shift), with Shift set to match; a character no key types goes
// out on a code no keyboard has (kNeutralKeyCode), which such apps ignore rather than mistype.
constexpr int kNeutralKeyCode = 0x7F;

struct TypingKey {
  int code;
  uint64_t flags;
};

// layoutKey: the key that types the character on the layout (-1: none), and whether it needs Shift.
inline TypingKey typingKeyFor(int layoutKey, bool needsShift) {
  if (layoutKey < 0 || layoutKey > 0x7E) return {kNeutralKeyCode, 0};
  return {layoutKey, needsShift ? kFlagShift : 0};
}

}  // namespace mac
}  // namespace axb
