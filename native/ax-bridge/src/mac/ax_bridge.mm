// macOS half of the bridge: AXUIElement, AXObserver and NSWorkspace, mirroring src/linux one-to-one.
//
// UNVERIFIED: this file has never been compiled or run by the project (its CI is Debian). It is
// written against Apple's documented APIs and reviewed line by line (docs/macos-review.md, issue
// #20); the README's platform table says so. What needs no Mac is in shared headers tested on
// Linux: the stale-id store (include/generations.h) and the states and actions
// (include/mac_mapping.h).
//
// One dedicated thread runs a CFRunLoop: every AX call happens there, and AXObserver sources are
// added to that run loop so events arrive without Node's help. AX calls are bounded by the global
// messaging timeout (AXUIElementSetMessagingTimeout on the system-wide element), set before each
// call to what is left of the deadline but never above 0.5 s: a hung app otherwise blocks for 6 s.
//
// No NSWorkspace list or notification is used for running apps: NSWorkspace.runningApplications
// and NSRunningApplication's changing properties are refreshed only while the *main* run loop turns
// in a common mode, which in Node (libuv) and in Electron's utility process never happens. The
// process table (libproc) is read instead, and each app's facts from a fresh NSRunningApplication.
#import <AppKit/AppKit.h>
#import <ApplicationServices/ApplicationServices.h>
#include <libproc.h>
#include <signal.h>
#include <sys/sysctl.h>

#include <algorithm>
#include <cerrno>
#include <cmath>
#include <condition_variable>
#include <cstring>
#include <deque>
#include <map>
#include <mutex>
#include <set>
#include <thread>

#include "../../include/ax_bridge.h"
#include "../../include/generations.h"
#include "../../include/mac_mapping.h"
#include "roles_mac.h"
#include "text_selection_mac.h"

namespace axb {
namespace {

constexpr double kMaxCallSeconds = 0.5;
// A value in a snapshot is a glimpse (as on Linux); readValue reads what typing needs checked back.
constexpr CFIndex kMaxValueChars = 2000;
constexpr CFIndex kMaxReadChars = 1 << 20;
// A press that opens a modal dialog or a menu returns only when it closes: the press waits this
// long for its answer, then the app is asked whether it still answers (see performAction).
constexpr double kPressAnswerSeconds = 0.3;

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
    case kAXErrorSuccess:
      return "kAXErrorSuccess";
    case kAXErrorFailure:
      return "kAXErrorFailure";
    case kAXErrorIllegalArgument:
      return "kAXErrorIllegalArgument";
    case kAXErrorInvalidUIElement:
      return "kAXErrorInvalidUIElement";
    case kAXErrorInvalidUIElementObserver:
      return "kAXErrorInvalidUIElementObserver";
    case kAXErrorCannotComplete:
      return "kAXErrorCannotComplete";
    case kAXErrorAttributeUnsupported:
      return "kAXErrorAttributeUnsupported";
    case kAXErrorActionUnsupported:
      return "kAXErrorActionUnsupported";
    case kAXErrorNotificationUnsupported:
      return "kAXErrorNotificationUnsupported";
    case kAXErrorNotImplemented:
      return "kAXErrorNotImplemented";
    case kAXErrorNotificationAlreadyRegistered:
      return "kAXErrorNotificationAlreadyRegistered";
    case kAXErrorNotificationNotRegistered:
      return "kAXErrorNotificationNotRegistered";
    case kAXErrorAPIDisabled:
      return "kAXErrorAPIDisabled";
    case kAXErrorNoValue:
      return "kAXErrorNoValue";
    case kAXErrorParameterizedAttributeUnsupported:
      return "kAXErrorParameterizedAttributeUnsupported";
    case kAXErrorNotEnoughPrecision:
      return "kAXErrorNotEnoughPrecision";
  }
  return "kAXError(unknown)";
}

const char* kPermissionMessage =
    "Accessibility permission is off: open System Settings → Privacy & Security → Accessibility and enable "
    "Assistive Control (or the terminal you started it from), then try again.";

bool processAlive(pid_t pid) { return pid > 0 && (kill(pid, 0) == 0 || errno == EPERM); }

// Bounds the next AX calls by the deadline (global timeout, set on the system-wide element; an
// element with a timeout of its own, set by performAction, uses that instead).
void bound(const Deadline& deadline, double maxSeconds = kMaxCallSeconds) {
  static AXUIElementRef systemWide = AXUIElementCreateSystemWide();
  double seconds = std::min(maxSeconds, deadline.remainingMs() / 1000.0);
  AXUIElementSetMessagingTimeout(systemWide, static_cast<float>(std::max(0.001, seconds)));
}

// The error an element of AXUIElementCopyMultipleAttributeValues's answer stands for: an AXValue of
// type kAXValueTypeAXError, or kCFNull (which the header also allows for a missing value).
AXError errorIn(CFTypeRef v) {
  if (!v || v == kCFNull) return kAXErrorNoValue;
  if (CFGetTypeID(v) == AXValueGetTypeID() && AXValueGetType(static_cast<AXValueRef>(v)) == kAXValueTypeAXError) {
    AXError e = kAXErrorFailure;
    AXValueGetValue(static_cast<AXValueRef>(v), kAXValueTypeAXError, &e);
    return e;
  }
  return kAXErrorSuccess;
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
std::optional<std::string> stringOf(CFTypeRef v, CFIndex maxChars = kMaxValueChars) {
  if (!v || CFGetTypeID(v) != CFStringGetTypeID()) return std::nullopt;
  CFStringRef s = static_cast<CFStringRef>(v);
  CFIndex length = std::min(CFStringGetLength(s), maxChars);
  // Never cut a surrogate pair in two.
  if (length > 0 && length < CFStringGetLength(s) &&
      CFStringIsSurrogateHighCharacter(CFStringGetCharacterAtIndex(s, length - 1)))
    --length;
  CFIndex bytes = CFStringGetMaximumSizeForEncoding(length, kCFStringEncodingUTF8) + 1;
  std::string out(static_cast<size_t>(bytes), '\0');
  CFIndex used = 0;
  CFStringGetBytes(s, CFRangeMake(0, length), kCFStringEncodingUTF8, '?', false, reinterpret_cast<UInt8*>(out.data()),
                   bytes, &used);
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

// A boolean attribute as mac_mapping.h reads it: Absent unless a boolean, a number or a string.
mac::Flag flagOf(CFTypeRef v) {
  if (errorIn(v) != kAXErrorSuccess) return mac::Flag::Absent;
  if (CFGetTypeID(v) == CFBooleanGetTypeID())
    return CFBooleanGetValue(static_cast<CFBooleanRef>(v)) ? mac::Flag::True : mac::Flag::False;
  if (CFGetTypeID(v) == CFNumberGetTypeID()) {
    double d = 0;
    CFNumberGetValue(static_cast<CFNumberRef>(v), kCFNumberDoubleType, &d);
    return d != 0 ? mac::Flag::True : mac::Flag::False;
  }
  if (CFGetTypeID(v) == CFStringGetTypeID()) {  // AXInvalid: "false", "true", "spelling", "grammar"
    std::string s = stringOf(v).value_or("");
    return s.empty() || s == "false" ? mac::Flag::False : mac::Flag::True;
  }
  return mac::Flag::Absent;
}

bool settable(AXUIElementRef el, CFStringRef attr) {
  Boolean yes = false;
  return AXUIElementIsAttributeSettable(el, attr, &yes) == kAXErrorSuccess && yes;
}

std::vector<std::string> axActionNames(AXUIElementRef el) {
  std::vector<std::string> out;
  CF<CFArrayRef> names;
  if (AXUIElementCopyActionNames(el, names.out()) != kAXErrorSuccess || !names) return out;
  for (CFIndex i = 0; i < CFArrayGetCount(names.get()); ++i)
    if (auto name = stringOf(CFArrayGetValueAtIndex(names.get(), i))) out.push_back(*name);
  return out;
}

CFStringRef cfString(const std::string& s) {  // owned by the caller
  return CFStringCreateWithCString(nullptr, s.c_str(), kCFStringEncodingUTF8);
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

// The process ids of regular apps (those with a Dock icon and menu bar), read from the process
// table: NSWorkspace's list is stale off the main run loop (see the top of this file). Only
// processes inside an .app bundle are asked about; an app that was not regular in its first ten
// seconds (an Electron app sets its policy after launch) is not asked again.
class RegularApps {
 public:
  std::vector<pid_t> list() {
    std::vector<pid_t> out;
    int count = proc_listallpids(nullptr, 0);
    if (count <= 0) return out;
    std::vector<pid_t> pids(static_cast<size_t>(count) + 64);
    count = proc_listallpids(pids.data(), static_cast<int>(pids.size() * sizeof(pid_t)));
    if (count <= 0) return out;
    pids.resize(std::min(pids.size(), static_cast<size_t>(count)));
    CFAbsoluteTime now = CFAbsoluteTimeGetCurrent();
    std::map<pid_t, Seen> next;
    for (pid_t pid : pids) {
      if (pid <= 0) continue;
      auto old = seen_.find(pid);
      Seen s = old != seen_.end() ? old->second : Seen{now, false, false};
      if (old == seen_.end()) {
        char path[PROC_PIDPATHINFO_MAXSIZE];
        s.bundled = proc_pidpath(pid, path, sizeof path) > 0 && std::strstr(path, ".app/") != nullptr;
      }
      if (s.bundled && !s.regular && now - s.firstSeen < 10) {
        NSRunningApplication* app = [NSRunningApplication runningApplicationWithProcessIdentifier:pid];
        s.regular = app && !app.terminated && app.activationPolicy == NSApplicationActivationPolicyRegular;
      }
      if (s.regular) out.push_back(pid);
      next[pid] = s;
    }
    seen_ = std::move(next);
    return out;
  }

 private:
  struct Seen {
    CFAbsoluteTime firstSeen;
    bool bundled;
    bool regular;
  };
  std::map<pid_t, Seen> seen_;
};

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

  // The app the keys go to (issue #27): on macOS the system-wide focused application, the one
  // frontmostApp names; -1 when it cannot be read (the gate then judges what it read).
  Result<int> keyboardOwner(const Deadline& deadline) override {
    auto f = frontmostApp(deadline);
    return f.ok() ? static_cast<int>(f.value().pid) : -1;
  }

  Result<std::vector<AppInfo>> runningApps(const Deadline& deadline) override {
    pid_t front = 0;
    auto f = frontmostApp(deadline);
    if (f.ok()) front = f.value().pid;
    std::vector<AppInfo> out;
    for (pid_t pid : regularApps_.list()) {
      AppInfo info = infoFor(pid);
      if (info.name.empty()) continue;  // quit meanwhile
      info.frontmost = pid == front;
      info.responding = respondsWithin(pid, deadline);
      out.push_back(std::move(info));
    }
    return out;
  }

  Result<Launched> launchApp(LaunchBy by, const std::string& what, const Deadline& deadline) override {
    NSWorkspace* ws = [NSWorkspace sharedWorkspace];
    NSString* query = [NSString stringWithUTF8String:what.c_str()];
    if (!query) return Error{ErrorCode::NotFound, "No installed application is called that: check the spelling."};
    NSURL* url = nil;
    if (by == LaunchBy::Id) {
      // Launch Services' own choice among the copies of an app with this id.
      url = [ws URLForApplicationWithBundleIdentifier:query];
      if (!url) {
        return Error{ErrorCode::NotFound, "No installed application has the bundle id '" + what + "'."};
      }
    } else if (by == LaunchBy::Path) {
      BOOL isDir = NO;
      if ([query hasSuffix:@".app"] && [[NSFileManager defaultManager] fileExistsAtPath:query isDirectory:&isDir] &&
          isDir)
        url = [NSURL fileURLWithPath:query isDirectory:YES];
      if (!url)
        return Error{ErrorCode::NotFound,
                     "The application at '" + what + "' is no longer there: it was moved or removed."};
    } else {
      // The TypeScript wrapper resolves names itself (installedApps and src/execution/app-names.ts);
      // this exact match is for a caller of the addon alone.
      auto apps = installedApps(deadline);
      if (apps.ok()) {
        for (const InstalledApp& app : apps.value()) {
          for (const std::string& n : app.names) {
            NSString* name = [NSString stringWithUTF8String:n.c_str()];
            if (name && [name compare:query
                              options:NSCaseInsensitiveSearch | NSDiacriticInsensitiveSearch] == NSOrderedSame) {
              url = [NSURL fileURLWithPath:[NSString stringWithUTF8String:app.path.c_str()] isDirectory:YES];
              break;
            }
          }
          if (url) break;
        }
      }
      if (!url) {
        return Error{ErrorCode::NotFound,
                     "No installed application is called '" + what + "': check the spelling, or install it first."};
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

  // The application folders, their subfolders (not inside bundles), and Finder's folder. Each app
  // with the name Finder shows in the user's language first, then its file name and its bundle's
  // display and short names (localized where the bundle has them). /Applications comes first, so
  // that of two copies the one there is chosen.
  Result<std::vector<InstalledApp>> installedApps(const Deadline& deadline) override {
    std::vector<InstalledApp> out;
    NSFileManager* fm = [NSFileManager defaultManager];
    NSArray<NSString*>* roots = @[
      @"/Applications", [NSHomeDirectory() stringByAppendingPathComponent:@"Applications"], @"/System/Applications",
      @"/System/Library/CoreServices/Applications", @"/System/Library/CoreServices/Finder.app"
    ];
    std::set<std::string> seen;
    auto add = [&](NSURL* url) {
      std::string path = url.path.UTF8String ? url.path.UTF8String : "";
      if (path.empty() || !seen.insert(path).second) return;
      InstalledApp app;
      app.path = path;
      NSBundle* bundle = [NSBundle bundleWithURL:url];
      if (bundle.bundleIdentifier) app.id = bundle.bundleIdentifier.UTF8String;
      auto addName = [&app](id value) {
        if (![value isKindOfClass:[NSString class]] || [(NSString*)value length] == 0) return;
        const char* utf8 = [(NSString*)value UTF8String];
        if (!utf8) return;
        std::string n = utf8;
        if (std::find(app.names.begin(), app.names.end(), n) == app.names.end()) app.names.push_back(n);
      };
      addName([fm displayNameAtPath:url.path]);
      addName(url.lastPathComponent.stringByDeletingPathExtension);
      for (NSString* key in @[ @"CFBundleDisplayName", @"CFBundleName" ]) {
        addName(bundle.localizedInfoDictionary[key]);
        addName(bundle.infoDictionary[key]);
      }
      out.push_back(std::move(app));
    };
    for (NSString* root in roots) {
      if (deadline.expired()) break;
      NSURL* rootURL = [NSURL fileURLWithPath:root isDirectory:YES];
      if ([root hasSuffix:@".app"]) {
        if ([fm fileExistsAtPath:root]) add(rootURL);
        continue;
      }
      NSDirectoryEnumerator<NSURL*>* walk = [fm enumeratorAtURL:rootURL
                                     includingPropertiesForKeys:@[ NSURLIsDirectoryKey ]
                                                        options:NSDirectoryEnumerationSkipsPackageDescendants |
                                                                NSDirectoryEnumerationSkipsHiddenFiles
                                                   errorHandler:^BOOL(NSURL* failedURL, NSError* error) {
                                                     (void)failedURL;
                                                     (void)error;
                                                     return YES;  // an unreadable folder is skipped
                                                   }];
      for (NSURL* url in walk) {
        if (deadline.expired()) break;
        if (walk.level > 4) [walk skipDescendants];
        if ([url.pathExtension caseInsensitiveCompare:@"app"] == NSOrderedSame) add(url);
      }
    }
    if (out.empty() && deadline.expired()) return timeoutError("Listing the installed applications", deadline);
    return out;
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
    // Bounded before the first call to the app, so that a hung app costs a share of the deadline,
    // not the 6 s default. Chromium and Electron build their tree only for clients that ask.
    bound(deadline);
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
    // The default buttons the windows read name (retained), matched to the elements after the walk.
    std::vector<AXUIElementRef> defaults;
    auto releaseDefaults = [&]() {
      for (auto d : defaults) CFRelease(d);
      defaults.clear();
    };
    auto releaseAll = [&]() {
      for (auto& p : stack) CFRelease(p.el);
      stack.clear();
      for (auto h : handles) CFRelease(h);
      handles.clear();
      releaseDefaults();
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
      AXError e = readElement(cur.el, options, cur.depth == 0, el, children, defaults);
      if (e == kAXErrorAPIDisabled) {
        CFRelease(cur.el);
        for (auto c : children) CFRelease(c);
        releaseAll();
        return axFailure(e, pid, "Reading " + snap.app, "The application", deadline);
      }
      if (e == kAXErrorCannotComplete) {
        // Unanswered within its share: as on Linux, what was read is returned, marked `deadline`;
        // only a snapshot with nothing read is a timeout (or "gone", below).
        CFRelease(cur.el);
        for (auto c : children) CFRelease(c);
        snap.truncated = Truncation::Deadline;
        break;
      }
      if (e != kAXErrorSuccess) {  // this element went away (dead, no role) or is hidden: skip it
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
    // AXDefaultButton as AT-SPI's STATE_DEFAULT: the element a window names (handles[i] is element i's).
    for (size_t i = 0; i < snap.elements.size() && i < handles.size() && !defaults.empty(); ++i) {
      for (AXUIElementRef d : defaults) {
        if (!CFEqual(handles[i], d)) continue;
        mac::markDefault(snap.elements[i].states);
        break;
      }
    }
    releaseDefaults();
    if (snap.elements.empty()) {
      releaseAll();
      if (!processAlive(pid)) return goneError("The application");
      return timeoutError("Reading " + snap.app, deadline);
    }
    snap.generation = generations_.keep(std::move(handles), pid);
    return snap;
  }

  Result<Done> performAction(ElementRef ref, const std::string& action, const Deadline& deadline) override {
    auto target = resolve(ref, deadline);
    if (!target.ok()) return target.error();
    AXUIElementRef el = target.value();
    pid_t pid = pidOf(el);
    bound(deadline);
    mac::MacActionPlan plan = mac::planMacAction(action, actionFacts(el));
    if (plan.kind == mac::MacActionPlan::Unsupported) return unsupported(action);
    if (plan.kind == mac::MacActionPlan::AlreadyDone) return Done{};
    CF<CFStringRef> name(cfString(plan.axName));
    bound(deadline);
    if (plan.kind == mac::MacActionPlan::SetAttribute) {
      AXError e = AXUIElementSetAttributeValue(el, name.get(), plan.flag ? kCFBooleanTrue : kCFBooleanFalse);
      if (e == kAXErrorActionUnsupported || e == kAXErrorAttributeUnsupported) return unsupported(action);
      if (e != kAXErrorSuccess) return axFailure(e, pid, "Performing " + action, "The element", deadline);
      return Done{};
    }
    // A press that opens a modal dialog or a menu is answered only when it closes. So the press
    // waits a short while for its answer (a timeout of this element's own); unanswered, the app is
    // asked its role: an app that answers is running the dialog or menu the press opened, and the
    // press happened (reporting a timeout would make the caller press again). An app that does not
    // answer either is not responding, and the sentence says the press may have happened.
    AXUIElementSetMessagingTimeout(
        el, static_cast<float>(std::max(0.001, std::min(kPressAnswerSeconds, deadline.remainingMs() / 1000.0))));
    AXError e = AXUIElementPerformAction(el, name.get());
    AXUIElementSetMessagingTimeout(el, 0);  // back to the global timeout
    if (e == kAXErrorActionUnsupported || e == kAXErrorAttributeUnsupported) return unsupported(action);
    if (e == kAXErrorCannotComplete && processAlive(pid)) {
      if (respondsWithin(pid, deadline)) return Done{};
      return Error{ErrorCode::Timeout, "The application did not answer within " +
                                           std::to_string(static_cast<long>(std::lround(deadline.totalMs()))) +
                                           " ms, so it is not known whether '" + action +
                                           "' happened: observe the screen before trying again."};
    }
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
    bound(deadline);
    AXError e = AXUIElementCopyAttributeValue(el, kAXValueAttribute, v.out());
    if (e == kAXErrorNoValue || e == kAXErrorAttributeUnsupported) return std::optional<std::string>{};
    if (e != kAXErrorSuccess) return axFailure(e, pidOf(el), "Reading the value", "The element", deadline);
    // The whole text, up to about a million characters as on Linux: typing is checked by reading back.
    if (auto s = stringOf(v.get(), kMaxReadChars)) return std::optional<std::string>{*s};
    if (auto n = numberOf(v.get())) return std::optional<std::string>{formatNumber(*n)};
    if (v && CFGetTypeID(v.get()) == CFBooleanGetTypeID())
      return std::optional<std::string>{trueOf(v.get()) ? "1" : "0"};
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
      return Error{ErrorCode::Unsupported,
                   "This element does not take typed text: choose a text field, or click it instead."};
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
      return Error{ErrorCode::Unsupported,
                   "This element does not take typed text: choose a text field, or click it instead."};
    }
    if (e != kAXErrorSuccess) return axFailure(e, pid, "Typing the text", "The element", deadline);
    CFRange caret = CFRangeMake(range.location + CFStringGetLength(inserted.get()), 0);
    CF<AXValueRef> caretValue(AXValueCreate(kAXValueTypeCFRange, &caret));
    bound(deadline);
    AXUIElementSetAttributeValue(el, kAXSelectedTextRangeAttribute, caretValue.get());  // best effort, as on Linux
    int start = mac::codePointsIn(before, range.location);
    int end = mac::codePointsIn(before, range.location + range.length);
    int added = mac::codePointsIn(inserted.get(), CFStringGetLength(inserted.get()));
    return Inserted{start, end, start + added};
  }

  // The caret and the selection, in code points (text_selection.mm; mirrors the Linux half, not yet
  // compiled or run on a Mac).
  Result<TextSelection> textSelection(ElementRef ref, const Deadline& deadline) override {
    auto target = resolve(ref, deadline);
    if (!target.ok()) return target.error();
    AXUIElementRef el = target.value();
    pid_t pid = pidOf(el);
    return mac::textSelectionOf(
        el, {[&deadline] { bound(deadline); },
             [&](AXError e, const std::string& doing) { return axFailure(e, pid, doing, "The element", deadline); }});
  }

  // macOS 14 and later often ignore activateWithOptions: from a process that is not itself active
  // (cooperative activation). Accessibility is not subject to that: the app's AXFrontmost is set,
  // then its main (or first) window is made main and raised. activateWithOptions: is only the
  // fallback for an app that refuses AXFrontmost.
  Result<Done> activateApp(int pid, const Deadline& deadline) override {
    if (!AXIsProcessTrusted()) return Error{ErrorCode::PermissionDenied, kPermissionMessage};
    if (!processAlive(pid))
      return Error{ErrorCode::NotFound, "This application is no longer running: open it again first."};
    CF<AXUIElementRef> axApp(AXUIElementCreateApplication(pid));
    bound(deadline);
    AXError front = AXUIElementSetAttributeValue(axApp.get(), kAXFrontmostAttribute, kCFBooleanTrue);
    if (front == kAXErrorCannotComplete)
      return axFailure(front, pid, "Bringing the application to the front", "The application", deadline);
    CF<CFTypeRef> window;
    bound(deadline);
    AXError e = AXUIElementCopyAttributeValue(axApp.get(), kAXMainWindowAttribute, window.out());
    if (e != kAXErrorSuccess || !window || CFGetTypeID(window.get()) != AXUIElementGetTypeID()) {
      window.reset();
      CF<CFTypeRef> windows;
      bound(deadline);
      e = AXUIElementCopyAttributeValue(axApp.get(), kAXWindowsAttribute, windows.out());
      if (e == kAXErrorSuccess && windows && CFGetTypeID(windows.get()) == CFArrayGetTypeID() &&
          CFArrayGetCount(static_cast<CFArrayRef>(windows.get())) > 0) {
        CFTypeRef first = CFArrayGetValueAtIndex(static_cast<CFArrayRef>(windows.get()), 0);
        if (first && CFGetTypeID(first) == AXUIElementGetTypeID()) *window.out() = CFRetain(first);
      }
    }
    if (window) {
      AXUIElementRef w = static_cast<AXUIElementRef>(window.get());
      bound(deadline);
      AXUIElementSetAttributeValue(w, kAXMainAttribute, kCFBooleanTrue);  // best effort: not every window can be main
      bound(deadline);
      e = AXUIElementPerformAction(w, kAXRaiseAction);
      if (e != kAXErrorSuccess && e != kAXErrorActionUnsupported && e != kAXErrorAttributeUnsupported)
        return axFailure(e, pid, "Bringing the application to the front", "The application", deadline);
    }
    if (front != kAXErrorSuccess) {
      NSRunningApplication* app = [NSRunningApplication runningApplicationWithProcessIdentifier:pid];
#pragma clang diagnostic push
#pragma clang diagnostic ignored "-Wdeprecated-declarations"
      bool asked = app && !app.terminated && [app activateWithOptions:NSApplicationActivateIgnoringOtherApps];
#pragma clang diagnostic pop
      if (!asked && !window)
        return Error{ErrorCode::Unsupported,
                     "This application does not let the assistant bring its window to the front."};
    }
    return Done{};
  }

  Result<Done> setEventHandler(std::function<void(const Event&)> handler) override {
    handler_ = std::move(handler);
    if (handler_ && !pollTimer_) {
      // Observers are per app: a timer adds them for apps that start later (and retries those that
      // failed), removes those of apps that quit, and notices the frontmost app changing.
      // NSWorkspace's notifications would need the main run loop, which Node does not turn.
      CFRunLoopTimerContext ctx{0, this, nullptr, nullptr, nullptr};
      pollTimer_ = CFRunLoopTimerCreate(nullptr, CFAbsoluteTimeGetCurrent(), 0.5, 0, 0, &MacBridge::onPoll, &ctx);
      CFRunLoopAddTimer(runLoop_, pollTimer_, kCFRunLoopDefaultMode);
    } else if (!handler_ && pollTimer_) {
      CFRunLoopTimerInvalidate(pollTimer_);
      CFRelease(pollTimer_);
      pollTimer_ = nullptr;
      while (!observers_.empty()) removeObserver(observers_.begin()->first);
      failedObservers_.clear();
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
    CFRunLoopTimerRef keepAlive = CFRunLoopTimerCreate(
        nullptr, CFAbsoluteTimeGetCurrent() + 1e9, 1e9, 0, 0, [](CFRunLoopTimerRef, void*) {}, nullptr);
    CFRunLoopAddTimer(runLoop_, keepAlive, kCFRunLoopDefaultMode);
    CFRunLoopRun();
    CFRunLoopTimerInvalidate(keepAlive);
    CFRelease(keepAlive);
    setEventHandler(nullptr);
    generations_.clear();  // releases every retained element
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

  // What planMacAction needs to know of an element, read when an action is asked for.
  mac::MacFacts actionFacts(AXUIElementRef el) {
    mac::MacFacts f;
    f.role = attrString(el, kAXRoleAttribute);
    f.subrole = attrString(el, kAXSubroleAttribute);
    for (auto [attr, flag] : {std::pair<CFStringRef, mac::Flag*>{kAXExpandedAttribute, &f.expanded},
                              std::pair<CFStringRef, mac::Flag*>{kAXDisclosingAttribute, &f.disclosing}}) {
      CF<CFTypeRef> v;
      if (AXUIElementCopyAttributeValue(el, attr, v.out()) == kAXErrorSuccess) *flag = flagOf(v.get());
    }
    f.focusedSettable = settable(el, kAXFocusedAttribute);
    f.selectedSettable = settable(el, kAXSelectedAttribute);
    if (f.expanded != mac::Flag::Absent) f.expandedSettable = settable(el, kAXExpandedAttribute);
    if (f.disclosing != mac::Flag::Absent) f.disclosingSettable = settable(el, kAXDisclosingAttribute);
    f.axActions = axActionNames(el);
    return f;
  }

  static constexpr CFIndex kHugeChildren = 1000;
  static constexpr CFIndex kMaxVisibleItems = 400;
  static const std::set<std::string>& kMayBeHuge() {
    static const std::set<std::string> roles = {"AXTable", "AXOutline", "AXList",
                                                "AXGrid",  "AXBrowser", "AXLayoutArea"};
    return roles;
  }

  // Reads one element with one batched call, then its children (retained) as above. The states
  // and actions follow from what was read by the rules of include/mac_mapping.h (tested on Linux).
  AXError readElement(AXUIElementRef el, const SnapshotOptions& options, bool isRoot, Element& out,
                      std::vector<AXUIElementRef>& children, std::vector<AXUIElementRef>& defaults) {
    // Children are not in the batch: a container may hold a million (see below).
    enum {
      Role,
      Subrole,
      Title,
      Description,
      Help,
      Value,
      Position,
      Size,
      Enabled,
      Focused,
      Selected,
      Expanded,
      Disclosing,
      Modal,
      Required,
      Busy,
      HasPopup,
      Invalid,
      Main,
      Frontmost,
      MenuItemMark,
      CmdChar,
      CmdModifiers,
      DefaultButton,
      Count
    };
    CFStringRef names[Count] = {kAXRoleAttribute,
                                kAXSubroleAttribute,
                                kAXTitleAttribute,
                                kAXDescriptionAttribute,
                                kAXHelpAttribute,
                                kAXValueAttribute,
                                kAXPositionAttribute,
                                kAXSizeAttribute,
                                kAXEnabledAttribute,
                                kAXFocusedAttribute,
                                kAXSelectedAttribute,
                                kAXExpandedAttribute,
                                kAXDisclosingAttribute,
                                kAXModalAttribute,
                                CFSTR("AXRequired"),
                                CFSTR("AXElementBusy"),
                                CFSTR("AXHasPopup"),
                                CFSTR("AXInvalid"),
                                kAXMainAttribute,
                                kAXFrontmostAttribute,
                                kAXMenuItemMarkCharAttribute,
                                kAXMenuItemCmdCharAttribute,
                                kAXMenuItemCmdModifiersAttribute,
                                kAXDefaultButtonAttribute};
    CF<CFArrayRef> attrs(CFArrayCreate(nullptr, reinterpret_cast<const void**>(names), Count, &kCFTypeArrayCallBacks));
    CF<CFArrayRef> values;
    AXError e = AXUIElementCopyMultipleAttributeValues(el, attrs.get(), 0, values.out());
    if (e != kAXErrorSuccess) return e;
    if (!values || CFArrayGetCount(values.get()) != Count) return kAXErrorFailure;
    auto at = [&](int i) -> CFTypeRef {
      CFTypeRef v = CFArrayGetValueAtIndex(values.get(), i);
      // A missing attribute comes back as an AXValue error or as kCFNull: absent either way.
      return errorIn(v) == kAXErrorSuccess ? v : nullptr;
    };
    // Every live element has a role. None: the element died between its parent's read and this one
    // (skipped, as on Linux), or the app stopped answering (the walk stops there).
    if (!at(Role)) {
      AXError why = errorIn(CFArrayGetValueAtIndex(values.get(), Role));
      return why == kAXErrorCannotComplete || why == kAXErrorAPIDisabled ? why : kAXErrorInvalidUIElement;
    }
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
    bool hasPos = p && CFGetTypeID(p) == AXValueGetTypeID() &&
                  AXValueGetValue(static_cast<AXValueRef>(p), kAXValueTypeCGPoint, &pos);
    bool hasSize = s && CFGetTypeID(s) == AXValueGetTypeID() &&
                   AXValueGetValue(static_cast<AXValueRef>(s), kAXValueTypeCGSize, &size);
    bool showing = hasPos && hasSize && size.width > 0 && size.height > 0;
    if (showing) out.bounds = Rect{pos.x, pos.y, size.width, size.height};
    if (options.showingOnly && !isRoot && !showing && role != "AXApplication" && role != "AXMenuBar" &&
        role != "AXMenu")
      return kAXErrorNoValue;  // hidden: skipped by the caller

    mac::MacFacts f;
    f.role = role;
    f.subrole = subrole;
    using F = mac::MacFacts;
    static const std::pair<int, mac::Flag F::*> kFlags[] = {
        {Enabled, &F::enabled},       {Focused, &F::focused}, {Selected, &F::selected}, {Expanded, &F::expanded},
        {Disclosing, &F::disclosing}, {Modal, &F::modal},     {Required, &F::required}, {Busy, &F::busy},
        {HasPopup, &F::hasPopup},     {Invalid, &F::invalid}, {Main, &F::main},         {Frontmost, &F::frontmost},
    };
    for (const auto& [index, member] : kFlags) f.*member = flagOf(at(index));
    f.number = numberOf(at(Value));
    f.menuItemMark = stringOf(at(MenuItemMark)).value_or("");
    // A menu item's shortcut, as a key binding the engine reads (include/mac_mapping.h).
    f.cmdChar = stringOf(at(CmdChar)).value_or("");
    if (auto bits = numberOf(at(CmdModifiers))) f.cmdModifiers = static_cast<int>(*bits);
    std::string keys = mac::macMenuItemKeys(f);
    if (!keys.empty()) out.keys = {keys};
    // A window names its default button: the walk marks that element "default" once it is read.
    CFTypeRef def = at(DefaultButton);
    if (def && CFGetTypeID(def) == AXUIElementGetTypeID())
      defaults.push_back(static_cast<AXUIElementRef>(CFRetain(def)));
    f.showing = showing;
    // Each settable check is a round trip: asked only where the answer can matter.
    f.focusedSettable = settable(el, kAXFocusedAttribute);
    if (mac::isMacTextRole(f) || role == "AXSlider" || role == "AXIncrementor")
      f.valueSettable = settable(el, kAXValueAttribute);
    if (f.selected != mac::Flag::Absent) f.selectedSettable = settable(el, kAXSelectedAttribute);
    if (f.expanded != mac::Flag::Absent) f.expandedSettable = settable(el, kAXExpandedAttribute);
    if (f.disclosing != mac::Flag::Absent) f.disclosingSettable = settable(el, kAXDisclosingAttribute);
    f.axActions = axActionNames(el);
    out.states = mac::macStates(f);
    out.actions = mac::macActions(f);

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
    auto kept = generations_.find(ref);
    if (!kept.ok()) return kept.error();
    AXUIElementRef el = kept.value()->handles[ref.id - 1];
    if (!processAlive(kept.value()->pid)) return goneError("The application of this element");
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
    std::vector<pid_t> regular = regularApps_.list();
    std::set<pid_t> running(regular.begin(), regular.end());
    // Apps that quit: their observers go, so that a reused pid is observed afresh.
    std::vector<pid_t> quit;
    for (const auto& [pid, observer] : observers_)
      if (!running.count(pid)) quit.push_back(pid);
    for (pid_t pid : quit) removeObserver(pid);
    for (auto it = failedObservers_.begin(); it != failedObservers_.end();)
      it = running.count(it->first) ? std::next(it) : failedObservers_.erase(it);
    CFAbsoluteTime now = CFAbsoluteTimeGetCurrent();
    for (pid_t pid : regular) {
      if (observers_.count(pid) || pid == getpid()) continue;
      // An app still starting refuses the observer (kAXErrorCannotComplete): tried again at every
      // poll for its first 20 attempts, then every 10 s.
      auto failed = failedObservers_.find(pid);
      if (failed != failedObservers_.end() && failed->second.attempts >= 20 && now - failed->second.last < 10) continue;
      if (addObserver(pid)) {
        failedObservers_.erase(pid);
      } else {
        auto& f = failedObservers_[pid];
        ++f.attempts;
        f.last = now;
      }
    }
    Deadline deadline(200);
    auto front = frontmostApp(deadline);
    if (front.ok() && front.value().pid != lastFront_) {
      lastFront_ = front.value().pid;
      CF<AXUIElementRef> appEl(AXUIElementCreateApplication(lastFront_));
      CF<CFTypeRef> win;
      bound(deadline);
      if (AXUIElementCopyAttributeValue(appEl.get(), kAXFocusedWindowAttribute, win.out()) == kAXErrorSuccess && win &&
          CFGetTypeID(win.get()) == AXUIElementGetTypeID())
        deliver(static_cast<AXUIElementRef>(win.get()), EventType::WindowChanged);
    }
  }

  // Registers focus and window notifications of one app; false when it refused both (tried again).
  bool addObserver(pid_t pid) {
    AXObserverRef observer = nullptr;
    if (AXObserverCreate(pid, &MacBridge::onNotification, &observer) != kAXErrorSuccess || !observer) return false;
    CF<AXUIElementRef> appEl(AXUIElementCreateApplication(pid));
    int added = 0;
    for (CFStringRef n : {kAXFocusedUIElementChangedNotification, kAXFocusedWindowChangedNotification,
                          kAXMainWindowChangedNotification}) {
      bound(Deadline(200));
      AXError e = AXObserverAddNotification(observer, appEl.get(), n, this);
      if (e == kAXErrorSuccess || e == kAXErrorNotificationAlreadyRegistered) ++added;
    }
    if (added == 0) {
      CFRelease(observer);
      return false;
    }
    CFRunLoopAddSource(runLoop_, AXObserverGetRunLoopSource(observer), kCFRunLoopDefaultMode);
    observers_[pid] = observer;
    return true;
  }

  void removeObserver(pid_t pid) {
    auto it = observers_.find(pid);
    if (it == observers_.end()) return;
    CFRunLoopRemoveSource(runLoop_, AXObserverGetRunLoopSource(it->second), kCFRunLoopDefaultMode);
    CFRelease(it->second);
    observers_.erase(it);
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
  // The snapshots whose ids still resolve: the same policy as on Linux (include/generations.h). The
  // elements are retained by the snapshot and released when the store drops it.
  GenerationStore<AXUIElementRef> generations_{[](AXUIElementRef& h) { CFRelease(h); }};
  RegularApps regularApps_;
  std::function<void(const Event&)> handler_;
  CFRunLoopTimerRef pollTimer_ = nullptr;
  std::map<pid_t, AXObserverRef> observers_;
  struct Failed {
    int attempts = 0;
    CFAbsoluteTime last = 0;
  };
  std::map<pid_t, Failed> failedObservers_;
  pid_t lastFront_ = 0;
};

}  // namespace

std::unique_ptr<Bridge> createBridge() { return std::make_unique<MacBridge>(); }

}  // namespace axb
