// The CF and AX helpers the files of the macOS bridge share (mac_bridge.h lists them): an owned CF
// reference, type-checked reads of CF values, each AX call bounded by the deadline, and what a failed
// AX call means as a sentence. Mirrors src/linux/atspi_calls.h. Moved here unchanged from ax_bridge.mm
// (issue #28), each function and the permission message made `inline`, as several files use them.
//
// UNVERIFIED: never compiled or run by the project (its CI is Debian); see the top of ax_bridge.mm.
#pragma once

#import <ApplicationServices/ApplicationServices.h>
#include <signal.h>

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <optional>
#include <string>
#include <vector>

#include "../../include/ax_bridge.h"
#include "../../include/mac_mapping.h"

namespace axb {
namespace ax {

constexpr double kMaxCallSeconds = 0.5;
// A value in a snapshot is a glimpse (as on Linux); readValue reads what typing needs checked back.
constexpr CFIndex kMaxValueChars = 2000;
constexpr CFIndex kMaxReadChars = 1 << 20;
// A press that opens a modal dialog or a menu returns only when it closes: the press waits this
// long for its answer, then the app is asked whether it still answers (see performAction).
constexpr double kPressAnswerSeconds = 0.3;

// An owned CF reference (CF objects are not managed by ARC).
template <typename T>
class CF {
 public:
  CF() = default;
  explicit CF(T ref) : ref_(ref) {}
  CF(const CF&) = delete;
  CF& operator=(const CF&) = delete;
  CF(CF&& o) noexcept : ref_(o.ref_) { o.ref_ = nullptr; }
  CF& operator=(CF&& o) noexcept {
    if (this != &o) {
      reset();
      ref_ = o.ref_;
      o.ref_ = nullptr;
    }
    return *this;
  }
  ~CF() { reset(); }
  void reset() {
    if (ref_) CFRelease(ref_);
    ref_ = nullptr;
  }
  T get() const { return ref_; }
  T* out() {
    reset();
    return &ref_;
  }
  explicit operator bool() const { return ref_ != nullptr; }

 private:
  T ref_ = nullptr;
};

inline const char* axErrorName(AXError e) {
  switch (e) {
    case kAXErrorSuccess:
      return "kAXErrorSuccess";
    case kAXErrorFailure:
      return "kAXErrorFailure";
    case kAXErrorIllegalArgument:
      return "kAXErrorIllegalArgument";
    case kAXErrorInvalidUIElement:
      return "kAXErrorInvalidUIElement";
    case kAXErrorInvalidUIElementObserver:
      return "kAXErrorInvalidUIElementObserver";
    case kAXErrorCannotComplete:
      return "kAXErrorCannotComplete";
    case kAXErrorAttributeUnsupported:
      return "kAXErrorAttributeUnsupported";
    case kAXErrorActionUnsupported:
      return "kAXErrorActionUnsupported";
    case kAXErrorNotificationUnsupported:
      return "kAXErrorNotificationUnsupported";
    case kAXErrorNotImplemented:
      return "kAXErrorNotImplemented";
    case kAXErrorNotificationAlreadyRegistered:
      return "kAXErrorNotificationAlreadyRegistered";
    case kAXErrorNotificationNotRegistered:
      return "kAXErrorNotificationNotRegistered";
    case kAXErrorAPIDisabled:
      return "kAXErrorAPIDisabled";
    case kAXErrorNoValue:
      return "kAXErrorNoValue";
    case kAXErrorParameterizedAttributeUnsupported:
      return "kAXErrorParameterizedAttributeUnsupported";
    case kAXErrorNotEnoughPrecision:
      return "kAXErrorNotEnoughPrecision";
  }
  return "kAXError(unknown)";
}

inline const char* kPermissionMessage =
    "Accessibility permission is off: open System Settings → Privacy & Security → Accessibility and enable "
    "Assistive Control (or the terminal you started it from), then try again.";

inline bool processAlive(pid_t pid) { return pid > 0 && (kill(pid, 0) == 0 || errno == EPERM); }

// Bounds the next AX calls by the deadline (global timeout, set on the system-wide element; an
// element with a timeout of its own, set by performAction, uses that instead).
inline void bound(const Deadline& deadline, double maxSeconds = kMaxCallSeconds) {
  static AXUIElementRef systemWide = AXUIElementCreateSystemWide();
  double seconds = std::min(maxSeconds, deadline.remainingMs() / 1000.0);
  AXUIElementSetMessagingTimeout(systemWide, static_cast<float>(std::max(0.001, seconds)));
}

// The error an element of AXUIElementCopyMultipleAttributeValues's answer stands for: an AXValue of
// type kAXValueTypeAXError, or kCFNull (which the header also allows for a missing value).
inline AXError errorIn(CFTypeRef v) {
  if (!v || v == kCFNull) return kAXErrorNoValue;
  if (CFGetTypeID(v) == AXValueGetTypeID() && AXValueGetType(static_cast<AXValueRef>(v)) == kAXValueTypeAXError) {
    AXError e = kAXErrorFailure;
    AXValueGetValue(static_cast<AXValueRef>(v), kAXValueTypeAXError, &e);
    return e;
  }
  return kAXErrorSuccess;
}

inline Error axFailure(AXError e, pid_t pid, const std::string& doing, const std::string& what,
                       const Deadline& deadline) {
  switch (e) {
    case kAXErrorAPIDisabled:
      return {ErrorCode::PermissionDenied, kPermissionMessage};
    case kAXErrorInvalidUIElement:
      return goneError(what);
    case kAXErrorCannotComplete:
      // The messaging timeout, or an app that quit: kAXErrorCannotComplete means both.
      if (!processAlive(pid)) return goneError("The application");
      return timeoutError(doing, deadline);
    case kAXErrorActionUnsupported:
    case kAXErrorAttributeUnsupported:
      return {ErrorCode::Unsupported, doing + " is not supported by this element (" + axErrorName(e) + ")."};
    default:
      break;
  }
  return {ErrorCode::Failed, doing + " failed (" + std::string(axErrorName(e)) + ")."};
}

// Type-checked reads: never cast a CF value without checking its type id first.
inline std::optional<std::string> stringOf(CFTypeRef v, CFIndex maxChars = kMaxValueChars) {
  if (!v || CFGetTypeID(v) != CFStringGetTypeID()) return std::nullopt;
  CFStringRef s = static_cast<CFStringRef>(v);
  CFIndex length = std::min(CFStringGetLength(s), maxChars);
  // Never cut a surrogate pair in two.
  if (length > 0 && length < CFStringGetLength(s) &&
      CFStringIsSurrogateHighCharacter(CFStringGetCharacterAtIndex(s, length - 1)))
    --length;
  CFIndex bytes = CFStringGetMaximumSizeForEncoding(length, kCFStringEncodingUTF8) + 1;
  std::string out(static_cast<size_t>(bytes), '\0');
  CFIndex used = 0;
  CFStringGetBytes(s, CFRangeMake(0, length), kCFStringEncodingUTF8, '?', false, reinterpret_cast<UInt8*>(out.data()),
                   bytes, &used);
  out.resize(static_cast<size_t>(used));
  return out;
}

inline std::optional<double> numberOf(CFTypeRef v) {
  if (!v || CFGetTypeID(v) != CFNumberGetTypeID()) return std::nullopt;
  double d = 0;
  if (!CFNumberGetValue(static_cast<CFNumberRef>(v), kCFNumberDoubleType, &d)) return std::nullopt;
  return d;
}

inline bool trueOf(CFTypeRef v) {
  return v && CFGetTypeID(v) == CFBooleanGetTypeID() && CFBooleanGetValue(static_cast<CFBooleanRef>(v));
}

// A boolean attribute as mac_mapping.h reads it: Absent unless a boolean, a number or a string.
inline mac::Flag flagOf(CFTypeRef v) {
  if (errorIn(v) != kAXErrorSuccess) return mac::Flag::Absent;
  if (CFGetTypeID(v) == CFBooleanGetTypeID())
    return CFBooleanGetValue(static_cast<CFBooleanRef>(v)) ? mac::Flag::True : mac::Flag::False;
  if (CFGetTypeID(v) == CFNumberGetTypeID()) {
    double d = 0;
    CFNumberGetValue(static_cast<CFNumberRef>(v), kCFNumberDoubleType, &d);
    return d != 0 ? mac::Flag::True : mac::Flag::False;
  }
  if (CFGetTypeID(v) == CFStringGetTypeID()) {  // AXInvalid: "false", "true", "spelling", "grammar"
    std::string s = stringOf(v).value_or("");
    return s.empty() || s == "false" ? mac::Flag::False : mac::Flag::True;
  }
  return mac::Flag::Absent;
}

inline bool settable(AXUIElementRef el, CFStringRef attr) {
  Boolean yes = false;
  return AXUIElementIsAttributeSettable(el, attr, &yes) == kAXErrorSuccess && yes;
}

inline std::vector<std::string> axActionNames(AXUIElementRef el) {
  std::vector<std::string> out;
  CF<CFArrayRef> names;
  if (AXUIElementCopyActionNames(el, names.out()) != kAXErrorSuccess || !names) return out;
  for (CFIndex i = 0; i < CFArrayGetCount(names.get()); ++i)
    if (auto name = stringOf(CFArrayGetValueAtIndex(names.get(), i))) out.push_back(*name);
  return out;
}

inline CFStringRef cfString(const std::string& s) {  // owned by the caller
  return CFStringCreateWithCString(nullptr, s.c_str(), kCFStringEncodingUTF8);
}

inline std::string formatNumber(double v) {
  char buf[64];
  std::snprintf(buf, sizeof buf, "%.10g", v);
  return buf;
}

inline std::string attrString(AXUIElementRef el, CFStringRef attr) {
  CF<CFTypeRef> v;
  if (AXUIElementCopyAttributeValue(el, attr, v.out()) != kAXErrorSuccess) return "";
  return stringOf(v.get()).value_or("");
}

}  // namespace ax
}  // namespace axb
