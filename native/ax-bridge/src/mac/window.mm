// Window commands on macOS (issue #32 item 1): the windows of the regular apps through AXWindows, and
// each command as the window's own controls or attributes do it: AXMinimized, AXFullScreen, the zoom
// button for maximise, AXPosition and AXSize for halves and the other monitor, the close button, AXRaise
// with the app activated. "Show the desktop" hides the regular apps (there is no public call for the
// gesture); the hidden apps are shown again by hide_desktop.
//
// UNVERIFIED: never compiled on a Mac or run by the project (its CI is Debian); docs/macos-review.md
// lists what a Mac must confirm.
#import <AppKit/AppKit.h>
#import <ApplicationServices/ApplicationServices.h>

#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include "mac_bridge.h"

namespace axb {
namespace ax {
namespace {

// A window's id: its app's pid and its index in AXWindows (re-read for each command).
constexpr uint64_t kWindowsPerApp = 1000;

CFStringRef const kFullScreen = CFSTR("AXFullScreen");

std::vector<NSRunningApplication*> regularApps() {
  std::vector<NSRunningApplication*> out;
  for (NSRunningApplication* app in [[NSWorkspace sharedWorkspace] runningApplications]) {
    if (app.activationPolicy == NSApplicationActivationPolicyRegular && !app.terminated) out.push_back(app);
  }
  return out;
}

// The windows of an app, retained in `owner` (AXWindows), in its own order (front first).
std::vector<AXUIElementRef> windowsOf(pid_t pid, CF<CFTypeRef>& owner, const Deadline& deadline) {
  std::vector<AXUIElementRef> out;
  CF<AXUIElementRef> app(AXUIElementCreateApplication(pid));
  bound(deadline);
  if (AXUIElementCopyAttributeValue(app.get(), kAXWindowsAttribute, owner.out()) != kAXErrorSuccess || !owner ||
      CFGetTypeID(owner.get()) != CFArrayGetTypeID())
    return out;
  CFArrayRef list = static_cast<CFArrayRef>(owner.get());
  for (CFIndex i = 0; i < CFArrayGetCount(list); ++i) {
    CFTypeRef w = CFArrayGetValueAtIndex(list, i);
    if (w && CFGetTypeID(w) == AXUIElementGetTypeID()) out.push_back(static_cast<AXUIElementRef>(w));
  }
  return out;
}

bool flag(AXUIElementRef w, CFStringRef attr, const Deadline& deadline) {
  CF<CFTypeRef> v;
  bound(deadline);
  return AXUIElementCopyAttributeValue(w, attr, v.out()) == kAXErrorSuccess && trueOf(v.get());
}

// AXPosition and AXSize, in the top-left coordinates of the main screen (as AX gives them).
Rect frameOf(AXUIElementRef w, const Deadline& deadline) {
  Rect r{0, 0, 0, 0};
  CF<CFTypeRef> pos, size;
  bound(deadline);
  if (AXUIElementCopyAttributeValue(w, kAXPositionAttribute, pos.out()) == kAXErrorSuccess && pos &&
      CFGetTypeID(pos.get()) == AXValueGetTypeID()) {
    CGPoint p;
    if (AXValueGetValue(static_cast<AXValueRef>(pos.get()), static_cast<AXValueType>(kAXValueCGPointType), &p))
      r.x = p.x, r.y = p.y;
  }
  bound(deadline);
  if (AXUIElementCopyAttributeValue(w, kAXSizeAttribute, size.out()) == kAXErrorSuccess && size &&
      CFGetTypeID(size.get()) == AXValueGetTypeID()) {
    CGSize s;
    if (AXValueGetValue(static_cast<AXValueRef>(size.get()), static_cast<AXValueType>(kAXValueCGSizeType), &s))
      r.width = s.width, r.height = s.height;
  }
  return r;
}

// An NSScreen rectangle (bottom-left origin) in AX's top-left coordinates.
Rect topLeft(NSRect r) {
  CGFloat mainHeight = NSMaxY([[NSScreen screens] firstObject].frame);
  return {r.origin.x, mainHeight - NSMaxY(r), r.size.width, r.size.height};
}

// Whether a window fills the visible frame of a screen (what the zoom button does; macOS has no
// maximised state).
bool fillsAScreen(const Rect& f) {
  for (NSScreen* screen in [NSScreen screens]) {
    Rect v = topLeft(screen.visibleFrame);
    if (std::abs(f.x - v.x) <= 16 && std::abs(f.y - v.y) <= 16 && std::abs(f.width - v.width) <= 16 &&
        std::abs(f.height - v.height) <= 16)
      return true;
  }
  return false;
}

AXError press(AXUIElementRef w, CFStringRef button, const Deadline& deadline) {
  CF<CFTypeRef> b;
  bound(deadline);
  AXError e = AXUIElementCopyAttributeValue(w, button, b.out());
  if (e != kAXErrorSuccess) return e;
  if (!b || CFGetTypeID(b.get()) != AXUIElementGetTypeID()) return kAXErrorNoValue;
  bound(deadline);
  return AXUIElementPerformAction(static_cast<AXUIElementRef>(b.get()), kAXPressAction);
}

AXError setFlag(AXUIElementRef w, CFStringRef attr, bool on, const Deadline& deadline) {
  bound(deadline);
  return AXUIElementSetAttributeValue(w, attr, on ? kCFBooleanTrue : kCFBooleanFalse);
}

AXError moveTo(AXUIElementRef w, const Rect& frame, const Deadline& deadline) {
  CGPoint p = CGPointMake(frame.x, frame.y);
  CGSize s = CGSizeMake(frame.width, frame.height);
  CF<AXValueRef> pos(AXValueCreate(static_cast<AXValueType>(kAXValueCGPointType), &p));
  CF<AXValueRef> size(AXValueCreate(static_cast<AXValueType>(kAXValueCGSizeType), &s));
  bound(deadline);
  AXError e = AXUIElementSetAttributeValue(w, kAXPositionAttribute, pos.get());
  if (e != kAXErrorSuccess) return e;
  bound(deadline);
  return AXUIElementSetAttributeValue(w, kAXSizeAttribute, size.get());
}

}  // namespace

Result<WindowList> MacBridge::listWindows(const Deadline& deadline) {
  if (!AXIsProcessTrusted()) return Error{ErrorCode::PermissionDenied, kPermissionMessage};
  WindowList out;
  NSRunningApplication* front = [[NSWorkspace sharedWorkspace] frontmostApplication];
  std::vector<NSRunningApplication*> apps = regularApps();
  // Bottom to top: the front app's windows last, each app's front window last of its own.
  std::stable_partition(apps.begin(), apps.end(), [front](NSRunningApplication* a) { return a != front; });
  for (NSRunningApplication* app : apps) {
    if (deadline.expired()) return timeoutError("Listing the windows", deadline);
    pid_t pid = app.processIdentifier;
    CF<CFTypeRef> owner;
    std::vector<AXUIElementRef> windows = windowsOf(pid, owner, deadline);
    for (size_t i = windows.size(); i-- > 0;) {
      AXUIElementRef w = windows[i];
      WindowInfo info;
      info.id = static_cast<uint64_t>(pid) * kWindowsPerApp + i;
      info.pid = pid;
      CF<CFTypeRef> title;
      bound(deadline);
      if (AXUIElementCopyAttributeValue(w, kAXTitleAttribute, title.out()) == kAXErrorSuccess)
        info.title = stringOf(title.get()).value_or("");
      info.frame = frameOf(w, deadline);
      info.minimized = flag(w, kAXMinimizedAttribute, deadline);
      info.fullscreen = flag(w, kFullScreen, deadline);
      info.maximized = !info.fullscreen && fillsAScreen(info.frame);
      info.active = app == front && flag(w, kAXMainAttribute, deadline);
      out.windows.push_back(std::move(info));
    }
  }
  NSScreen* main = [[NSScreen screens] firstObject];
  out.workArea = main ? topLeft(main.visibleFrame) : Rect{0, 0, 0, 0};
  for (NSScreen* screen in [NSScreen screens]) out.monitors.push_back(topLeft(screen.frame));
  out.showingDesktop = showingDesktop_;
  return out;
}

Result<Done> MacBridge::windowCommand(uint64_t window, const std::string& command, const Rect& frame,
                                      const Deadline& deadline) {
  if (!AXIsProcessTrusted()) return Error{ErrorCode::PermissionDenied, kPermissionMessage};
  if (command == "show_desktop" || command == "hide_desktop") {
    showingDesktop_ = command == "show_desktop";
    for (NSRunningApplication* app : regularApps()) {
      if (showingDesktop_) {
        [app hide];
      } else {
        [app unhide];
      }
    }
    return Done{};
  }
  pid_t pid = static_cast<pid_t>(window / kWindowsPerApp);
  size_t index = static_cast<size_t>(window % kWindowsPerApp);
  if (!processAlive(pid)) return goneError("The window");
  CF<CFTypeRef> owner;
  std::vector<AXUIElementRef> windows = windowsOf(pid, owner, deadline);
  if (index >= windows.size()) return goneError("The window");
  AXUIElementRef w = windows[index];
  const std::string doing = "Arranging the window";
  AXError e = kAXErrorSuccess;
  if (command == "maximize") {
    // The green button's zoom (Option-click behaviour): fills the screen without full screen.
    e = press(w, kAXZoomButtonAttribute, deadline);
  } else if (command == "restore") {
    if (flag(w, kAXMinimizedAttribute, deadline)) e = setFlag(w, kAXMinimizedAttribute, false, deadline);
    if (e == kAXErrorSuccess && flag(w, kFullScreen, deadline)) e = setFlag(w, kFullScreen, false, deadline);
    if (e == kAXErrorSuccess && fillsAScreen(frameOf(w, deadline))) e = press(w, kAXZoomButtonAttribute, deadline);
  } else if (command == "minimize") {
    e = setFlag(w, kAXMinimizedAttribute, true, deadline);
  } else if (command == "fullscreen" || command == "unfullscreen") {
    e = setFlag(w, kFullScreen, command == "fullscreen", deadline);
  } else if (command == "close") {
    // The window's own close button: an app with unsaved work asks in its own sheet.
    e = press(w, kAXCloseButtonAttribute, deadline);
  } else if (command == "activate") {
    [[NSRunningApplication runningApplicationWithProcessIdentifier:pid]
        activateWithOptions:NSApplicationActivateIgnoringOtherApps];
    if (flag(w, kAXMinimizedAttribute, deadline)) setFlag(w, kAXMinimizedAttribute, false, deadline);
    bound(deadline);
    e = AXUIElementPerformAction(w, kAXRaiseAction);
  } else if (command == "move") {
    e = moveTo(w, frame, deadline);
  } else {
    return Error{ErrorCode::Failed, "unknown window command"};
  }
  if (e != kAXErrorSuccess) return axFailure(e, pid, doing, "The window", deadline);
  return Done{};
}

}  // namespace ax
}  // namespace axb
