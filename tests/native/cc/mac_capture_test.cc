// Unit test of include/mac_capture.h (issue #29 item 4): the picture's
// rectangle in whole points, and which window of the app the picture is of.
#include "../../../native/ax-bridge/include/mac_capture.h"

#include "check.h"

using namespace axb;
using namespace axb::mac;

int main() {
  // Whole points: every pixel the area touches is in the picture.
  auto r = pictureRect(Rect{10.5, 20.25, 100, 50.5});
  CHECK(r.has_value());
  CHECK_EQ(r->x, 10.0);
  CHECK_EQ(r->y, 20.0);
  CHECK_EQ(r->width, 101.0);
  CHECK_EQ(r->height, 51.0);
  // A window partly above or left of the main screen keeps its negative origin
  // (other monitors).
  auto left = pictureRect(Rect{-1440, -100, 1440, 900});
  CHECK(left.has_value());
  CHECK_EQ(left->x, -1440.0);
  CHECK_EQ(left->width, 1440.0);
  // Nothing to take, or a mistake: no picture.
  CHECK(!pictureRect(Rect{0, 0, 0, 10}).has_value());
  CHECK(!pictureRect(Rect{0, 0, 10, -5}).has_value());
  CHECK(!pictureRect(Rect{0, 0, 20000, 10}).has_value());
  CHECK(!pictureRect(Rect{0, 0, std::nan(""), 10}).has_value());

  const Rect front{100, 100, 800, 600};
  std::vector<ListedWindow> windows = {
      {7, 55, 0,
       Rect{0, 0, 400,
            300}}, // the assistant's panel, frontmost, another process
      {9, 42, 25,
       Rect{100, 100, 800,
            20}}, // the app's menu-bar extra or a tooltip (not layer 0)
      {11, 42, 0,
       Rect{120, 120, 200,
            100}}, // a small window of the app in front of the main one
      {12, 42, 0, Rect{100, 100, 800, 600}}, // the app's window the tree named
      {13, 42, 0,
       Rect{100, 100, 800, 600}}, // a window of the same size behind it
  };
  // The app's normal window covering most of the area; of equals, the
  // frontmost.
  CHECK_EQ(pictureWindow(windows, 42, front), 12u);
  // Another app's windows never.
  CHECK_EQ(pictureWindow(windows, 55, front), 7u);
  CHECK_EQ(pictureWindow(windows, 99, front), 0u);
  // None of its windows on the area: none.
  CHECK_EQ(pictureWindow(windows, 42, Rect{2000, 2000, 10, 10}), 0u);
  return checkFailures();
}
