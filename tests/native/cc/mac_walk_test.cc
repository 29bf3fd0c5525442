// Unit test of include/mac_walk.h (issue #33, the first reading's R11): what
// the macOS walk counts as showing, what it clips children to, and which round
// trips it saves.
#include "../../../native/ax-bridge/include/mac_walk.h"

#include "check.h"

using axb::Rect;
using namespace axb::mac;

int main() {
  const Rect window{100, 100, 800, 600};
  // A size above zero inside the window: showing. No size, or no bounds at all:
  // not.
  CHECK(macShowing(Rect{150, 150, 80, 20}, window));
  CHECK(!macShowing(Rect{150, 150, 0, 20}, window));
  CHECK(!macShowing(std::nullopt, window));
  // A row scrolled out of its list keeps its size but lies outside: not showing
  // (the old test said it was).
  CHECK(!macShowing(Rect{150, 2000, 80, 20}, window));
  // Partly inside counts; touching the edge does not.
  CHECK(macShowing(Rect{850, 650, 100, 100}, window));
  CHECK(!macShowing(Rect{900, 100, 50, 50}, window));
  // No clip known (the app as root, before a window): a size is enough.
  CHECK(macShowing(Rect{-500, -500, 10, 10}, std::nullopt));

  // Clipping: a scroll area inside the window narrows the clip; a group passes
  // it on.
  auto scroll = childClip("AXScrollArea", Rect{100, 200, 300, 100}, window);
  CHECK(scroll.has_value());
  CHECK_EQ(scroll->y, 200.0);
  CHECK_EQ(scroll->height, 100.0);
  CHECK(!macShowing(Rect{150, 320, 80, 20},
                    scroll)); // below the scroll area's frame
  CHECK(macShowing(Rect{150, 250, 80, 20}, scroll));
  auto group = childClip("AXGroup", Rect{0, 0, 5000, 5000}, scroll);
  CHECK(group.has_value());
  CHECK_EQ(group->height, 100.0);
  // A window with no clip yet becomes the clip; a scroll area outside its
  // window clips to nothing.
  auto first = childClip("AXWindow", window, std::nullopt);
  CHECK(first.has_value());
  CHECK_EQ(first->width, 800.0);
  auto outside = childClip("AXScrollArea", Rect{2000, 2000, 100, 100}, window);
  CHECK(outside.has_value());
  CHECK(!macShowing(Rect{2010, 2010, 10, 10}, outside));

  // Round trips: buttons, fields and rows are asked whether they take the
  // focus; text and groups not.
  CHECK(asksFocusSettable("AXButton"));
  CHECK(asksFocusSettable("AXTextField"));
  CHECK(asksFocusSettable("AXRow"));
  CHECK(!asksFocusSettable("AXStaticText"));
  CHECK(!asksFocusSettable("AXGroup"));
  CHECK(!asksFocusSettable("AXImage"));

  // A closed menu's items: read for a whole-app read (chords), skipped when
  // only what shows is wanted.
  CHECK(!readsChildren("AXMenu", false, true));
  CHECK(readsChildren("AXMenu", false, false));
  CHECK(readsChildren("AXMenu", true, true));
  CHECK(readsChildren("AXGroup", false, true));

  return checkFailures();
}
