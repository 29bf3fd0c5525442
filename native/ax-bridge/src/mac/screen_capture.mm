// A picture of an app's front window on macOS (issue #29 item 4), in the shape the X11 capture gives
// the TypeScript side: RGBA rows from the top, opaque, the area in the snapshot's coordinates (points,
// top-left origin of the main screen). The window server draws that one window
// (CGWindowListCreateImage with its id), so nothing of another app's window or a notification over it
// is in the picture; one pixel per point (nominal resolution), so a picture point is a screen point.
// The Screen Recording permission is checked first (CGPreflightScreenCaptureAccess): without it macOS
// would give the desktop picture without the window, so the user is told where to allow it instead.
// The deadline: checked around the capture; the TypeScript wrapper bounds the whole call
// (src/execution/accessibility/window-capture.ts).
//
// CGWindowListCreateImage is deprecated from macOS 14 (ScreenCaptureKit's SCScreenshotManager is
// the replacement, macOS 14+); with the 11.0 deployment target it is the call every supported macOS
// has. On macOS 15 the system may ask the user again from time to time whether the app may keep
// recording the screen.
//
// UNVERIFIED: never compiled on a Mac or run by the project (its CI is Debian); docs/macos-review.md
// lists what a Mac must confirm.
#import <ApplicationServices/ApplicationServices.h>

#include <string>
#include <vector>

#include "../../include/mac_capture.h"
#include "mac_bridge.h"

namespace axb {
namespace ax {
namespace {

bool intOf(CFDictionaryRef info, CFStringRef key, int& out) {
  CFTypeRef v = CFDictionaryGetValue(info, key);
  return v && CFGetTypeID(v) == CFNumberGetTypeID() &&
         CFNumberGetValue(static_cast<CFNumberRef>(v), kCFNumberIntType, &out);
}

// The on-screen windows, front to back, as the window server lists them (names need the permission;
// ids, owners, layers and bounds do not).
std::vector<mac::ListedWindow> listedWindows() {
  std::vector<mac::ListedWindow> out;
  CF<CFArrayRef> list(CGWindowListCopyWindowInfo(kCGWindowListOptionOnScreenOnly | kCGWindowListExcludeDesktopElements,
                                                 kCGNullWindowID));
  if (!list) return out;
  for (CFIndex i = 0; i < CFArrayGetCount(list.get()); ++i) {
    CFTypeRef item = CFArrayGetValueAtIndex(list.get(), i);
    if (!item || CFGetTypeID(item) != CFDictionaryGetTypeID()) continue;
    CFDictionaryRef info = static_cast<CFDictionaryRef>(item);
    mac::ListedWindow w;
    int number = 0;
    CFTypeRef bounds = CFDictionaryGetValue(info, kCGWindowBounds);
    CGRect r;
    if (!intOf(info, kCGWindowNumber, number) || !intOf(info, kCGWindowOwnerPID, w.pid) ||
        !intOf(info, kCGWindowLayer, w.layer) || !bounds || CFGetTypeID(bounds) != CFDictionaryGetTypeID() ||
        !CGRectMakeWithDictionaryRepresentation(static_cast<CFDictionaryRef>(bounds), &r))
      continue;
    w.id = static_cast<uint32_t>(number);
    w.bounds = Rect{r.origin.x, r.origin.y, r.size.width, r.size.height};
    out.push_back(w);
  }
  return out;
}

}  // namespace

Result<Picture> MacBridge::captureWindow(int pid, const Rect& area, const Deadline& deadline) {
  if (!CGPreflightScreenCaptureAccess()) {
    return Error{ErrorCode::PermissionDenied,
                 "Assistive Control may not take pictures of the screen: allow it in System Settings → Privacy & "
                 "Security → Screen & System Audio Recording (Screen Recording before macOS 15), then quit and reopen "
                 "Assistive Control."};
  }
  std::optional<Rect> rect = mac::pictureRect(area);
  if (!rect)
    return Error{ErrorCode::NotFound,
                 "The window has no size on the screen, so there is nothing to take a picture of."};
  uint32_t window = mac::pictureWindow(listedWindows(), pid, *rect);
  if (window == 0) {
    return Error{ErrorCode::NotFound,
                 "The app shows no window on the screen to take a picture of: bring it into view, then try again."};
  }
  if (deadline.expired()) return timeoutError("taking a picture of the window", deadline);
  const CGRect bounds = CGRectMake(rect->x, rect->y, rect->width, rect->height);
  CF<CGImageRef> image(CGWindowListCreateImage(bounds, kCGWindowListOptionIncludingWindow, window,
                                               kCGWindowImageBoundsIgnoreFraming | kCGWindowImageNominalResolution));
  if (!image)
    return Error{ErrorCode::Failed,
                 "macOS gave no picture of the window (the window server did not answer): try again."};
  if (deadline.expired()) return timeoutError("taking a picture of the window", deadline);
  const size_t width = CGImageGetWidth(image.get());
  const size_t height = CGImageGetHeight(image.get());
  if (width == 0 || height == 0 || width > mac::kMaxPictureSide || height > mac::kMaxPictureSide)
    return Error{ErrorCode::Failed, "macOS gave an empty picture of the window: try again."};
  Picture picture;
  picture.width = static_cast<int>(width);
  picture.height = static_cast<int>(height);
  picture.area = Rect{rect->x, rect->y, static_cast<double>(width), static_cast<double>(height)};
  picture.rgba.assign(width * height * 4, 0);
  CF<CGColorSpaceRef> space(CGColorSpaceCreateWithName(kCGColorSpaceSRGB));
  // R, G, B, A in memory, rows from the top.
  CF<CGContextRef> context(CGBitmapContextCreate(picture.rgba.data(), width, height, 8, width * 4, space.get(),
                                                 kCGImageAlphaPremultipliedLast | kCGBitmapByteOrder32Big));
  if (!context) return Error{ErrorCode::Failed, "The picture of the window could not be read: try again."};
  // Opaque: what the window leaves transparent (its rounded corners, the area off it) is black.
  CGContextSetRGBFillColor(context.get(), 0, 0, 0, 1);
  CGContextFillRect(context.get(), CGRectMake(0, 0, width, height));
  CGContextDrawImage(context.get(), CGRectMake(0, 0, width, height), image.get());
  return picture;
}

}  // namespace ax
}  // namespace axb
