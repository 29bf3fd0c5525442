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
//
// The class is declared in mac_bridge.h, which lists the files its members are defined in (as
// src/linux/linux_bridge.h does); this one holds the thread, permission and events.
#import <AppKit/AppKit.h>
#import <ApplicationServices/ApplicationServices.h>
#include <unistd.h>

#include <functional>
#include <iterator>
#include <memory>
#include <mutex>
#include <set>
#include <thread>
#include <vector>

#include "mac_bridge.h"
#include "roles_mac.h"

namespace axb {
namespace ax {

MacBridge::MacBridge() {
  std::unique_lock<std::mutex> lock(mutex_);
  thread_ = std::thread([this] { run(); });
  ready_.wait(lock, [this] { return runLoop_ != nullptr; });
}

void MacBridge::post(std::function<void()> fn) {
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

void MacBridge::shutdown() {
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

Result<Permission> MacBridge::permission(bool prompt, const Deadline&) {
  NSDictionary* options = @{(__bridge NSString*)kAXTrustedCheckOptionPrompt : @(prompt)};
  bool trusted = AXIsProcessTrustedWithOptions((__bridge CFDictionaryRef)options);
  if (trusted) return Permission{PermissionState::Granted, ""};
  return Permission{PermissionState::Denied, kPermissionMessage};
}

Result<Done> MacBridge::setEventHandler(std::function<void(const Event&)> handler) {
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

void MacBridge::run() {
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

void MacBridge::onPoll(CFRunLoopTimerRef, void* info) {
  auto* self = static_cast<MacBridge*>(info);
  @autoreleasepool {
    self->poll();
  }
}

void MacBridge::poll() {
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
bool MacBridge::addObserver(pid_t pid) {
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

void MacBridge::removeObserver(pid_t pid) {
  auto it = observers_.find(pid);
  if (it == observers_.end()) return;
  CFRunLoopRemoveSource(runLoop_, AXObserverGetRunLoopSource(it->second), kCFRunLoopDefaultMode);
  CFRelease(it->second);
  observers_.erase(it);
}

void MacBridge::onNotification(AXObserverRef, AXUIElementRef element, CFStringRef notification, void* info) {
  auto* self = static_cast<MacBridge*>(info);
  bool focus = CFStringCompare(notification, kAXFocusedUIElementChangedNotification, 0) == kCFCompareEqualTo;
  self->deliver(element, focus ? EventType::FocusChanged : EventType::WindowChanged);
}

void MacBridge::deliver(AXUIElementRef element, EventType type) {
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

}  // namespace ax

std::unique_ptr<Bridge> createBridge() { return std::make_unique<ax::MacBridge>(); }

}  // namespace axb
