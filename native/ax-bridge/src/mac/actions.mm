// The macOS bridge: resolving an element id of a snapshot, and performing actions on the element (as
// include/mac_mapping.h plans them). Mirrors src/linux/actions.cc; the class is declared in mac_bridge.h.
//
// UNVERIFIED: never compiled or run by the project (its CI is Debian); see the top of ax_bridge.mm.
#import <ApplicationServices/ApplicationServices.h>

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <string>

#include "mac_bridge.h"

namespace axb {
namespace ax {

Result<Done> MacBridge::performAction(ElementRef ref, const std::string& action, const Deadline& deadline) {
  auto target = resolve(ref, deadline);
  if (!target.ok()) return target.error();
  AXUIElementRef el = target.value();
  pid_t pid = pidOf(el);
  bound(deadline);
  mac::MacActionPlan plan = mac::planMacAction(action, actionFacts(el));
  if (plan.kind == mac::MacActionPlan::Unsupported) return unsupported(action);
  if (plan.kind == mac::MacActionPlan::AlreadyDone) return Done{};
  CF<CFStringRef> name(cfString(plan.axName));
  bound(deadline);
  if (plan.kind == mac::MacActionPlan::SetAttribute) {
    AXError e = AXUIElementSetAttributeValue(el, name.get(), plan.flag ? kCFBooleanTrue : kCFBooleanFalse);
    if (e == kAXErrorActionUnsupported || e == kAXErrorAttributeUnsupported) return unsupported(action);
    if (e != kAXErrorSuccess) return axFailure(e, pid, "Performing " + action, "The element", deadline);
    return Done{};
  }
  // A press that opens a modal dialog or a menu is answered only when it closes. So the press
  // waits a short while for its answer (a timeout of this element's own); unanswered, the app is
  // asked its role: an app that answers is running the dialog or menu the press opened, and the
  // press happened (reporting a timeout would make the caller press again). An app that does not
  // answer either is not responding, and the sentence says the press may have happened.
  AXUIElementSetMessagingTimeout(
      el, static_cast<float>(std::max(0.001, std::min(kPressAnswerSeconds, deadline.remainingMs() / 1000.0))));
  AXError e = AXUIElementPerformAction(el, name.get());
  AXUIElementSetMessagingTimeout(el, 0);  // back to the global timeout
  if (e == kAXErrorActionUnsupported || e == kAXErrorAttributeUnsupported) return unsupported(action);
  if (e == kAXErrorCannotComplete && processAlive(pid)) {
    if (respondsWithin(pid, deadline)) return Done{};
    return Error{ErrorCode::Timeout, "The application did not answer within " +
                                         std::to_string(static_cast<long>(std::lround(deadline.totalMs()))) +
                                         " ms, so it is not known whether '" + action +
                                         "' happened: observe the screen before trying again."};
  }
  if (e != kAXErrorSuccess) return axFailure(e, pid, "Performing " + action, "The element", deadline);
  return Done{};
}

Result<Done> MacBridge::setValue(ElementRef ref, const std::string& value, const Deadline& deadline) {
  auto target = resolve(ref, deadline);
  if (!target.ok()) return target.error();
  AXUIElementRef el = target.value();
  std::string role = attrString(el, kAXRoleAttribute);
  CF<CFTypeRef> newValue;
  if (role == "AXSlider" || role == "AXIncrementor" || role == "AXStepper" || role == "AXScrollBar") {
    char* end = nullptr;
    double number = std::strtod(value.c_str(), &end);
    if (value.empty() || !end || *end != '\0' || !std::isfinite(number)) {
      return Error{ErrorCode::Unsupported, "This element takes a number, and '" + value + "' is not one."};
    }
    *newValue.out() = CFNumberCreate(nullptr, kCFNumberDoubleType, &number);
  } else {
    *newValue.out() = CFStringCreateWithCString(nullptr, value.c_str(), kCFStringEncodingUTF8);
  }
  AXError e = AXUIElementSetAttributeValue(el, kAXValueAttribute, newValue.get());
  if (e == kAXErrorAttributeUnsupported || e == kAXErrorIllegalArgument) {
    return Error{ErrorCode::Unsupported,
                 "This element does not take text or a value: choose a text field, or click it instead."};
  }
  if (e != kAXErrorSuccess) return axFailure(e, pidOf(el), "Setting the value", "The element", deadline);
  return Done{};
}

// What planMacAction needs to know of an element, read when an action is asked for.
mac::MacFacts MacBridge::actionFacts(AXUIElementRef el) {
  mac::MacFacts f;
  f.role = attrString(el, kAXRoleAttribute);
  f.subrole = attrString(el, kAXSubroleAttribute);
  for (auto [attr, flag] : {std::pair<CFStringRef, mac::Flag*>{kAXExpandedAttribute, &f.expanded},
                            std::pair<CFStringRef, mac::Flag*>{kAXDisclosingAttribute, &f.disclosing}}) {
    CF<CFTypeRef> v;
    if (AXUIElementCopyAttributeValue(el, attr, v.out()) == kAXErrorSuccess) *flag = flagOf(v.get());
  }
  f.focusedSettable = settable(el, kAXFocusedAttribute);
  f.selectedSettable = settable(el, kAXSelectedAttribute);
  if (f.expanded != mac::Flag::Absent) f.expandedSettable = settable(el, kAXExpandedAttribute);
  if (f.disclosing != mac::Flag::Absent) f.disclosingSettable = settable(el, kAXDisclosingAttribute);
  f.axActions = axActionNames(el);
  return f;
}

pid_t MacBridge::pidOf(AXUIElementRef el) {
  pid_t pid = 0;
  AXUIElementGetPid(el, &pid);
  return pid;
}

Result<AXUIElementRef> MacBridge::resolve(ElementRef ref, const Deadline& deadline) {
  if (!AXIsProcessTrusted()) return Error{ErrorCode::PermissionDenied, kPermissionMessage};
  auto kept = generations_.find(ref);
  if (!kept.ok()) return kept.error();
  AXUIElementRef el = kept.value()->handles[ref.id - 1];
  if (!processAlive(kept.value()->pid)) return goneError("The application of this element");
  bound(deadline);
  CF<CFTypeRef> role;
  AXError e = AXUIElementCopyAttributeValue(el, kAXRoleAttribute, role.out());
  if (e != kAXErrorSuccess) return axFailure(e, pidOf(el), "Reaching the element", "The element", deadline);
  return el;
}

Error MacBridge::unsupported(const std::string& action) {
  return {ErrorCode::Unsupported, "This element does not offer the action '" + action +
                                      "': look at its actions in the latest observation and choose one of those."};
}

}  // namespace ax
}  // namespace axb
