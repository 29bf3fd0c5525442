// The caret and the selection of a macOS text element (text_selection.mm), and the offset unit the
// bridge's text calls share: Unicode code points, while AX ranges count UTF-16 units.
#pragma once

#import <ApplicationServices/ApplicationServices.h>

#include <functional>
#include <string>

#include "../../include/ax_bridge.h"

namespace axb {
namespace mac {

// What text_selection.mm uses of the bridge's helpers (ax_calls.h; text.mm passes them): bound the
// next AX call by the call's deadline (never above 0.5 s), and turn a failed AX call into the user's
// sentence, as every other call of the bridge does (permission off, element or app gone, not
// responding within the deadline).
struct AxCalls {
  std::function<void()> bound;
  std::function<Error(AXError, const std::string& doing)> failure;
};

// Mirrors LinuxBridge::textSelection (src/linux/text_selection.cc): a password field is refused,
// an element without text has no caret, a text without a selected range has a caret of -1; offsets
// are code points into the element's value. UNVERIFIED: never compiled or run on a Mac.
Result<TextSelection> textSelectionOf(AXUIElementRef el, const AxCalls& ax);

// Mirrors LinuxBridge::setTextSelection: selects [start, end) code points of the element's value
// (start == end: the caret there, nothing selected) through kAXSelectedTextRangeAttribute, then reads
// it back as textSelectionOf does. A password field is refused; an element that does not take the
// range is Unsupported (the caller then uses keys). UNVERIFIED: never compiled or run on a Mac.
Result<TextSelection> setTextSelectionOf(AXUIElementRef el, int start, int end, const AxCalls& ax);

// How many code points the first `utf16` UTF-16 units of `s` hold (a unit that splits a surrogate
// pair counts the pair's character).
int codePointsIn(CFStringRef s, CFIndex utf16);

// The UTF-16 index where code point `codePoints` of `s` begins (the length of `s` past its end).
CFIndex utf16In(CFStringRef s, int codePoints);

}  // namespace mac
}  // namespace axb
