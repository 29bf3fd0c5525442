// The macOS bridge: the running applications (read from the process table, RegularApps) and the
// installed ones, launching and activating them. Mirrors src/linux/apps.cc; the class is declared in
// mac_bridge.h.
//
// UNVERIFIED: never compiled or run by the project (its CI is Debian); see the top of ax_bridge.mm.
#import <AppKit/AppKit.h>
#import <ApplicationServices/ApplicationServices.h>
#include <libproc.h>

#include <algorithm>
#include <cstring>
#include <iterator>
#include <map>
#include <set>
#include <string>
#include <vector>

#include "../../include/mac_apps.h"
#include "mac_bridge.h"

namespace axb {
namespace ax {

std::vector<pid_t> RegularApps::list() {
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
    if (s.regular || adopted_.count(pid)) out.push_back(pid);
    next[pid] = s;
  }
  seen_ = std::move(next);
  for (auto it = adopted_.begin(); it != adopted_.end();) it = seen_.count(*it) ? std::next(it) : adopted_.erase(it);
  return out;
}

void RegularApps::adopt(pid_t pid) { adopted_.insert(pid); }

Result<AppInfo> MacBridge::frontmostApp(const Deadline& deadline) {
  if (!AXIsProcessTrusted()) return Error{ErrorCode::PermissionDenied, kPermissionMessage};
  // Ask AX rather than NSWorkspace: NSWorkspace's view is refreshed by the main run loop,
  // which in a Node process is not a Cocoa run loop.
  bound(deadline);
  CF<AXUIElementRef> systemWide(AXUIElementCreateSystemWide());
  CF<CFTypeRef> focused;
  AXError e = AXUIElementCopyAttributeValue(systemWide.get(), kAXFocusedApplicationAttribute, focused.out());
  if (e != kAXErrorSuccess || !focused || CFGetTypeID(focused.get()) != AXUIElementGetTypeID()) {
    if (e == kAXErrorAPIDisabled) return Error{ErrorCode::PermissionDenied, kPermissionMessage};
    // Not answered in time is not "nothing in front" (the first reading's R11).
    if (e == kAXErrorCannotComplete) return timeoutError("Reading which application is in front", deadline);
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
Result<int> MacBridge::keyboardOwner(const Deadline& deadline) {
  auto f = frontmostApp(deadline);
  return f.ok() ? static_cast<int>(f.value().pid) : -1;
}

Result<std::vector<AppInfo>> MacBridge::runningApps(const Deadline& deadline) {
  pid_t front = 0;
  auto f = frontmostApp(deadline);
  if (f.ok()) front = f.value().pid;
  std::vector<AppInfo> out;
  std::vector<pid_t> regular = regularApps_.list();
  // Apps that quit are forgotten here, so a pid used again is asked afresh.
  for (auto it = answeredAt_.begin(); it != answeredAt_.end();)
    it = std::find(regular.begin(), regular.end(), it->first) == regular.end() ? answeredAt_.erase(it) : std::next(it);
  for (pid_t pid : regular) {
    AppInfo info = infoFor(pid);
    if (info.name.empty()) continue;  // quit meanwhile
    info.frontmost = pid == front;
    info.responding = respondsWithin(pid, deadline);
    out.push_back(std::move(info));
  }
  return out;
}

Result<Launched> MacBridge::launchApp(LaunchBy by, const std::string& what, const Deadline& deadline) {
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
      // Outside the folders installedApps walks (another volume, a developer's build folder): Launch
      // Services knows every app it has registered by name.
#pragma clang diagnostic push
#pragma clang diagnostic ignored "-Wdeprecated-declarations"
      NSString* path = [ws fullPathForApplication:query];
#pragma clang diagnostic pop
      if (path) url = [NSURL fileURLWithPath:path isDirectory:YES];
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
  mac::LaunchFacts facts;
  facts.answered = waited == 0;
  facts.failed = failure != nil;
  facts.processRunning = processAlive(pid);
  NSRunningApplication* running = pid > 0 ? [NSRunningApplication runningApplicationWithProcessIdentifier:pid] : nil;
  facts.regular = !running || running.activationPolicy == NSApplicationActivationPolicyRegular;
  switch (mac::launchState(facts)) {
    case mac::LaunchState::Failed:
      return Error{ErrorCode::Failed,
                   "Could not start " + name + (failure ? std::string(": ") + failure.UTF8String : ".")};
    case mac::LaunchState::Starting:
      // Still starting (a cold start can outlast the deadline): no pid yet; the caller looks for the
      // app by name until its own wait ends, rather than reporting a timeout while it comes up.
      return Launched{0, name, id};
    case mac::LaunchState::MenuBarOnly:
      // No Dock icon and no window by design: it counts among the running apps from now on, so that
      // the caller finds it (RegularApps lists only regular apps otherwise).
      regularApps_.adopt(pid);
      return Launched{pid, name, id, true};
    case mac::LaunchState::Started:
      break;
  }
  return Launched{pid, name, id};
}

// The application folders, their subfolders (not inside bundles), and Finder's folder. Each app
// with the name Finder shows in the user's language first, then its file name and its bundle's
// display and short names (localized where the bundle has them). /Applications comes first, so
// that of two copies the one there is chosen.
Result<std::vector<InstalledApp>> MacBridge::installedApps(const Deadline& deadline) {
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

// macOS 14 and later often ignore activateWithOptions: from a process that is not itself active
// (cooperative activation). Accessibility is not subject to that: the app is unhidden if hidden, its
// AXFrontmost is set, then its main (or first) window is taken out of the Dock if minimised, made
// main and raised (mac::raiseSteps, include/mac_apps.h). activateWithOptions: is only the fallback
// for an app that refuses AXFrontmost.
Result<Done> MacBridge::activateApp(int pid, const Deadline& deadline) {
  if (!AXIsProcessTrusted()) return Error{ErrorCode::PermissionDenied, kPermissionMessage};
  if (!processAlive(pid))
    return Error{ErrorCode::NotFound, "This application is no longer running: open it again first."};
  CF<AXUIElementRef> axApp(AXUIElementCreateApplication(pid));
  CF<CFTypeRef> hidden;
  bound(deadline);
  bool isHidden = AXUIElementCopyAttributeValue(axApp.get(), kAXHiddenAttribute, hidden.out()) == kAXErrorSuccess &&
                  trueOf(hidden.get());
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
  AXUIElementRef w = window ? static_cast<AXUIElementRef>(window.get()) : nullptr;
  bool isMinimised = false;
  if (w) {
    CF<CFTypeRef> minimised;
    bound(deadline);
    isMinimised = AXUIElementCopyAttributeValue(w, kAXMinimizedAttribute, minimised.out()) == kAXErrorSuccess &&
                  trueOf(minimised.get());
  }
  AXError front = kAXErrorSuccess;
  for (mac::RaiseStep step : mac::raiseSteps(isHidden, isMinimised, w != nullptr)) {
    bound(deadline);
    switch (step) {
      case mac::RaiseStep::Unhide:
        AXUIElementSetAttributeValue(axApp.get(), kAXHiddenAttribute, kCFBooleanFalse);
        break;
      case mac::RaiseStep::Frontmost:
        front = AXUIElementSetAttributeValue(axApp.get(), kAXFrontmostAttribute, kCFBooleanTrue);
        if (front == kAXErrorCannotComplete)
          return axFailure(front, pid, "Bringing the application to the front", "The application", deadline);
        break;
      case mac::RaiseStep::Unminimise:
        AXUIElementSetAttributeValue(w, kAXMinimizedAttribute, kCFBooleanFalse);
        break;
      case mac::RaiseStep::MakeMain:
        AXUIElementSetAttributeValue(w, kAXMainAttribute, kCFBooleanTrue);  // best effort: not every window can be main
        break;
      case mac::RaiseStep::Raise:
        e = AXUIElementPerformAction(w, kAXRaiseAction);
        if (e != kAXErrorSuccess && e != kAXErrorActionUnsupported && e != kAXErrorAttributeUnsupported)
          return axFailure(e, pid, "Bringing the application to the front", "The application", deadline);
        break;
    }
  }
  if (front != kAXErrorSuccess) {
    NSRunningApplication* app = [NSRunningApplication runningApplicationWithProcessIdentifier:pid];
    if (isHidden && app) [app unhide];
#pragma clang diagnostic push
#pragma clang diagnostic ignored "-Wdeprecated-declarations"
    bool asked = app && !app.terminated && [app activateWithOptions:NSApplicationActivateIgnoringOtherApps];
#pragma clang diagnostic pop
    if (!asked && !w)
      return Error{ErrorCode::Unsupported,
                   "This application does not let the assistant bring its window to the front."};
  }
  return Done{};
}

AppInfo MacBridge::infoFor(pid_t pid) {
  AppInfo info;
  info.pid = pid;
  NSRunningApplication* app = [NSRunningApplication runningApplicationWithProcessIdentifier:pid];
  if (app.localizedName) info.name = app.localizedName.UTF8String;
  if (app.bundleIdentifier) info.bundleId = app.bundleIdentifier.UTF8String;
  return info;
}

// Whether the app answers. Listing the apps asks each one (the first reading's R11: every app, every
// time, each with the whole call's timeout): now an app that answered in the last
// mac::kAnswerFreshSeconds is not asked again, and each is asked with a timeout of its own
// (mac::kProbeSeconds), so one hung app costs a tenth of a second, not the listing's deadline.
bool MacBridge::respondsWithin(pid_t pid, const Deadline& deadline) {
  CFAbsoluteTime now = CFAbsoluteTimeGetCurrent();
  auto seen = answeredAt_.find(pid);
  if (seen != answeredAt_.end() && !mac::probesApp(now - seen->second)) return true;
  CF<AXUIElementRef> app(AXUIElementCreateApplication(pid));
  AXUIElementSetMessagingTimeout(
      app.get(), static_cast<float>(std::max(0.001, std::min(mac::kProbeSeconds, deadline.remainingMs() / 1000.0))));
  CF<CFTypeRef> role;
  AXError e = AXUIElementCopyAttributeValue(app.get(), kAXRoleAttribute, role.out());
  if (e == kAXErrorCannotComplete) {
    answeredAt_.erase(pid);
    return false;
  }
  answeredAt_[pid] = now;
  return true;
}

}  // namespace ax
}  // namespace axb
