// The Linux bridge: where a text element's caret and selection are (dictation checks its keys with it),
// and putting them where the user asked (org.a11y.atspi.Text SetCaretOffset, SetSelection, AddSelection).
#include <algorithm>
#include <functional>
#include <optional>

#include "linux_bridge.h"

namespace axb {
namespace atspi {

// The element, resolved, when it has text and is not a password field (`password`: the refusal).
Result<LinuxBridge::Target> LinuxBridge::textTarget(ElementRef ref, const char* password, const Deadline& deadline) {
  auto resolved = resolve(ref, deadline);
  if (!resolved.ok()) return resolved.error();
  if (resolved.value().role == ATSPI_ROLE_PASSWORD_TEXT) return Error{ErrorCode::Unsupported, password};
  if (!(resolved.value().ifaces & kIfaceText)) {
    return Error{ErrorCode::Unsupported, "This element has no text, so it has no caret or selection."};
  }
  return resolved;
}

Result<TextSelection> LinuxBridge::textSelection(ElementRef ref, const Deadline& deadline) {
  auto resolved = textTarget(ref, "This is a password field: nothing of its content is read.", deadline);
  if (!resolved.ok()) return resolved.error();
  return selectionOf(resolved.value(), deadline);
}

Result<TextSelection> LinuxBridge::setTextSelection(ElementRef ref, int start, int end, const Deadline& deadline) {
  auto resolved = textTarget(ref, "This is a password field: the assistant never selects in it.", deadline);
  if (!resolved.ok()) return resolved.error();
  const Target& t = resolved.value();
  auto count = textInt(t, "CharacterCount", deadline);
  if (!count.ok()) return count.error();
  if (start < 0 || end < start || end > count.value()) {
    return Error{ErrorCode::Failed, "That place is outside the field's text: the text changed. Say it again."};
  }
  auto now = selectionOf(t, deadline);
  if (!now.ok()) return now.error();
  const bool selected = now.value().end > now.value().start;
  const std::string what = "The element";
  auto notTaken = [] {
    return Error{ErrorCode::Unsupported,
                 "The application does not let the assistant place the caret or select its text."};
  };
  // Each call answers whether the toolkit took it. SetSelection(0) goes first: Firefox makes its
  // caret (a collapsed range GetNSelections does not count) the selection, where AddSelection would
  // add a second range that a key then edits too; GTK takes it only over a selection there, and
  // AddSelection only where there is none.
  auto ask = [&](const char* name, std::function<void(DBusMessage*)> args, bool& ok) -> std::optional<Error> {
    RawCall c =
        method(t.ref, "org.a11y.atspi.Text", name, std::move(args), [&ok](DBusMessageIter* it) { ok = readBool(it); });
    if (!bus_.call(c, deadline, kMaxCallMs).answered) {
      // An app without the method answers with an error: not taken, the caller uses keys.
      if (isNoReply(c.error) || isGoneName(c.error) || c.error == kErrorDeadline)
        return callError(c, t.pid, "Placing the caret", what, deadline);
      ok = false;
    }
    return std::nullopt;
  };
  bool ok = false;
  std::optional<Error> failed;
  if (start == end) {
    // GTK and Firefox drop the selection with it; where a toolkit keeps it, the caller's read-back says so.
    failed = ask("SetCaretOffset", argInt(start), ok);
  } else {
    failed = ask(
        "SetSelection",
        [start, end](DBusMessage* m) {
          dbus_int32_t n = 0, s = start, e = end;
          dbus_message_append_args(m, DBUS_TYPE_INT32, &n, DBUS_TYPE_INT32, &s, DBUS_TYPE_INT32, &e, DBUS_TYPE_INVALID);
        },
        ok);
    if (!failed && !ok && !selected) failed = ask("AddSelection", argInts(start, end), ok);
  }
  if (failed) return *failed;
  if (!ok) return notTaken();
  return selectionOf(t, deadline);
}

Result<TextSelection> LinuxBridge::selectionOf(const Target& t, const Deadline& deadline) {
  TextSelection out;
  auto caret = textInt(t, "CaretOffset", deadline);
  if (!caret.ok()) return caret.error();
  out.caret = caret.value();
  out.start = out.end = std::max(out.caret, 0);
  int selections = 0;
  RawCall n = method(t.ref, "org.a11y.atspi.Text", "GetNSelections", nullptr,
                     [&selections](DBusMessageIter* it) { selections = readInt(it, 0); });
  if (!bus_.call(n, deadline, kMaxCallMs).answered)
    return callError(n, t.pid, "Reading the selection", "The element", deadline);
  if (selections == 0) return out;
  int s0 = 0, s1 = 0;
  RawCall sel = method(t.ref, "org.a11y.atspi.Text", "GetSelection", argInt(0), [&](DBusMessageIter* it) {
    s0 = readInt(it, 0);
    dbus_message_iter_next(it);
    s1 = readInt(it, 0);
  });
  if (!bus_.call(sel, deadline, kMaxCallMs).answered)
    return callError(sel, t.pid, "Reading the selection", "The element", deadline);
  out.start = std::min(s0, s1);
  out.end = std::max(s0, s1);
  return out;
}

}  // namespace atspi
}  // namespace axb
