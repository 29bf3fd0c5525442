// The Linux bridge: where a text element's caret and selection are (dictation checks its keys with it).
#include <algorithm>

#include "linux_bridge.h"

namespace axb {
namespace atspi {

Result<TextSelection> LinuxBridge::textSelection(ElementRef ref, const Deadline& deadline) {
  auto resolved = resolve(ref, deadline);
  if (!resolved.ok()) return resolved.error();
  const Target& t = resolved.value();
  if (t.role == ATSPI_ROLE_PASSWORD_TEXT) {
    return Error{ErrorCode::Unsupported, "This is a password field: nothing of its content is read."};
  }
  if (!(t.ifaces & kIfaceText)) {
    return Error{ErrorCode::Unsupported, "This element has no text, so it has no caret or selection."};
  }
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
