// Keyboard input on macOS, as key events whose content does not depend on a US layout:
// - typing characters as Unicode key events: the string travels in the event, so the keyboard
//   layout does not change what arrives (src/execution/input/unicode-typing.ts plans the events:
//   at most 20 UTF-16 units each, Return and Tab as keys);
// - key chords as one key event whose flags carry the modifiers (src/execution/input/mac-keys.ts
//   plans them), the key of a character found on the current layout.
// Both refuse, with a reason, when macOS would drop the events silently (no Accessibility permission).
#pragma once

#include <cstdint>
#include <string>

namespace axb {

// Posts one key-down and one key-up event carrying `utf8` (at most 20 UTF-16 units once converted).
// Returns false with `why` (a clause for a sentence) when it cannot.
bool postUnicodeString(const std::string& utf8, std::string& why);

// Posts one key-down and one key-up event of `virtualKey` (a kVK_ code) with `flags` (CGEventFlags);
// with virtualKey -1, of the key that types `character` on the current keyboard layout.
bool postKeyChord(int virtualKey, const std::string& character, uint64_t flags, std::string& why);

// Whether macOS lets this process post input events (the Accessibility permission). Without it,
// CGEventPost drops every event and says nothing.
bool inputTrusted();

}  // namespace axb
