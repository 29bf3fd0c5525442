// Typing characters as Unicode key events (macOS): the string travels in the event, so the
// keyboard layout does not change what arrives. See src/execution/input/unicode-typing.ts, which
// plans the events (at most 20 UTF-16 units each, Return and Tab as keys).
#pragma once

#include <string>

namespace axb {

// Posts one key-down and one key-up event carrying `utf8` (at most 20 UTF-16 units once converted).
// Returns false with `why` (a clause for a sentence) when it cannot.
bool postUnicodeString(const std::string& utf8, std::string& why);

}  // namespace axb
