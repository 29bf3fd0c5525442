// The Linux bridge: resolving an element id of a snapshot, and performing actions on the element.
#include <algorithm>
#include <cmath>
#include <cstdlib>

#include "linux_bridge.h"

namespace axb {
namespace atspi {

Result<Done> LinuxBridge::performAction(ElementRef ref, const std::string& action, const Deadline& deadline) {
  auto resolved = resolve(ref, deadline, /*asRead=*/true);
  if (!resolved.ok()) return resolved.error();
  const Target& t = resolved.value();
  const std::string what = "The element";
  if (action == "focus" || action == "raise") {
    if (!(t.ifaces & kIfaceComponent)) return unsupported(action);
    bool ok = false;
    RawCall c = method(t.ref, "org.a11y.atspi.Component", "GrabFocus", nullptr,
                       [&ok](DBusMessageIter* it) { ok = readBool(it); });
    if (!bus_.call(c, deadline, kMaxCallMs).answered) return callError(c, t.pid, "Moving the focus", what, deadline);
    if (!ok) return Error{ErrorCode::Failed, "The application refused to move the focus to this element."};
    return Done{};
  }
  if (action == "increment" || action == "decrement") {
    if (!(t.ifaces & kIfaceValue)) return unsupported(action);
    double cur = 0, step = 0, lo = 0, hi = 0;
    RawCall read = allProperties(t.ref, "org.a11y.atspi.Value", [&](const std::string& n, DBusMessageIter* v) {
      if (n == "CurrentValue") cur = readDouble(v);
      else if (n == "MinimumIncrement") step = readDouble(v);
      else if (n == "MinimumValue") lo = readDouble(v);
      else if (n == "MaximumValue") hi = readDouble(v);
    });
    if (!bus_.call(read, deadline, kMaxCallMs).answered)
      return callError(read, t.pid, "Reading the value", what, deadline);
    if (step <= 0) step = (hi > lo) ? (hi - lo) / 10.0 : 1.0;
    double next = std::clamp(action == "increment" ? cur + step : cur - step, lo, std::max(lo, hi));
    RawCall set = setDouble(t.ref, "org.a11y.atspi.Value", "CurrentValue", next);
    if (!bus_.call(set, deadline, kMaxCallMs).answered)
      return callError(set, t.pid, "Changing the value", what, deadline);
    return Done{};
  }
  if (action == "select") return select(t, deadline);
  if (!(t.ifaces & kIfaceAction)) return unsupported(action);
  std::vector<std::string> names;
  RawCall list = actionNames(t.ref, names, deadline);
  if (!list.answered) return callError(list, t.pid, "Reading the element's actions", what, deadline);
  // expand/collapse share one toggling action in GTK: only run it when it changes the state.
  int index = indexOfFirst(names, platformActionsFor(action));
  if (index < 0 && (action == "expand" || action == "collapse")) {
    if ((action == "expand") == hasStateBit(t.states, ATSPI_STATE_EXPANDED)) return Done{};  // already so
    index = indexOfFirst(names, platformActionsFor("toggle_expanded"));
  }
  if (index < 0) return unsupported(action);
  return doAction(t, index, "Performing " + action, "The application refused the action " + action + ".", deadline);
}

Result<Done> LinuxBridge::setValue(ElementRef ref, const std::string& value, const Deadline& deadline) {
  auto resolved = resolve(ref, deadline, /*asRead=*/true);
  if (!resolved.ok()) return resolved.error();
  const Target& t = resolved.value();
  if (!numericRole(t.role) && (t.ifaces & kIfaceEditableText)) {
    bool ok = false;
    RawCall c = method(t.ref, "org.a11y.atspi.EditableText", "SetTextContents", argString(value),
                       [&ok](DBusMessageIter* it) { ok = readBool(it); });
    if (!bus_.call(c, deadline, kMaxCallMs).answered)
      return callError(c, t.pid, "Setting the text", "The element", deadline);
    if (!ok) return Error{ErrorCode::Failed, "The application refused the new text (the field may be read-only)."};
    return Done{};
  }
  if (t.ifaces & kIfaceValue) {
    char* end = nullptr;
    double number = std::strtod(value.c_str(), &end);
    if (value.empty() || end == nullptr || *end != '\0' || !std::isfinite(number)) {
      return Error{ErrorCode::Unsupported, "This element takes a number, and '" + value + "' is not one."};
    }
    RawCall set = setDouble(t.ref, "org.a11y.atspi.Value", "CurrentValue", number);
    if (!bus_.call(set, deadline, kMaxCallMs).answered)
      return callError(set, t.pid, "Setting the value", "The element", deadline);
    return Done{};
  }
  return Error{ErrorCode::Unsupported,
               "This element does not take text or a value: choose a text field, or click it instead."};
}

// The element an id of the latest snapshot names, checked to be still there, with its role,
// interfaces and states as they are now.
// `asRead`: the element must still have the role and name the snapshot gave it. What the user, the
// planner and the safety gate judged is what is acted on: an element renamed since (a button
// turned from "Cancel" into "Delete all", whether the app said so or not) is not pressed.
Result<LinuxBridge::Target> LinuxBridge::resolve(ElementRef ref, const Deadline& deadline, bool asRead) {
  if (auto e = connect(deadline)) return *e;
  auto kept = generations_.find(ref);
  if (!kept.ok()) return kept.error();
  const Handle handle = kept.value()->handles[ref.id - 1];
  const ObjRef obj = handle.ref;
  int pid = kept.value()->pid;
  if (!processAlive(pid)) return goneError("The application of this element");
  switch (probe(obj, pid, std::min(kMaxCallMs, static_cast<int>(deadline.remainingMs())))) {
    case Probe::Hung:
      return timeoutError("Reaching the element", deadline);
    case Probe::AppGone:
      return goneError("The application of this element");
    case Probe::ElementGone:
      return goneError("The element");
    case Probe::Answers:
      break;
  }
  Info info;
  int answered = 0;
  std::vector<RawCall> calls;
  addInfoCalls(calls, obj, &info, &answered);
  bus_.run(calls, deadline, kMaxCallMs, nullptr);
  for (const auto& c : calls)
    if (!c.answered) return callError(c, pid, "Reaching the element", "The element", deadline);
  if (info.role == ATSPI_ROLE_INVALID || hasStateBit(info.states, ATSPI_STATE_DEFUNCT)) {
    return processGone(pid) ? goneError("The application of this element") : goneError("The element");
  }
  if (asRead && (info.role != handle.role || info.name != handle.name)) {
    dropMirror(obj.bus);  // it may be what told the old name: the next snapshot reads the app whole
    return Error{ErrorCode::Stale,
                 "stale element — observe again: the element was renamed or replaced since it was read, "
                 "so it may not be the one that was meant."};
  }
  return Target{obj, pid, static_cast<AtspiRole>(info.role), info.ifaces, info.states};
}

Result<Done> LinuxBridge::select(const Target& t, const Deadline& deadline) {
  ObjRef parent;
  int index = -1;
  std::vector<RawCall> calls;
  calls.push_back(property(t.ref, kAccessible, "Parent", [&parent](DBusMessageIter* v) { readObjectRef(v, parent); }));
  calls.push_back(method(t.ref, kAccessible, "GetIndexInParent", nullptr,
                         [&index](DBusMessageIter* it) { index = readInt(it, -1); }));
  bus_.run(calls, deadline, kMaxCallMs, nullptr);
  for (const auto& c : calls)
    if (!c.answered) return callError(c, t.pid, "Selecting", "The element", deadline);
  uint16_t ifaces = 0;
  RawCall list = method(parent, kAccessible, "GetInterfaces", nullptr,
                        [&ifaces](DBusMessageIter* it) { ifaces = readInterfaces(it); });
  bus_.call(list, deadline, kMaxCallMs);
  if (!(ifaces & kIfaceSelection) || index < 0) return unsupported("select");
  bool ok = false;
  RawCall sel = method(parent, "org.a11y.atspi.Selection", "SelectChild", argInt(index),
                       [&ok](DBusMessageIter* it) { ok = readBool(it); });
  if (!bus_.call(sel, deadline, kMaxCallMs).answered)
    return callError(sel, t.pid, "Selecting", "The element", deadline);
  if (!ok) return Error{ErrorCode::Failed, "The application refused to select this element."};
  return Done{};
}

Result<Done> LinuxBridge::doAction(const Target& t, int index, const std::string& doing, const std::string& refused,
                                   const Deadline& deadline) {
  bool ok = false;
  RawCall act = method(t.ref, "org.a11y.atspi.Action", "DoAction", argInt(index),
                       [&ok](DBusMessageIter* it) { ok = readBool(it); });
  if (!bus_.call(act, deadline, kMaxCallMs).answered) return callError(act, t.pid, doing, "The element", deadline);
  if (!ok) return Error{ErrorCode::Failed, refused};
  return Done{};
}

int LinuxBridge::indexOfFirst(const std::vector<std::string>& names, const std::vector<std::string>& wanted) {
  for (const auto& w : wanted) {
    auto it = std::find(names.begin(), names.end(), w);
    if (it != names.end()) return static_cast<int>(it - names.begin());
  }
  return -1;
}

// An element's action names, in index order: GetActions, then GetName for each name it left
// empty (LibreOffice fills only GetName). The returned call says whether GetActions was answered.
RawCall LinuxBridge::actionNames(const ObjRef& ref, std::vector<std::string>& names, const Deadline& deadline) {
  RawCall list = method(ref, "org.a11y.atspi.Action", "GetActions", nullptr,
                        [&names](DBusMessageIter* it) { names = readActionNames(it); });
  bus_.call(list, deadline, kMaxCallMs);
  if (!list.answered) return list;
  std::vector<RawCall> calls;
  for (size_t i = 0; i < names.size(); ++i) {
    if (!names[i].empty()) continue;
    std::string* slot = &names[i];
    calls.push_back(method(ref, "org.a11y.atspi.Action", "GetName", argInt(static_cast<int32_t>(i)),
                           [slot](DBusMessageIter* it) { *slot = lower(readString(it)); }));
  }
  bus_.run(calls, deadline, kMaxCallMs, nullptr);
  return list;
}

Error LinuxBridge::unsupported(const std::string& action) {
  return {ErrorCode::Unsupported, "This element does not offer the action '" + action +
                                      "': look at its actions in the latest observation and choose one of those."};
}

}  // namespace atspi
}  // namespace axb
