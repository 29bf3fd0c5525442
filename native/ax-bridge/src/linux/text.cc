// The Linux bridge: reading an element's value, and typing text into an editable field.
#include <algorithm>

#include "linux_bridge.h"

namespace axb {
namespace atspi {

Result<std::optional<std::string>> LinuxBridge::readValue(ElementRef ref, const Deadline& deadline) {
  auto resolved = resolve(ref, deadline);
  if (!resolved.ok()) return resolved.error();
  const Target& t = resolved.value();
  if (t.role == ATSPI_ROLE_PASSWORD_TEXT) {
    return Error{ErrorCode::Unsupported, "This is a password field: its content is never read."};
  }
  if (isTextRole(t.role) && (t.ifaces & kIfaceText)) {
    auto count = textInt(t, "CharacterCount", deadline);
    if (!count.ok()) return count.error();
    std::string text;
    RawCall c = method(t.ref, "org.a11y.atspi.Text", "GetText", argInts(0, std::min(count.value(), 1 << 20)),
                       [&text](DBusMessageIter* it) { text = readString(it); });
    if (!bus_.call(c, deadline, kMaxCallMs).answered)
      return callError(c, t.pid, "Reading the value", "The element", deadline);
    return std::optional<std::string>(text);
  }
  if (t.ifaces & kIfaceValue) {
    double v = 0;
    RawCall c =
        property(t.ref, "org.a11y.atspi.Value", "CurrentValue", [&v](DBusMessageIter* it) { v = readDouble(it); });
    if (!bus_.call(c, deadline, kMaxCallMs).answered)
      return callError(c, t.pid, "Reading the value", "The element", deadline);
    return std::optional<std::string>(formatNumber(v));
  }
  return std::optional<std::string>();
}

Result<Inserted> LinuxBridge::insertText(ElementRef ref, const std::string& text, InsertAt at,
                                         const Deadline& deadline) {
  auto resolved = resolve(ref, deadline);
  if (!resolved.ok()) return resolved.error();
  const Target& t = resolved.value();
  if (t.role == ATSPI_ROLE_PASSWORD_TEXT) {
    return Error{ErrorCode::Unsupported, "This is a password field: the assistant never types into it."};
  }
  if (!(t.ifaces & kIfaceText) || !(t.ifaces & kIfaceEditableText) || numericRole(t.role)) {
    return Error{ErrorCode::Unsupported,
                 "This element does not take typed text: choose a text field, or click it instead."};
  }
  const std::string what = "The element";
  auto count = textInt(t, "CharacterCount", deadline);
  if (!count.ok()) return count.error();
  int start = count.value(), end = count.value();
  if (at == InsertAt::Caret) {
    auto place = selectionOf(t, deadline);
    if (!place.ok()) return place.error();
    // A caret of -1: the element has no caret; then the end, as before.
    if (place.value().caret >= 0) start = end = std::min(place.value().caret, count.value());
    if (place.value().start != place.value().end) {
      start = std::clamp(place.value().start, 0, count.value());
      end = std::clamp(place.value().end, 0, count.value());
    }
  }
  if (deadline.expired()) return timeoutError("Typing the text", deadline);
  if (end > start) {
    bool ok = false;
    RawCall del = method(t.ref, "org.a11y.atspi.EditableText", "DeleteText", argInts(start, end),
                         [&ok](DBusMessageIter* it) { ok = readBool(it); });
    if (!bus_.call(del, deadline, kMaxCallMs).answered)
      return callError(del, t.pid, "Replacing the selection", what, deadline);
    if (!ok)
      return Error{ErrorCode::Failed,
                   "The application refused to replace the selected text (the field may be read-only)."};
  }
  if (!text.empty()) {
    bool ok = false;
    // The length is in bytes (ATK hands it to the toolkit's insert, which counts bytes).
    RawCall ins = method(
        t.ref, "org.a11y.atspi.EditableText", "InsertText",
        [start, text](DBusMessage* m) {
          dbus_int32_t pos = start, len = static_cast<dbus_int32_t>(text.size());
          const char* s = text.c_str();
          dbus_message_append_args(m, DBUS_TYPE_INT32, &pos, DBUS_TYPE_STRING, &s, DBUS_TYPE_INT32, &len,
                                   DBUS_TYPE_INVALID);
        },
        [&ok](DBusMessageIter* it) { ok = readBool(it); });
    if (!bus_.call(ins, deadline, kMaxCallMs).answered) return callError(ins, t.pid, "Typing the text", what, deadline);
    if (!ok) return Error{ErrorCode::Failed, "The application refused the typed text (the field may be read-only)."};
  }
  int caret = start + static_cast<int>(g_utf8_strlen(text.c_str(), static_cast<gssize>(text.size())));
  // Where a keyboard would leave it. Some toolkits move it themselves, others leave it before the
  // text; a field that refuses is not an error: the text is in.
  RawCall place = method(t.ref, "org.a11y.atspi.Text", "SetCaretOffset", argInt(caret));
  bus_.call(place, deadline, kMaxCallMs);
  if (!place.answered && (isNoReply(place.error) || isGoneName(place.error) || place.error == kErrorDeadline))
    return callError(place, t.pid, "Placing the caret", what, deadline);
  return Inserted{start, end, caret};
}

// An integer property of the Text interface (CharacterCount, CaretOffset).
Result<int> LinuxBridge::textInt(const Target& t, const char* prop, const Deadline& deadline) {
  int v = 0;
  RawCall c = property(t.ref, "org.a11y.atspi.Text", prop, [&v](DBusMessageIter* it) { v = readInt(it, 0); });
  if (!bus_.call(c, deadline, kMaxCallMs).answered)
    return callError(c, t.pid, "Reading the text", "The element", deadline);
  return v;
}

}  // namespace atspi
}  // namespace axb
