// The macOS bridge: where a text element's caret and selection are (dictation checks its keys with
// it), and putting them where an edit needs them. Mirrors src/linux/text_selection.cc: the same
// result, the same sentences, each AX call bounded by the caller's deadline.
//
// UNVERIFIED: this file has never been compiled or run by the project (its CI is Debian); it is
// written against Apple's documented AXUIElement API. The README's platform table says so.
//
// AX has no caret offset of its own: kAXSelectedTextRangeAttribute is the selection, a CFRange in
// UTF-16 units, of length 0 where only the caret is. It does not say at which end of a selection the
// caret sits; the caret is reported at its start, where dictation's Shift+Left leaves it.
#include "text_selection_mac.h"

#include <algorithm>
#include <optional>

namespace axb {
namespace mac {

namespace {

const char* kNoText = "This element has no text, so it has no caret or selection.";

bool isSecure(AXUIElementRef el) {
  CFTypeRef subrole = nullptr;
  if (AXUIElementCopyAttributeValue(el, kAXSubroleAttribute, &subrole) != kAXErrorSuccess || !subrole) return false;
  bool secure = CFGetTypeID(subrole) == CFStringGetTypeID() && CFEqual(subrole, kAXSecureTextFieldSubrole);
  CFRelease(subrole);
  return secure;
}

// The element's value as a string (released by the caller), or why there is none: a failed call's
// sentence, or no text.
std::optional<Error> copyText(AXUIElementRef el, const AxCalls& ax, CFStringRef* out) {
  CFTypeRef value = nullptr;
  ax.bound();
  AXError e = AXUIElementCopyAttributeValue(el, kAXValueAttribute, &value);
  if (e != kAXErrorSuccess && e != kAXErrorNoValue && e != kAXErrorAttributeUnsupported)
    return ax.failure(e, "Reading the text");
  if (e != kAXErrorSuccess || !value || CFGetTypeID(value) != CFStringGetTypeID()) {
    if (value) CFRelease(value);
    return Error{ErrorCode::Unsupported, kNoText};
  }
  *out = static_cast<CFStringRef>(value);
  return std::nullopt;
}

}  // namespace

CFIndex utf16In(CFStringRef s, int codePoints) {
  CFIndex length = CFStringGetLength(s);
  CFStringInlineBuffer buffer;
  CFStringInitInlineBuffer(s, &buffer, CFRangeMake(0, length));
  CFIndex i = 0;
  for (int n = 0; i < length && n < codePoints; ++n) {
    ++i;
    while (i < length && CFStringIsSurrogateLowCharacter(CFStringGetCharacterFromInlineBuffer(&buffer, i))) ++i;
  }
  return i;
}

Result<TextSelection> setTextSelectionOf(AXUIElementRef el, int start, int end, const AxCalls& ax) {
  ax.bound();
  if (isSecure(el))
    return Error{ErrorCode::Unsupported, "This is a password field: the assistant never selects in it."};
  CFStringRef text = nullptr;
  if (auto why = copyText(el, ax, &text)) return *why;
  const int count = codePointsIn(text, CFStringGetLength(text));
  CFRange range = CFRangeMake(utf16In(text, start), 0);
  range.length = utf16In(text, end) - range.location;
  CFRelease(text);
  if (start < 0 || end < start || end > count) {
    return Error{ErrorCode::Failed, "That place is outside the field's text: the text changed. Say it again."};
  }
  AXValueRef value = AXValueCreate(kAXValueTypeCFRange, &range);
  ax.bound();
  AXError e = AXUIElementSetAttributeValue(el, kAXSelectedTextRangeAttribute, value);
  CFRelease(value);
  if (e == kAXErrorAttributeUnsupported || e == kAXErrorIllegalArgument || e == kAXErrorFailure) {
    return Error{ErrorCode::Unsupported,
                 "The application does not let the assistant place the caret or select its text."};
  }
  if (e != kAXErrorSuccess) return ax.failure(e, "Placing the caret");
  return textSelectionOf(el, ax);
}

int codePointsIn(CFStringRef s, CFIndex utf16) {
  CFIndex length = std::min(utf16, CFStringGetLength(s));
  CFStringInlineBuffer buffer;
  CFStringInitInlineBuffer(s, &buffer, CFRangeMake(0, length));
  int n = 0;
  for (CFIndex i = 0; i < length; ++i)
    if (!CFStringIsSurrogateLowCharacter(CFStringGetCharacterFromInlineBuffer(&buffer, i))) ++n;
  return n;
}

Result<TextSelection> textSelectionOf(AXUIElementRef el, const AxCalls& ax) {
  ax.bound();
  if (isSecure(el)) return Error{ErrorCode::Unsupported, "This is a password field: nothing of its content is read."};
  // The value: what the offsets count in (code points, as on Linux), and the bounds of the range.
  CFStringRef text = nullptr;
  if (auto why = copyText(el, ax, &text)) return *why;
  CFTypeRef value = text;
  CFIndex length = CFStringGetLength(text);
  TextSelection out;  // caret -1: no caret, as AT-SPI says of a text nobody can put a caret in
  CFTypeRef selected = nullptr;
  ax.bound();
  AXError e = AXUIElementCopyAttributeValue(el, kAXSelectedTextRangeAttribute, &selected);
  if (e != kAXErrorSuccess && e != kAXErrorNoValue && e != kAXErrorAttributeUnsupported) {
    CFRelease(value);
    return ax.failure(e, "Reading the selection");
  }
  CFRange r = CFRangeMake(0, 0);
  if (e == kAXErrorSuccess && selected && CFGetTypeID(selected) == AXValueGetTypeID() &&
      AXValueGetValue(static_cast<AXValueRef>(selected), kAXValueTypeCFRange, &r) && r.location >= 0 && r.length >= 0) {
    // An app may report a range past the text it gives (a value cut short): keep it inside.
    CFIndex start = std::min(r.location, length);
    CFIndex end = std::min(r.location + r.length, length);
    out.start = codePointsIn(text, start);
    out.end = codePointsIn(text, end);
    out.caret = out.start;
  }
  if (selected) CFRelease(selected);
  CFRelease(value);
  return out;
}

}  // namespace mac
}  // namespace axb
