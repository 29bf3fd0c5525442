// How the macOS walk decides what to read, in plain C++17 so that tests/native/cc/mac_walk_test.cc
// proves it on Linux (issue #33, the first reading's R11). src/mac/snapshot.mm calls these.
#pragma once

#include <algorithm>
#include <optional>
#include <string>

#include "ax_bridge.h"

namespace axb {
namespace mac {

inline bool intersects(const Rect& a, const Rect& b) {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

inline Rect intersection(const Rect& a, const Rect& b) {
  double x = std::max(a.x, b.x), y = std::max(a.y, b.y);
  double right = std::min(a.x + a.width, b.x + b.width), bottom = std::min(a.y + a.height, b.y + b.height);
  return Rect{x, y, std::max(0.0, right - x), std::max(0.0, bottom - y)};
}

// An element is showing when it has a size and lies at least partly inside what its window and the
// scroll areas around it show (`clip`): a row scrolled out of a list keeps its size but is not on
// screen (a size above zero was the old test, and every scrolled-out row was read as showing).
inline bool macShowing(const std::optional<Rect>& bounds, const std::optional<Rect>& clip) {
  if (!bounds || bounds->width <= 0 || bounds->height <= 0) return false;
  return !clip || intersects(*bounds, *clip);
}

// What an element's children are clipped to: a window, sheet, drawer, popover or scroll area shows
// its children only inside its own frame; anything else passes its parent's clip on.
inline std::optional<Rect> childClip(const std::string& role, const std::optional<Rect>& bounds,
                                     const std::optional<Rect>& clip) {
  bool clips =
      role == "AXWindow" || role == "AXSheet" || role == "AXDrawer" || role == "AXPopover" || role == "AXScrollArea";
  if (!clips || !bounds) return clip;
  return clip ? intersection(*bounds, *clip) : *bounds;
}

// Whether the walk asks if AXFocused is settable (one round trip to the app): not for roles that
// never take the keyboard focus, which are most of a tree (static text, groups, images, layout).
inline bool asksFocusSettable(const std::string& role) {
  static const char* never[] = {"AXStaticText", "AXGroup",      "AXImage",   "AXSplitGroup",    "AXSplitter",
                                "AXLayoutArea", "AXLayoutItem", "AXUnknown", "AXApplication",   "AXMenuBar",
                                "AXMenu",       "AXToolbar",    "AXRuler",   "AXValueIndicator"};
  return std::none_of(std::begin(never), std::end(never), [&](const char* r) { return role == r; });
}

// Whether the walk reads a menu's items. A closed menu (no frame on screen) holds every command of
// the app: read only for a whole-app read (showingOnly off: the gate's lookup of what a chord does);
// an observation of what is on screen skips it.
inline bool readsChildren(const std::string& role, bool showing, bool showingOnly) {
  if (role != "AXMenu") return true;
  return showing || !showingOnly;
}

}  // namespace mac
}  // namespace axb
