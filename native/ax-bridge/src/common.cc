// Vocabularies and user-facing messages shared by every platform.
#include "ax_bridge.h"

#include <cmath>

namespace axb {

const std::vector<std::string> kActionNames = {
    "press",  "show_menu", "focus",    "increment", "decrement", "confirm",
    "cancel", "expand",    "collapse", "select",    "raise",
};

const std::vector<std::string> kWindowCommands = {
    "maximize", "restore",  "minimize", "fullscreen",   "unfullscreen",
    "close",    "activate", "move",     "show_desktop", "hide_desktop",
};

const std::vector<std::string> kStateNames = {
    "active",   "busy",      "checked",  "collapsed",  "default",  "editable", "enabled", "expandable",
    "expanded", "focusable", "focused",  "has_popup",  "invalid",  "mixed",    "modal",   "multi_line",
    "pressed",  "read_only", "required", "selectable", "selected", "showing",  "visible",
};

Error staleError(uint32_t given, uint32_t latest) {
  std::string msg = "stale element — observe again: the element comes from snapshot " + std::to_string(given);
  msg += latest == 0 ? ", and no snapshot has been taken since the bridge started."
                     : ", but the latest snapshot is " + std::to_string(latest) + ".";
  return {ErrorCode::Stale, msg};
}

Error goneError(const std::string& what) {
  return {ErrorCode::Gone, what + " is no longer there (it closed or was removed) — observe again."};
}

Error timeoutError(const std::string& doing, const Deadline& deadline) {
  return {ErrorCode::Timeout, doing + " did not finish within " +
                                  std::to_string(static_cast<long>(std::lround(deadline.totalMs()))) +
                                  " ms: the application is not responding. Wait for it, or close it, and try again."};
}

}  // namespace axb
