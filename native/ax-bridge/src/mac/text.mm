// The macOS bridge: reading an element's value, typing text into an editable field, and where its caret
// and selection are (text_selection.mm). Mirrors src/linux/text.cc and text_selection.cc; the class is
// declared in mac_bridge.h.
//
// UNVERIFIED: never compiled or run by the project (its CI is Debian); see the top of ax_bridge.mm.
#import <ApplicationServices/ApplicationServices.h>

#include <optional>
#include <string>

#include "mac_bridge.h"
#include "text_selection_mac.h"

namespace axb {
namespace ax {

Result<std::optional<std::string>> MacBridge::readValue(ElementRef ref, const Deadline& deadline) {
  auto target = resolve(ref, deadline);
  if (!target.ok()) return target.error();
  AXUIElementRef el = target.value();
  if (attrString(el, kAXSubroleAttribute) == "AXSecureTextField") {
    return Error{ErrorCode::Unsupported, "This is a password field: its content is never read."};
  }
  CF<CFTypeRef> v;
  bound(deadline);
  AXError e = AXUIElementCopyAttributeValue(el, kAXValueAttribute, v.out());
  if (e == kAXErrorNoValue || e == kAXErrorAttributeUnsupported) return std::optional<std::string>{};
  if (e != kAXErrorSuccess) return axFailure(e, pidOf(el), "Reading the value", "The element", deadline);
  // The whole text, up to about a million characters as on Linux: typing is checked by reading back.
  if (auto s = stringOf(v.get(), kMaxReadChars)) return std::optional<std::string>{*s};
  if (auto n = numberOf(v.get())) return std::optional<std::string>{formatNumber(*n)};
  if (v && CFGetTypeID(v.get()) == CFBooleanGetTypeID()) return std::optional<std::string>{trueOf(v.get()) ? "1" : "0"};
  return std::optional<std::string>{};
}

// Mirrors the Linux bridge (not yet compiled or run on a Mac). AX ranges count UTF-16 units;
// the result counts Unicode code points, as on Linux, converted through the field's value.
Result<Inserted> MacBridge::insertText(ElementRef ref, const std::string& text, InsertAt at, const Deadline& deadline) {
  auto target = resolve(ref, deadline);
  if (!target.ok()) return target.error();
  AXUIElementRef el = target.value();
  pid_t pid = pidOf(el);
  if (attrString(el, kAXSubroleAttribute) == "AXSecureTextField") {
    return Error{ErrorCode::Unsupported, "This is a password field: the assistant never types into it."};
  }
  bound(deadline);
  CF<CFTypeRef> value;
  AXError e = AXUIElementCopyAttributeValue(el, kAXValueAttribute, value.out());
  if (e != kAXErrorSuccess || !value || CFGetTypeID(value.get()) != CFStringGetTypeID()) {
    if (e != kAXErrorSuccess && e != kAXErrorNoValue && e != kAXErrorAttributeUnsupported)
      return axFailure(e, pid, "Reading the text", "The element", deadline);
    return Error{ErrorCode::Unsupported,
                 "This element does not take typed text: choose a text field, or click it instead."};
  }
  CFStringRef before = static_cast<CFStringRef>(value.get());
  CFIndex length = CFStringGetLength(before);
  CFRange range = CFRangeMake(length, 0);
  if (at == InsertAt::Caret) {
    CF<CFTypeRef> selected;
    bound(deadline);
    e = AXUIElementCopyAttributeValue(el, kAXSelectedTextRangeAttribute, selected.out());
    if (e == kAXErrorSuccess && selected && CFGetTypeID(selected.get()) == AXValueGetTypeID()) {
      CFRange r;
      if (AXValueGetValue(static_cast<AXValueRef>(selected.get()), kAXValueTypeCFRange, &r) && r.location >= 0 &&
          r.location + r.length <= length)
        range = r;
    } else if (e != kAXErrorSuccess && e != kAXErrorNoValue && e != kAXErrorAttributeUnsupported) {
      return axFailure(e, pid, "Reading the selection", "The element", deadline);
    }
  }
  // Select the range, then set the selected text: the field replaces exactly that range, as
  // typing would, and keeps its undo history.
  CF<AXValueRef> rangeValue(AXValueCreate(kAXValueTypeCFRange, &range));
  bound(deadline);
  e = AXUIElementSetAttributeValue(el, kAXSelectedTextRangeAttribute, rangeValue.get());
  if (e != kAXErrorSuccess) return axFailure(e, pid, "Selecting where to type", "The element", deadline);
  CF<CFStringRef> inserted(CFStringCreateWithCString(nullptr, text.c_str(), kCFStringEncodingUTF8));
  bound(deadline);
  e = AXUIElementSetAttributeValue(el, kAXSelectedTextAttribute, inserted.get());
  if (e == kAXErrorAttributeUnsupported || e == kAXErrorIllegalArgument) {
    return Error{ErrorCode::Unsupported,
                 "This element does not take typed text: choose a text field, or click it instead."};
  }
  if (e != kAXErrorSuccess) return axFailure(e, pid, "Typing the text", "The element", deadline);
  CFRange caret = CFRangeMake(range.location + CFStringGetLength(inserted.get()), 0);
  CF<AXValueRef> caretValue(AXValueCreate(kAXValueTypeCFRange, &caret));
  bound(deadline);
  AXUIElementSetAttributeValue(el, kAXSelectedTextRangeAttribute, caretValue.get());  // best effort, as on Linux
  int start = mac::codePointsIn(before, range.location);
  int end = mac::codePointsIn(before, range.location + range.length);
  int added = mac::codePointsIn(inserted.get(), CFStringGetLength(inserted.get()));
  return Inserted{start, end, start + added};
}

namespace {

// The bound and failure calls text_selection.mm makes through, for an element of `pid` and a deadline.
mac::AxCalls axCalls(pid_t pid, const Deadline& deadline) {
  return {[&deadline] { bound(deadline); },
          [pid, &deadline](AXError e, const std::string& doing) {
            return axFailure(e, pid, doing, "The element", deadline);
          }};
}

}  // namespace

// The caret and the selection, in code points (text_selection.mm; mirrors the Linux half, not yet
// compiled or run on a Mac).
Result<TextSelection> MacBridge::textSelection(ElementRef ref, const Deadline& deadline) {
  auto target = resolve(ref, deadline);
  if (!target.ok()) return target.error();
  return mac::textSelectionOf(target.value(), axCalls(pidOf(target.value()), deadline));
}

// Selects a range, or places the caret, through kAXSelectedTextRangeAttribute (text_selection.mm).
Result<TextSelection> MacBridge::setTextSelection(ElementRef ref, int start, int end, const Deadline& deadline) {
  auto target = resolve(ref, deadline);
  if (!target.ok()) return target.error();
  return mac::setTextSelectionOf(target.value(), start, end, axCalls(pidOf(target.value()), deadline));
}

}  // namespace ax
}  // namespace axb
