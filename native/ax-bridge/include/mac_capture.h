// What the macOS half decides about a picture of a window without calling Apple's API, in plain
// C++17 so that tests/native/cc/mac_capture_test.cc proves it on Linux (issue #29 item 4): the
// rectangle in whole points, and which of the window server's windows is the app's front window.
// src/mac/screen_capture.mm calls these.
#pragma once

#include <cmath>
#include <cstdint>
#include <optional>
#include <vector>

#include "ax_bridge.h"

namespace axb {
namespace mac {

// The largest side of a picture, in points: a bigger request is a mistake, not a screen.
constexpr double kMaxPictureSide = 16384;

// `area` in whole points: the origin rounded down, the far edges rounded up, so every pixel the
// area touches is in the picture; nothing when the area is empty, not finite or larger than
// kMaxPictureSide on a side.
inline std::optional<Rect> pictureRect(const Rect& area) {
  if (!std::isfinite(area.x) || !std::isfinite(area.y) || !std::isfinite(area.width) || !std::isfinite(area.height))
    return std::nullopt;
  const double x = std::floor(area.x);
  const double y = std::floor(area.y);
  const double width = std::ceil(area.x + area.width) - x;
  const double height = std::ceil(area.y + area.height) - y;
  if (width < 1 || height < 1 || width > kMaxPictureSide || height > kMaxPictureSide) return std::nullopt;
  return Rect{x, y, width, height};
}

// One on-screen window as CGWindowListCopyWindowInfo lists it (front to back).
struct ListedWindow {
  uint32_t id = 0;  // kCGWindowNumber
  int pid = 0;      // kCGWindowOwnerPID
  int layer = 0;    // kCGWindowLayer: 0 for an app's normal windows
  Rect bounds{0, 0, 0, 0};
};

inline double overlap(const Rect& a, const Rect& b) {
  const double w = std::min(a.x + a.width, b.x + b.width) - std::max(a.x, b.x);
  const double h = std::min(a.y + a.height, b.y + b.height) - std::max(a.y, b.y);
  return w > 0 && h > 0 ? w * h : 0;
}

// The window of `pid` the picture is of: among its normal windows (layer 0), the one covering most
// of `area` (the front window's bounds as the accessibility tree gave them), the frontmost of equals.
// 0 when none of its windows is on `area`.
inline uint32_t pictureWindow(const std::vector<ListedWindow>& frontToBack, int pid, const Rect& area) {
  uint32_t best = 0;
  double most = 0;
  for (const ListedWindow& w : frontToBack) {
    if (w.pid != pid || w.layer != 0 || w.id == 0) continue;
    const double o = overlap(w.bounds, area);
    if (o > most) best = w.id, most = o;
  }
  return best;
}

}  // namespace mac
}  // namespace axb
