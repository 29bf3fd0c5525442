// macOS half of the bridge: AXUIElement, AXObserver and NSWorkspace, mirroring src/linux one-to-one.
//
// UNVERIFIED: this file has never been compiled or run by the project (its CI is Debian). It is
// written against Apple's documented APIs; the README's platform table says so.
//
// One dedicated thread runs a CFRunLoop: every AX call happens there, and AXObserver sources are
// added to that run loop so events arrive without Node's help. AX calls are bounded by the global
// messaging timeout (AXUIElementSetMessagingTimeout on the system-wide element), set per call to
// what is left of the deadline but never above 0.5 s: a hung app otherwise blocks for 6 s.
#import <AppKit/AppKit.h>
#import <ApplicationServices/ApplicationServices.h>
#include <signal.h>
#include <sys/sysctl.h>

#include <algorithm>
#include <cerrno>
#include <cmath>
#include <condition_variable>
#include <deque>
#include <map>
#include <mutex>
#include <set>
#include <thread>

#include "../../include/ax_bridge.h"
#include "roles_mac.h"

namespace axb {
namespace {

constexpr double kMaxCallSeconds = 0.5;
constexpr CFIndex kMaxValueChars = 2000;

// An owned CF reference (CF objects are not managed by ARC).
template <typename T>
class CF {
 public:
  CF() = default;
  explicit CF(T ref) : ref_(ref) {}
  CF(const CF&) = delete;
  CF& operator=(const CF&) = delete;
  CF(CF&& o) noexcept : ref_(o.ref_) { o.ref_ = nullptr; }
  CF& operator=(CF&& o) noexcept {
    if (this != &o) {
      reset();
      ref_ = o.ref_;
      o.ref_ = nullptr;
    }
    return *this;
  }
  ~CF() { reset(); }
  void reset() {
    if (ref_) CFRelease(ref_);
    ref_ = nullptr;
  }
  T get() const { return ref_; }
  T* out() {
    reset();
    return &ref_;
  }
  explicit operator bool() const { return ref_ != nullptr; }

 private:
  T ref_ = nullptr;
};

const char* axErrorName(AXError e) {
  switch (e) {
    case kAXErrorSuccess: return "kAXErrorSuccess";
    case kAXErrorFailure: return "kAXErrorFailure";
    case kAXErrorIllegalArgument: return "kAXErrorIllegalArgument";
    case kAXErrorInvalidUIElement: return "kAXErrorInvalidUIElement";
    case kAXErrorInvalidUIElementObserver: return "kAXErrorInvalidUIElementObserver";
    case kAXErrorCannotComplete: return "kAXErrorCannotComplete";
    case kAXErrorAttributeUnsupported: return "kAXErrorAttributeUnsupported";
    case kAXErrorActionUnsupported: return "kAXErrorActionUnsupported";
    case kAXErrorNotificationUnsupported: return "kAXErrorNotificationUnsupported";
    case kAXErrorNotImplemented: return "kAXErrorNotImplemented";
    case kAXErrorNotificationAlreadyRegistered: return "kAXErrorNotificationAlreadyRegistered";
    case kAXErrorNotificationNotRegistered: return "kAXErrorNotificationNotRegistered";
    case kAXErrorAPIDisabled: return "kAXErrorAPIDisabled";
    case kAXErrorNoValue: return "kAXErrorNoValue";
    case kAXErrorParameterizedAttributeUnsupported: return "kAXErrorParameterizedAttributeUnsupported";
    case kAXErrorNotEnoughPrecision: return "kAXErrorNotEnoughPrecision";
  }
  return "kAXError(unknown)";
}

const char* kPermissionMessage =
    "Accessibility permission is off: open System Settings → Privacy & Security → Accessibility and enable "
    "Assistive Control (or the terminal you started it from), then try again.";

bool processAlive(pid_t pid) { return pid > 0 && (kill(pid, 0) == 0 || errno == EPERM); }

// Bounds the next AX calls by the deadline (global timeout, set on the system-wide element).
void bound(const Deadline& deadline) {
  static AXUIElementRef systemWide = AXUIElementCreateSystemWide();
  double seconds = std::min(kMaxCallSeconds, deadline.remainingMs() / 1000.0);
  AXUIElementSetMessagingTimeout(systemWide, static_cast<float>(std::max(0.001, seconds)));
}

Error axFailure(AXError e, pid_t pid, const std::string& doing, const std::string& what, const Deadline& deadline) {
  switch (e) {
    case kAXErrorAPIDisabled:
      return {ErrorCode::PermissionDenied, kPermissionMessage};
    case kAXErrorInvalidUIElement:
      return goneError(what);
    case kAXErrorCannotComplete:
      // The messaging timeout, or an app that quit: kAXErrorCannotComplete means both.
      if (!processAlive(pid)) return goneError("The application");
      return timeoutError(doing, deadline);
    case kAXErrorActionUnsupported:
    case kAXErrorAttributeUnsupported:
      return {ErrorCode::Unsupported, doing + " is not supported by this element (" + axErrorName(e) + ")."};
    default:
      break;
  }
  return {ErrorCode::Failed, doing + " failed (" + std::string(axErrorName(e)) + ")."};
}

// Type-checked reads: never cast a CF value without checking its type id first.
std::optional<std::string> stringOf(CFTypeRef v) {
  if (!v || CFGetTypeID(v) != CFStringGetTypeID()) return std::nullopt;
  CFStringRef s = static_cast<CFStringRef>(v);
  CFIndex length = std::min(CFStringGetLength(s), kMaxValueChars);
  CFIndex bytes = CFStringGetMaximumSizeForEncoding(length, kCFStringEncodingUTF8) + 1;
  std::string out(static_cast<size_t>(bytes), '\0');
  CFIndex used = 0;
  CFStringGetBytes(s, CFRangeMake(0, length), kCFStringEncodingUTF8, '?', false,
                   reinterpret_cast<UInt8*>(out.data()), bytes, &used);
  out.resize(static_cast<size_t>(used));
  return out;
}

std::optional<double> numberOf(CFTypeRef v) {
  if (!v || CFGetTypeID(v) != CFNumberGetTypeID()) return std::nullopt;
  double d = 0;
  if (!CFNumberGetValue(static_cast<CFNumberRef>(v), kCFNumberDoubleType, &d)) return std::nullopt;
  return d;
}

bool trueOf(CFTypeRef v) {
  return v && CFGetTypeID(v) == CFBooleanGetTypeID() && CFBooleanGetValue(static_cast<CFBooleanRef>(v));
}

std::string formatNumber(double v) {
  char buf[64];
  std::snprintf(buf, sizeof buf, "%.10g", v);
  return buf;
}

std::string attrString(AXUIElementRef el, CFStringRef attr) {
  CF<CFTypeRef> v;
  if (AXUIElementCopyAttributeValue(el, attr, v.out()) != kAXErrorSuccess) return "";
  return stringOf(v.get()).value_or("");
}

const std::map<std::string, std::string>& actionTable() {
  static const std::map<std::string, std::string> table = {
      {"AXPress", "press"},   {"AXShowMenu", "show_menu"}, {"AXIncrement", "increment"},
      {"AXDecrement", "decrement"}, {"AXConfirm", "confirm"}, {"AXCancel", "cancel"},
      {"AXRaise", "raise"},   {"AXPick", "select"},
  };
  return table;
}

class MacBridge final : public Bridge {
 public:
  MacBridge() {
    std::unique_lock<std::mutex> lock(mutex_);
    thread_ = std::thread([this] { run(); });
    ready_.wait(lock, [this] { return runLoop_ != nullptr; });
  }
  ~MacBridge() override { shutdown(); }

  void post(std::function<void()> fn) override {
    std::lock_guard<std::mutex> lock(mutex_);
    if (stopped_ || !runLoop_) return;
    auto job = std::make_shared<std::function<void()>>(std::move(fn));
    CFRunLoopPerformBlock(runLoop_, kCFRunLoopDefaultMode, ^{
      @autoreleasepool {
        (*job)();
      }
    });
    CFRunLoopWakeUp(runLoop_);
  }

  void shutdown() override {
    {
      std::lock_guard<std::mutex> lock(mutex_);
      if (stopped_) return;
      stopped_ = true;
      CFRunLoopRef loop = runLoop_;
      CFRunLoopPerformBlock(loop, kCFRunLoopDefaultMode, ^{
        CFRunLoopStop(loop);
      });
      CFRunLoopWakeUp(loop);
    }
    if (thread_.joinable()) thread_.join();
  }

  Result<Permission> permission(bool prompt, const Deadline&) override {
    NSDictionary* options = @{(__bridge NSString*)kAXTrustedCheckOptionPrompt : @(prompt)};
    bool trusted = AXIsProcessTrustedWithOptions((__bridge CFDictionaryRef)options);
    if (trusted) return Permission{PermissionState::Granted, ""};
    return Permission{PermissionState::Denied, kPermissionMessage};
  }

  Result<AppInfo> frontmostApp(const Deadline& deadline) override {
    if (!AXIsProcessTrusted()) return Error{ErrorCode::PermissionDenied, kPermissionMessage};
    // Ask AX rather than NSWorkspace: NSWorkspace's view is refreshed by the main run loop,
    // which in a Node process is not a Cocoa run loop.
    bound(deadline);
    CF<AXUIElementRef> systemWide(AXUIElementCreateSystemWide());
    CF<CFTypeRef> focused;
    AXError e = AXUIElementCopyAttributeValue(systemWide.get(), kAXFocusedApplicationAttribute, focused.out());
    if (e != kAXErrorSuccess || !focused || CFGetTypeID(focused.get()) != AXUIElementGetTypeID()) {
      if (e == kAXErrorAPIDisabled) return Error{ErrorCode::PermissionDenied, kPermissionMessage};
      return Error{ErrorCode::NotFound,
                   "No application has the keyboard focus right now: click or switch to the application you want, "
                   "then try again."};
    }
    pid_t pid = 0;
    AXUIElementGetPid(static_cast<AXUIElementRef>(focused.get()), &pid);
    AppInfo info = infoFor(pid);
    info.frontmost = true;
    return info;
  }

  Result<std::vector<AppInfo>> runningApps(const Deadline& deadline) override {
    pid_t front = 0;
    auto f = frontmostApp(deadline);
    if (f.ok()) front = f.value().pid;
    std::vector<AppInfo> out;
    for (NSRunningApplication* app in [[NSWorkspace sharedWorkspace] runningApplications]) {
      if (app.activationPolicy != NSApplicationActivationPolicyRegular || app.terminated) continue;
      AppInfo info = infoFor(app.processIdentifier);
      info.frontmost = app.processIdentifier == front;
      info.responding = respondsWithin(app.processIdentifier, deadline);
      out.push_back(std::move(info));
    }
    return out;
  }

  Result<Launched> launchApp(LaunchBy by, const std::string& what, const Deadline& deadline) override {
    NSWorkspace* ws = [NSWorkspace sharedWorkspace];
    NSString* query = [NSString stringWithUTF8String:what.c_str()];
    NSURL* url = nil;
    if (by == LaunchBy::Id) {
      url = [ws URLForApplicationWithBundleIdentifier:query];
      if (!url) {
        return Error{ErrorCode::NotFound, "No installed application has the bundle id '" + what + "'."};
      }
    } else {
      url = findAppNamed(query);
      if (!url) {
        return Error{ErrorCode::NotFound, "No installed application is called '" + what +
                                              "': check the spelling, or install it first."};
      }
    }
    NSWorkspaceOpenConfiguration* config = [NSWorkspaceOpenConfiguration configuration];
    config.activates = YES;
    dispatch_semaphore_t done = dispatch_semaphore_create(0);
    __block pid_t pid = 0;
    __block NSString* failure = nil;
    // No shell: Launch Services starts the bundle.
    [ws openApplicationAtURL:url
               configuration:config
           completionHandler:^(NSRunningApplication* app, NSError* error) {
             if (app) pid = app.processIdentifier;
             if (error) failure = [error.localizedDescription copy];
             dispatch_semaphore_signal(done);
           }];
    long waited = dispatch_semaphore_wait(
        done, dispatch_time(DISPATCH_TIME_NOW, static_cast<int64_t>(deadline.remainingMs() * NSEC_PER_MSEC)));
    NSBundle* bundle = [NSBundle bundleWithURL:url];
    NSString* display = [[NSFileManager defaultManager] displayNameAtPath:url.path];
    std::string name = display ? std::string(display.UTF8String) : what;
    std::string id = bundle.bundleIdentifier ? bundle.bundleIdentifier.UTF8String : "";
    if (waited != 0) return timeoutError("Starting " + name, deadline);
    if (failure) return Error{ErrorCode::Failed, "Could not start " + name + ": " + failure.UTF8String};
    return Launched{pid, name, id};
  }

  Result<Snapshot> snapshot(const SnapshotOptions& options, const Deadline& deadline) override {
    if (!AXIsProcessTrusted()) return Error{ErrorCode::PermissionDenied, kPermissionMessage};
    pid_t pid = options.pid;
    if (pid == 0) {
      auto front = frontmostApp(deadline);
      if (!front.ok()) return front.error();
      pid = front.value().pid;
    }
    if (!processAlive(pid)) return goneError("The application with process id " + std::to_string(pid));
    CF<AXUIElementRef> app(AXUIElementCreateApplication(pid));
    // Chromium and Electron build their tree only for assistive clients that ask.
    AXUIElementSetAttributeValue(app.get(), CFSTR("AXManualAccessibility"), kCFBooleanTrue);
    Snapshot snap;
    snap.pid = pid;
    snap.app = infoFor(pid).name;

    CF<AXUIElementRef> root;
    bound(deadline);
    if (options.focusedWindowOnly) {
      CF<CFTypeRef> win;
      AXError e = AXUIElementCopyAttributeValue(app.get(), kAXFocusedWindowAttribute, win.out());
      if (e != kAXErrorSuccess || !win || CFGetTypeID(win.get()) != AXUIElementGetTypeID()) {
        if (e == kAXErrorCannotComplete || e == kAXErrorAPIDisabled)
          return axFailure(e, pid, "Reading " + snap.app, "The application", deadline);
        return Error{ErrorCode::NotFound, snap.app + " has no open window."};
      }
      root = CF<AXUIElementRef>(static_cast<AXUIElementRef>(CFRetain(win.get())));
    } else {
      root = CF<AXUIElementRef>(static_cast<AXUIElementRef>(CFRetain(app.get())));
    }

    struct Pending {
      AXUIElementRef el;  // retained
      int parent;
      int depth;
    };
    std::vector<Pending> stack{{static_cast<AXUIElementRef>(CFRetain(root.get())), 0, 0}};
    std::vector<AXUIElementRef> handles;
    auto releaseAll = [&]() {
      for (auto& p : stack) CFRelease(p.el);
      stack.clear();
      for (auto h : handles) CFRelease(h);
      handles.clear();
    };
    while (!stack.empty()) {
      if (deadline.expired()) {
        snap.truncated = Truncation::Deadline;
        break;
      }
      if (static_cast<int>(snap.elements.size()) >= options.maxNodes) {
        snap.truncated = Truncation::MaxNodes;
        break;
      }
      Pending cur = stack.back();
      stack.pop_back();
      Element el;
      el.parent = cur.parent;
      el.depth = cur.depth;
      std::vector<AXUIElementRef> children;
      bound(deadline);
      AXError e = readElement(cur.el, options, cur.depth == 0, el, children);
      if (e == kAXErrorCannotComplete || e == kAXErrorAPIDisabled) {
        CFRelease(cur.el);
        for (auto c : children) CFRelease(c);
        releaseAll();
        return axFailure(e, pid, "Reading " + snap.app, "The application", deadline);
      }
      if (e != kAXErrorSuccess) {  // this element went away or is hidden: skip it
        CFRelease(cur.el);
        for (auto c : children) CFRelease(c);
        continue;
      }
      el.id = static_cast<int>(snap.elements.size()) + 1;
      if (el.visiblePart && snap.truncated == Truncation::None) snap.truncated = Truncation::VisibleOnly;
      handles.push_back(cur.el);
      if (cur.depth + 1 > options.maxDepth) {
        if (!children.empty() && (snap.truncated == Truncation::None || snap.truncated == Truncation::VisibleOnly))
          snap.truncated = Truncation::MaxDepth;
        for (auto c : children) CFRelease(c);
      } else {
        for (auto it = children.rbegin(); it != children.rend(); ++it) stack.push_back({*it, el.id, cur.depth + 1});
      }
      snap.elements.push_back(std::move(el));
    }
    for (auto& p : stack) CFRelease(p.el);
    stack.clear();
    if (snap.elements.empty()) {
      releaseAll();
      if (!processAlive(pid)) return goneError("The application");
      return timeoutError("Reading " + snap.app, deadline);
    }
    snap.generation = keepGeneration(std::move(handles));
    return snap;
  }

  Result<Done> performAction(ElementRef ref, const std::string& action, const Deadline& deadline) override {
    auto target = resolve(ref, deadline);
    if (!target.ok()) return target.error();
    AXUIElementRef el = target.value();
    pid_t pid = pidOf(el);
    AXError e;
    if (action == "focus") {
      e = AXUIElementSetAttributeValue(el, kAXFocusedAttribute, kCFBooleanTrue);
    } else if (action == "select") {
      e = AXUIElementSetAttributeValue(el, kAXSelectedAttribute, kCFBooleanTrue);
    } else if (action == "expand" || action == "collapse") {
      e = AXUIElementSetAttributeValue(el, kAXDisclosingAttribute, action == "expand" ? kCFBooleanTrue : kCFBooleanFalse);
    } else {
      std::string axName;
      for (const auto& [ax, ours] : actionTable())
        if (ours == action) axName = ax;
      if (axName.empty()) return unsupported(action);
      CF<CFStringRef> name(CFStringCreateWithCString(nullptr, axName.c_str(), kCFStringEncodingUTF8));
      e = AXUIElementPerformAction(el, name.get());
    }
    if (e == kAXErrorActionUnsupported || e == kAXErrorAttributeUnsupported) return unsupported(action);
    if (e != kAXErrorSuccess) return axFailure(e, pid, "Performing " + action, "The element", deadline);
    return Done{};
  }

  Result<Done> setValue(ElementRef ref, const std::string& value, const Deadline& deadline) override {
    auto target = resolve(ref, deadline);
    if (!target.ok()) return target.error();
    AXUIElementRef el = target.value();
    std::string role = attrString(el, kAXRoleAttribute);
    CF<CFTypeRef> newValue;
    if (role == "AXSlider" || role == "AXIncrementor" || role == "AXStepper" || role == "AXScrollBar") {
      char* end = nullptr;
      double number = std::strtod(value.c_str(), &end);
      if (value.empty() || !end || *end != '\0' || !std::isfinite(number)) {
        return Error{ErrorCode::Unsupported, "This element takes a number, and '" + value + "' is not one."};
      }
      *newValue.out() = CFNumberCreate(nullptr, kCFNumberDoubleType, &number);
    } else {
      *newValue.out() = CFStringCreateWithCString(nullptr, value.c_str(), kCFStringEncodingUTF8);
    }
    AXError e = AXUIElementSetAttributeValue(el, kAXValueAttribute, newValue.get());
    if (e == kAXErrorAttributeUnsupported || e == kAXErrorIllegalArgument) {
      return Error{ErrorCode::Unsupported,
                   "This element does not take text or a value: choose a text field, or click it instead."};
    }
    if (e != kAXErrorSuccess) return axFailure(e, pidOf(el), "Setting the value", "The element", deadline);
    return Done{};
  }

  Result<std::optional<std::string>> readValue(ElementRef ref, const Deadline& deadline) override {
    auto target = resolve(ref, deadline);
    if (!target.ok()) return target.error();
    AXUIElementRef el = target.value();
    if (attrString(el, kAXSubroleAttribute) == "AXSecureTextField") {
      return Error{ErrorCode::Unsupported, "This is a password field: its content is never read."};
    }
    CF<CFTypeRef> v;
    AXError e = AXUIElementCopyAttributeValue(el, kAXValueAttribute, v.out());
    if (e == kAXErrorNoValue || e == kAXErrorAttributeUnsupported) return std::optional<std::string>{};
    if (e != kAXErrorSuccess) return axFailure(e, pidOf(el), "Reading the value", "The element", deadline);
    if (auto s = stringOf(v.get())) return std::optional<std::string>{*s};
    if (auto n = numberOf(v.get())) return std::optional<std::string>{formatNumber(*n)};
    if (v && CFGetTypeID(v.get()) == CFBooleanGetTypeID()) return std::optional<std::string>{trueOf(v.get()) ? "1" : "0"};
    return std::optional<std::string>{};
  }

  // Mirrors the Linux bridge (not yet compiled or run on a Mac). AX ranges count UTF-16 units;
  // the result counts Unicode code points, as on Linux, converted through the field's value.
  Result<Inserted> insertText(ElementRef ref, const std::string& text, InsertAt at, const Deadline& deadline) override {
    auto target = resolve(ref, deadline);
    if (!target.ok()) return target.error();
    AXUIElementRef el = target.value();
    pid_t pid = pidOf(el);
    if (attrString(el, kAXSubroleAttribute) == "AXSecureTextField") {
      return Error{ErrorCode::Unsupported, "This is a password field: the assistant never types into it."};
    }
    bound(deadline);
    CF<CFTypeRef> value;
    AXError e = AXUIElementCopyAttributeValue(el, kAXValueAttribute, value.out());
    if (e != kAXErrorSuccess || !value || CFGetTypeID(value.get()) != CFStringGetTypeID()) {
      if (e != kAXErrorSuccess && e != kAXErrorNoValue && e != kAXErrorAttributeUnsupported)
        return axFailure(e, pid, "Reading the text", "The element", deadline);
      return Error{ErrorCode::Unsupported, "This element does not take typed text: choose a text field, or click it instead."};
    }
    CFStringRef before = static_cast<CFStringRef>(value.get());
    CFIndex length = CFStringGetLength(before);
    CFRange range = CFRangeMake(length, 0);
    if (at == InsertAt::Caret) {
      CF<CFTypeRef> selected;
      bound(deadline);
      e = AXUIElementCopyAttributeValue(el, kAXSelectedTextRangeAttribute, selected.out());
      if (e == kAXErrorSuccess && selected && CFGetTypeID(selected.get()) == AXValueGetTypeID()) {
        CFRange r;
        if (AXValueGetValue(static_cast<AXValueRef>(selected.get()), kAXValueTypeCFRange, &r) && r.location >= 0 &&
            r.location + r.length <= length)
          range = r;
      } else if (e != kAXErrorSuccess && e != kAXErrorNoValue && e != kAXErrorAttributeUnsupported) {
        return axFailure(e, pid, "Reading the selection", "The element", deadline);
      }
    }
    // Select the range, then set the selected text: the field replaces exactly that range, as
    // typing would, and keeps its undo history.
    CF<AXValueRef> rangeValue(AXValueCreate(kAXValueTypeCFRange, &range));
    bound(deadline);
    e = AXUIElementSetAttributeValue(el, kAXSelectedTextRangeAttribute, rangeValue.get());
    if (e != kAXErrorSuccess) return axFailure(e, pid, "Selecting where to type", "The element", deadline);
    CF<CFStringRef> inserted(CFStringCreateWithCString(nullptr, text.c_str(), kCFStringEncodingUTF8));
    bound(deadline);
    e = AXUIElementSetAttributeValue(el, kAXSelectedTextAttribute, inserted.get());
    if (e == kAXErrorAttributeUnsupported || e == kAXErrorIllegalArgument) {
      return Error{ErrorCode::Unsupported, "This element does not take typed text: choose a text field, or click it instead."};
    }
    if (e != kAXErrorSuccess) return axFailure(e, pid, "Typing the text", "The element", deadline);
    CFRange caret = CFRangeMake(range.location + CFStringGetLength(inserted.get()), 0);
    CF<AXValueRef> caretValue(AXValueCreate(kAXValueTypeCFRange, &caret));
    bound(deadline);
    AXUIElementSetAttributeValue(el, kAXSelectedTextRangeAttribute, caretValue.get());  // best effort, as on Linux
    auto codePoints = [&](CFIndex utf16) {
      CFIndex n = 0;
      for (CFIndex i = 0; i < utf16; ++i) {
        UniChar c = CFStringGetCharacterAtIndex(before, i);
        if (!CFStringIsSurrogateLowCharacter(c)) ++n;
      }
      return static_cast<int>(n);
    };
    int start = codePoints(range.location);
    int end = codePoints(range.location + range.length);
    int added = 0;
    for (CFIndex i = 0; i < CFStringGetLength(inserted.get()); ++i)
      if (!CFStringIsSurrogateLowCharacter(CFStringGetCharacterAtIndex(inserted.get(), i))) ++added;
    return Inserted{start, end, start + added};
  }

  Result<Done> activateApp(int pid, const Deadline& deadline) override {
    if (!AXIsProcessTrusted()) return Error{ErrorCode::PermissionDenied, kPermissionMessage};
    NSRunningApplication* app = [NSRunningApplication runningApplicationWithProcessIdentifier:pid];
    if (!app || app.terminated) return Error{ErrorCode::NotFound, "This application is no longer running: open it again first."};
    // Bring the app forward, then raise its main (or first) window: activation alone leaves the
    // window order to the app, which may keep another of its windows on top.
    if (![app activateWithOptions:NSApplicationActivateIgnoringOtherApps]) {
      return Error{ErrorCode::Unsupported, "This application does not let the assistant bring its window to the front."};
    }
    CF<AXUIElementRef> axApp(AXUIElementCreateApplication(pid));
    bound(deadline);
    CF<CFTypeRef> window;
    AXError e = AXUIElementCopyAttributeValue(axApp.get(), kAXMainWindowAttribute, window.out());
    if (e != kAXErrorSuccess || !window) {
      CF<CFTypeRef> windows;
      bound(deadline);
      e = AXUIElementCopyAttributeValue(axApp.get(), kAXWindowsAttribute, windows.out());
      if (e == kAXErrorSuccess && windows && CFGetTypeID(windows.get()) == CFArrayGetTypeID() &&
          CFArrayGetCount(static_cast<CFArrayRef>(windows.get())) > 0) {
        *window.out() = CFRetain(CFArrayGetValueAtIndex(static_cast<CFArrayRef>(windows.get()), 0));
      }
    }
    if (window && CFGetTypeID(window.get()) == AXUIElementGetTypeID()) {
      bound(deadline);
      e = AXUIElementPerformAction(static_cast<AXUIElementRef>(window.get()), kAXRaiseAction);
      if (e != kAXErrorSuccess && e != kAXErrorActionUnsupported) {
        return axFailure(e, pid, "Bringing the application to the front", "The application", deadline);
      }
    }
    return Done{};
  }

  Result<Done> setEventHandler(std::function<void(const Event&)> handler) override {
    handler_ = std::move(handler);
    if (handler_ && !pollTimer_) {
      // Observers are per app: a timer adds them for apps that start later, and notices the
      // frontmost app changing (NSWorkspace notifications need a Cocoa main run loop).
      CFRunLoopTimerContext ctx{0, this, nullptr, nullptr, nullptr};
      pollTimer_ = CFRunLoopTimerCreate(nullptr, CFAbsoluteTimeGetCurrent(), 0.5, 0, 0, &MacBridge::onPoll, &ctx);
      CFRunLoopAddTimer(runLoop_, pollTimer_, kCFRunLoopDefaultMode);
    } else if (!handler_ && pollTimer_) {
      CFRunLoopTimerInvalidate(pollTimer_);
      CFRelease(pollTimer_);
      pollTimer_ = nullptr;
      for (auto& [pid, observer] : observers_) {
        CFRunLoopRemoveSource(runLoop_, AXObserverGetRunLoopSource(observer), kCFRunLoopDefaultMode);
        CFRelease(observer);
      }
      observers_.clear();
    }
    return Done{};
  }

 private:
  void run() {
    {
      std::lock_guard<std::mutex> lock(mutex_);
      runLoop_ = CFRunLoopGetCurrent();
      CFRetain(runLoop_);
    }
    ready_.notify_all();
    // A source that never fires keeps the run loop running until shutdown() stops it.
    CFRunLoopTimerRef keepAlive =
        CFRunLoopTimerCreate(nullptr, CFAbsoluteTimeGetCurrent() + 1e9, 1e9, 0, 0, [](CFRunLoopTimerRef, void*) {}, nullptr);
    CFRunLoopAddTimer(runLoop_, keepAlive, kCFRunLoopDefaultMode);
    CFRunLoopRun();
    CFRunLoopTimerInvalidate(keepAlive);
    CFRelease(keepAlive);
    setEventHandler(nullptr);
    for (auto& g : generations_)
      for (auto h : g.handles) CFRelease(h);
    generations_.clear();
    keptHandles_ = 0;
  }

  AppInfo infoFor(pid_t pid) {
    AppInfo info;
    info.pid = pid;
    NSRunningApplication* app = [NSRunningApplication runningApplicationWithProcessIdentifier:pid];
    if (app.localizedName) info.name = app.localizedName.UTF8String;
    if (app.bundleIdentifier) info.bundleId = app.bundleIdentifier.UTF8String;
    return info;
  }

  bool respondsWithin(pid_t pid, const Deadline& deadline) {
    bound(deadline);
    CF<AXUIElementRef> app(AXUIElementCreateApplication(pid));
    CF<CFTypeRef> role;
    AXError e = AXUIElementCopyAttributeValue(app.get(), kAXRoleAttribute, role.out());
    return e != kAXErrorCannotComplete;
  }

  NSURL* findAppNamed(NSString* name) {
    NSString* wanted = [name.lowercaseString hasSuffix:@".app"] ? name : [name stringByAppendingString:@".app"];
    NSArray<NSString*>* dirs = @[ @"/Applications", @"/System/Applications", @"/System/Applications/Utilities",
                                  @"/Applications/Utilities", [NSHomeDirectory() stringByAppendingPathComponent:@"Applications"] ];
    NSFileManager* fm = [NSFileManager defaultManager];
    for (NSString* dir in dirs) {
      for (NSString* entry in [fm contentsOfDirectoryAtPath:dir error:nil]) {
        if ([entry caseInsensitiveCompare:wanted] == NSOrderedSame) {
          return [NSURL fileURLWithPath:[dir stringByAppendingPathComponent:entry]];
        }
      }
    }
    return nil;
  }

  static constexpr CFIndex kHugeChildren = 1000;
  static constexpr CFIndex kMaxVisibleItems = 400;
  static const std::set<std::string>& kMayBeHuge() {
    static const std::set<std::string> roles = {"AXTable", "AXOutline", "AXList", "AXGrid", "AXBrowser", "AXLayoutArea"};
    return roles;
  }

  // Reads one element with one batched call, then its children (retained) as above.
  AXError readElement(AXUIElementRef el, const SnapshotOptions& options, bool isRoot, Element& out,
                      std::vector<AXUIElementRef>& children) {
    // Children are not in the batch: a container may hold a million (see below).
    enum { Role, Subrole, Title, Description, Help, Value, Position, Size, Enabled, Focused, Selected, Expanded,
           Count };
    CFStringRef names[Count] = {kAXRoleAttribute,     kAXSubroleAttribute,  kAXTitleAttribute,
                                kAXDescriptionAttribute, kAXHelpAttribute,  kAXValueAttribute,
                                kAXPositionAttribute, kAXSizeAttribute,     kAXEnabledAttribute,
                                kAXFocusedAttribute,  kAXSelectedAttribute, kAXExpandedAttribute};
    CF<CFArrayRef> attrs(CFArrayCreate(nullptr, reinterpret_cast<const void**>(names), Count, &kCFTypeArrayCallBacks));
    CF<CFArrayRef> values;
    AXError e = AXUIElementCopyMultipleAttributeValues(el, attrs.get(), 0, values.out());
    if (e != kAXErrorSuccess) return e;
    if (!values || CFArrayGetCount(values.get()) != Count) return kAXErrorFailure;
    auto at = [&](int i) -> CFTypeRef {
      CFTypeRef v = CFArrayGetValueAtIndex(values.get(), i);
      // Missing attributes come back as AXValue errors inside the array: treat them as absent.
      if (v && CFGetTypeID(v) == AXValueGetTypeID() && AXValueGetType(static_cast<AXValueRef>(v)) == kAXValueTypeAXError)
        return nullptr;
      return v;
    };
    std::string role = stringOf(at(Role)).value_or("");
    std::string subrole = stringOf(at(Subrole)).value_or("");
    out.platformRole = subrole.empty() ? role : role + "/" + subrole;
    out.role = normalizeMacRole(role, subrole);
    std::string title = stringOf(at(Title)).value_or("");
    std::string description = stringOf(at(Description)).value_or("");
    std::optional<std::string> text = stringOf(at(Value));
    out.name = !title.empty() ? title : (role == "AXStaticText" && text ? *text : description);
    out.description = out.name == description ? stringOf(at(Help)).value_or("") : description;
    bool secure = subrole == "AXSecureTextField";
    if (!secure && role != "AXStaticText") {
      if (text) out.value = text;
      else if (auto n = numberOf(at(Value))) out.value = formatNumber(*n);
    }

    CGPoint pos{};
    CGSize size{};
    CFTypeRef p = at(Position), s = at(Size);
    bool hasPos = p && CFGetTypeID(p) == AXValueGetTypeID() && AXValueGetValue(static_cast<AXValueRef>(p), kAXValueTypeCGPoint, &pos);
    bool hasSize = s && CFGetTypeID(s) == AXValueGetTypeID() && AXValueGetValue(static_cast<AXValueRef>(s), kAXValueTypeCGSize, &size);
    bool showing = hasPos && hasSize && size.width > 0 && size.height > 0;
    if (showing) out.bounds = Rect{pos.x, pos.y, size.width, size.height};
    if (options.showingOnly && !isRoot && !showing && role != "AXApplication" && role != "AXMenuBar" && role != "AXMenu")
      return kAXErrorNoValue;  // hidden: skipped by the caller

    if (at(Enabled) == nullptr || trueOf(at(Enabled))) out.states.push_back("enabled");
    if (trueOf(at(Focused))) out.states.push_back("focused");
    if (trueOf(at(Selected))) out.states.push_back("selected");
    if (at(Expanded)) {
      out.states.push_back("expandable");
      out.states.push_back(trueOf(at(Expanded)) ? "expanded" : "collapsed");
    }
    if (showing) {
      out.states.push_back("showing");
      out.states.push_back("visible");
    }
    if (role == "AXCheckBox" || role == "AXRadioButton") {
      if (auto n = numberOf(at(Value))) {
        if (*n == 1) out.states.push_back("checked");
        if (*n == 2) out.states.push_back("mixed");
      }
    }
    Boolean settable = false;
    if (AXUIElementIsAttributeSettable(el, kAXValueAttribute, &settable) == kAXErrorSuccess && settable &&
        (role == "AXTextField" || role == "AXTextArea" || role == "AXComboBox"))
      out.states.push_back("editable");
    if (AXUIElementIsAttributeSettable(el, kAXFocusedAttribute, &settable) == kAXErrorSuccess && settable) {
      out.states.push_back("focusable");
      out.actions.push_back("focus");
    }
    std::sort(out.states.begin(), out.states.end());

    CF<CFArrayRef> actionNames;
    if (AXUIElementCopyActionNames(el, actionNames.out()) == kAXErrorSuccess && actionNames) {
      for (CFIndex i = 0; i < CFArrayGetCount(actionNames.get()); ++i) {
        auto name = stringOf(CFArrayGetValueAtIndex(actionNames.get(), i));
        if (!name) continue;
        auto it = actionTable().find(*name);
        if (it != actionTable().end() && std::find(out.actions.begin(), out.actions.end(), it->second) == out.actions.end())
          out.actions.push_back(it->second);
      }
    }

    // Children. A container that may hold thousands (a spreadsheet's table, an outline, a long
    // list, a grid, a column browser) is first asked how many (a count: no element is made); past
    // kHugeChildren only what is on screen is read — AXVisibleRows, AXVisibleChildren or
    // AXVisibleCells, whichever it has, at most kMaxVisibleItems — and the element says so, as the
    // Linux half does. Anything of another type than an array of elements is ignored.
    CF<CFTypeRef> kids;
    bool huge = false;
    if (kMayBeHuge().count(role)) {
      CFIndex count = 0;
      if (AXUIElementGetAttributeValueCount(el, kAXChildrenAttribute, &count) != kAXErrorSuccess) count = -1;
      if (count < 0 || count > kHugeChildren) {
        huge = true;
        VisiblePart part;
        part.itemCount = count < 0 || count > INT32_MAX ? -1 : static_cast<int>(count);
        for (CFStringRef visible : {kAXVisibleRowsAttribute, kAXVisibleChildrenAttribute, CFSTR("AXVisibleCells")}) {
          if (AXUIElementCopyAttributeValue(el, visible, kids.out()) == kAXErrorSuccess && kids &&
              CFGetTypeID(kids.get()) == CFArrayGetTypeID())
            break;
          kids.reset();
        }
        out.visiblePart = part;
      }
    }
    if (!huge && AXUIElementCopyAttributeValue(el, kAXChildrenAttribute, kids.out()) != kAXErrorSuccess) kids.reset();
    if (kids && CFGetTypeID(kids.get()) == CFArrayGetTypeID()) {
      CFArrayRef arr = static_cast<CFArrayRef>(kids.get());
      CFIndex n = CFArrayGetCount(arr);
      if (huge) n = std::min<CFIndex>(n, kMaxVisibleItems);
      for (CFIndex i = 0; i < n; ++i) {
        CFTypeRef child = CFArrayGetValueAtIndex(arr, i);
        if (child && CFGetTypeID(child) == AXUIElementGetTypeID())
          children.push_back(static_cast<AXUIElementRef>(CFRetain(child)));
      }
    }
    if (out.visiblePart) out.visiblePart->items = static_cast<int>(children.size());
    return kAXErrorSuccess;
  }

  pid_t pidOf(AXUIElementRef el) {
    pid_t pid = 0;
    AXUIElementGetPid(el, &pid);
    return pid;
  }

  Result<AXUIElementRef> resolve(ElementRef ref, const Deadline& deadline) {
    if (!AXIsProcessTrusted()) return Error{ErrorCode::PermissionDenied, kPermissionMessage};
    auto kept = std::find_if(generations_.begin(), generations_.end(),
                             [&ref](const Generation& g) { return g.number == ref.generation; });
    if (kept == generations_.end()) return staleError(ref.generation, generation_);
    const std::vector<AXUIElementRef>& handles = kept->handles;
    if (ref.id < 1 || ref.id > static_cast<int>(handles.size())) {
      return Error{ErrorCode::NotFound, "Snapshot " + std::to_string(ref.generation) + " has no element " +
                                            std::to_string(ref.id) + ": observe again."};
    }
    AXUIElementRef el = handles[ref.id - 1];
    bound(deadline);
    CF<CFTypeRef> role;
    AXError e = AXUIElementCopyAttributeValue(el, kAXRoleAttribute, role.out());
    if (e != kAXErrorSuccess) return axFailure(e, pidOf(el), "Reaching the element", "The element", deadline);
    return el;
  }

  static Error unsupported(const std::string& action) {
    return {ErrorCode::Unsupported, "This element does not offer the action '" + action +
                                        "': look at its actions in the latest observation and choose one of those."};
  }

  static void onPoll(CFRunLoopTimerRef, void* info) {
    auto* self = static_cast<MacBridge*>(info);
    @autoreleasepool {
      self->poll();
    }
  }

  void poll() {
    if (!handler_) return;
    for (NSRunningApplication* app in [[NSWorkspace sharedWorkspace] runningApplications]) {
      pid_t pid = app.processIdentifier;
      if (app.activationPolicy != NSApplicationActivationPolicyRegular || observers_.count(pid)) continue;
      AXObserverRef observer = nullptr;
      if (AXObserverCreate(pid, &MacBridge::onNotification, &observer) != kAXErrorSuccess) continue;
      CF<AXUIElementRef> appEl(AXUIElementCreateApplication(pid));
      AXObserverAddNotification(observer, appEl.get(), kAXFocusedUIElementChangedNotification, this);
      AXObserverAddNotification(observer, appEl.get(), kAXFocusedWindowChangedNotification, this);
      CFRunLoopAddSource(runLoop_, AXObserverGetRunLoopSource(observer), kCFRunLoopDefaultMode);
      observers_[pid] = observer;
    }
    Deadline deadline(200);
    auto front = frontmostApp(deadline);
    if (front.ok() && front.value().pid != lastFront_) {
      lastFront_ = front.value().pid;
      CF<AXUIElementRef> appEl(AXUIElementCreateApplication(lastFront_));
      CF<CFTypeRef> win;
      if (AXUIElementCopyAttributeValue(appEl.get(), kAXFocusedWindowAttribute, win.out()) == kAXErrorSuccess && win &&
          CFGetTypeID(win.get()) == AXUIElementGetTypeID())
        deliver(static_cast<AXUIElementRef>(win.get()), EventType::WindowChanged);
    }
  }

  static void onNotification(AXObserverRef, AXUIElementRef element, CFStringRef notification, void* info) {
    auto* self = static_cast<MacBridge*>(info);
    bool focus = CFStringCompare(notification, kAXFocusedUIElementChangedNotification, 0) == kCFCompareEqualTo;
    self->deliver(element, focus ? EventType::FocusChanged : EventType::WindowChanged);
  }

  void deliver(AXUIElementRef element, EventType type) {
    if (!handler_) return;
    bound(Deadline(200));
    Event ev{type};
    ev.pid = pidOf(element);
    ev.app = infoFor(ev.pid).name;
    ev.role = normalizeMacRole(attrString(element, kAXRoleAttribute), attrString(element, kAXSubroleAttribute));
    ev.name = attrString(element, kAXTitleAttribute);
    if (ev.name.empty()) ev.name = attrString(element, kAXDescriptionAttribute);
    handler_(ev);
  }

  std::mutex mutex_;
  std::condition_variable ready_;
  std::thread thread_;
  CFRunLoopRef runLoop_ = nullptr;
  bool stopped_ = false;

  // Bridge-thread state.
  uint32_t generation_ = 0;
  struct Generation {
    uint32_t number;
    std::vector<AXUIElementRef> handles;  // retained; released when the generation is dropped
  };
  // The snapshots whose ids still resolve, as on Linux: the latest kKeptGenerations, fewer when
  // together they hold more than kKeptHandles elements (the latest is always kept). Several readers
  // share this thread, and one reader's snapshot must not retire the ids another is about to act on;
  // each reader's own older ids are refused as stale by the TypeScript wrapper.
  static constexpr size_t kKeptGenerations = 16;
  static constexpr size_t kKeptHandles = 100000;
  std::deque<Generation> generations_;
  size_t keptHandles_ = 0;

  uint32_t keepGeneration(std::vector<AXUIElementRef> handles) {
    ++generation_;
    keptHandles_ += handles.size();
    generations_.push_back({generation_, std::move(handles)});
    while (generations_.size() > 1 && (generations_.size() > kKeptGenerations || keptHandles_ > kKeptHandles)) {
      for (auto h : generations_.front().handles) CFRelease(h);
      keptHandles_ -= generations_.front().handles.size();
      generations_.pop_front();
    }
    return generation_;
  }
  std::function<void(const Event&)> handler_;
  CFRunLoopTimerRef pollTimer_ = nullptr;
  std::map<pid_t, AXObserverRef> observers_;
  pid_t lastFront_ = 0;
};

}  // namespace

std::unique_ptr<Bridge> createBridge() { return std::make_unique<MacBridge>(); }

}  // namespace axb
