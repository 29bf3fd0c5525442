// macOS half of the bridge: AXUIElement, AXObserver and NSWorkspace, mirroring src/linux one-to-one.
//
// UNVERIFIED: this file has never been compiled or run by the project (its CI is Debian). It is
// written against Apple's documented APIs and reviewed line by line (docs/macos-review.md, issue
// #20); the README's platform table says so. What needs no Mac is in shared headers tested on
// Linux: the stale-id store (include/generations.h) and the states and actions
// (include/mac_mapping.h).
//
// One dedicated thread runs a CFRunLoop: every call of the bridge's interface happens there. AX calls
// are bounded by the global messaging timeout (AXUIElementSetMessagingTimeout on the system-wide
// element), set before each call to what is left of the deadline but never above 0.5 s: a hung app
// otherwise blocks for 6 s.
//
// Events have a thread of their own (the watch thread, issue #33): the half-second poll that adds
// observers for apps that start, and the AXObserver sources themselves, run on its run loop, so an
// app that is launching or hung stalls the poll, never a snapshot or a click. The watch thread sets
// no global timeout: each element it asks gets its own (kWatchCallSeconds), and one poll stops
// adding observers at its own deadline (kPollBudgetMs) and goes on at the next tick.
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

#include "../../include/mac_apps.h"
#include "mac_bridge.h"
#include "roles_mac.h"

namespace axb {
namespace ax {

static_assert(mac::kAXCannotComplete == kAXErrorCannotComplete && mac::kAXNotImplemented == kAXErrorNotImplemented &&
                  mac::kAXAlreadyRegistered == kAXErrorNotificationAlreadyRegistered &&
                  mac::kAXAPIDisabled == kAXErrorAPIDisabled,
              "AXError values");

namespace {
constexpr float kWatchCallSeconds = 0.2f;
constexpr double kPollBudgetMs = 300;

// Runs a CFRunLoop on the calling thread until stopped; `loop` is set (under `mutex`) once it runs.
void runLoopUntilStopped(std::mutex& mutex, std::condition_variable& ready, CFRunLoopRef& loop) {
  {
    std::lock_guard<std::mutex> lock(mutex);
    loop = CFRunLoopGetCurrent();
    CFRetain(loop);
  }
  ready.notify_all();
  // A source that never fires keeps the run loop running until it is stopped.
  CFRunLoopTimerRef keepAlive = CFRunLoopTimerCreate(
      nullptr, CFAbsoluteTimeGetCurrent() + 1e9, 1e9, 0, 0, [](CFRunLoopTimerRef, void*) {}, nullptr);
  CFRunLoopAddTimer(loop, keepAlive, kCFRunLoopDefaultMode);
  CFRunLoopRun();
  CFRunLoopTimerInvalidate(keepAlive);
  CFRelease(keepAlive);
}

void performOn(CFRunLoopRef loop, void (^block)(void)) {
  CFRunLoopPerformBlock(loop, kCFRunLoopDefaultMode, block);
  CFRunLoopWakeUp(loop);
}
}  // namespace

MacBridge::MacBridge() {
  bound(Deadline(500));  // the global timeout is 6 s until the first call sets it
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
    performOn(loop, ^{
      CFRunLoopStop(loop);
    });
  }
  if (thread_.joinable()) thread_.join();
  stopWatch();
}

Result<Permission> MacBridge::permission(bool prompt, const Deadline&) {
  NSDictionary* options = @{(__bridge NSString*)kAXTrustedCheckOptionPrompt : @(prompt)};
  bool trusted = AXIsProcessTrustedWithOptions((__bridge CFDictionaryRef)options);
  if (trusted) return Permission{PermissionState::Granted, ""};
  return Permission{PermissionState::Denied, kPermissionMessage};
}

Result<Done> MacBridge::setEventHandler(std::function<void(const Event&)> handler) {
  // R8: without the permission no observer can be added; say so rather than answer done and fail
  // silently on every poll.
  if (handler && !AXIsProcessTrusted()) return Error{ErrorCode::PermissionDenied, kPermissionMessage};
  bool on = static_cast<bool>(handler);
  {
    std::lock_guard<std::mutex> lock(handlerMutex_);
    handler_ = std::move(handler);
  }
  if (on) startWatch();
  std::lock_guard<std::mutex> lock(watchMutex_);
  if (!watchLoop_) return Done{};
  performOn(watchLoop_, ^{
    watchEvents(on);
  });
  return Done{};
}

// Watch thread: starts or stops the poll; stopping removes every observer.
void MacBridge::watchEvents(bool on) {
  if (on && !pollTimer_) {
    // Observers are per app: a timer adds them for apps that start later (and retries those that
    // failed), removes those of apps that quit, and notices the frontmost app changing.
    // NSWorkspace's notifications would need the main run loop, which Node does not turn.
    CFRunLoopTimerContext ctx{0, this, nullptr, nullptr, nullptr};
    pollTimer_ = CFRunLoopTimerCreate(nullptr, CFAbsoluteTimeGetCurrent(), 0.5, 0, 0, &MacBridge::onPoll, &ctx);
    CFRunLoopAddTimer(CFRunLoopGetCurrent(), pollTimer_, kCFRunLoopDefaultMode);
  } else if (!on && pollTimer_) {
    CFRunLoopTimerInvalidate(pollTimer_);
    CFRelease(pollTimer_);
    pollTimer_ = nullptr;
    while (!observers_.empty()) removeObserver(observers_.begin()->first);
    failedObservers_.clear();
  }
}

void MacBridge::startWatch() {
  std::unique_lock<std::mutex> lock(watchMutex_);
  if (watchThread_.joinable() || watchStopped_) return;
  watchThread_ = std::thread([this] {
    runLoopUntilStopped(watchMutex_, watchReady_, watchLoop_);
    watchEvents(false);
  });
  watchReady_.wait(lock, [this] { return watchLoop_ != nullptr; });
}

void MacBridge::stopWatch() {
  {
    std::lock_guard<std::mutex> lock(watchMutex_);
    if (watchStopped_) return;
    watchStopped_ = true;
    if (watchLoop_) {
      CFRunLoopRef loop = watchLoop_;
      performOn(loop, ^{
        CFRunLoopStop(loop);
      });
    }
  }
  if (watchThread_.joinable()) watchThread_.join();
}

void MacBridge::run() {
  runLoopUntilStopped(mutex_, ready_, runLoop_);
  generations_.clear();  // releases every retained element
}

void MacBridge::onPoll(CFRunLoopTimerRef, void* info) {
  auto* self = static_cast<MacBridge*>(info);
  @autoreleasepool {
    self->poll();
  }
}

bool MacBridge::hasHandler() {
  std::lock_guard<std::mutex> lock(handlerMutex_);
  return static_cast<bool>(handler_);
}

// Watch thread, every half second, within kPollBudgetMs.
void MacBridge::poll() {
  if (!hasHandler()) return;
  Deadline budget(kPollBudgetMs);
  std::vector<pid_t> regular = watchApps_.list();
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
    if (budget.expired()) break;  // the rest at the next tick
    if (observers_.count(pid) || pid == getpid()) continue;
    auto failed = failedObservers_.find(pid);
    if (failed != failedObservers_.end()) {
      mac::ObserverRetry retry =
          mac::observerRetry(failed->second.error, failed->second.attempts, now - failed->second.last);
      if (retry == mac::ObserverRetry::Never || retry == mac::ObserverRetry::Later) continue;
      // NoPermission: asked again only once the permission is back (AXIsProcessTrusted is cheap).
      if (retry == mac::ObserverRetry::NoPermission && !AXIsProcessTrusted()) continue;
    }
    int error = addObserver(pid);
    if (error == mac::kAXSuccess) {
      failedObservers_.erase(pid);
    } else {
      auto& f = failedObservers_[pid];
      ++f.attempts;
      f.last = now;
      f.error = error;
    }
  }
  pid_t front = watchFrontmost();
  if (front > 0 && front != lastFront_) {
    lastFront_ = front;
    CF<AXUIElementRef> appEl(AXUIElementCreateApplication(lastFront_));
    AXUIElementSetMessagingTimeout(appEl.get(), kWatchCallSeconds);
    CF<CFTypeRef> win;
    if (AXUIElementCopyAttributeValue(appEl.get(), kAXFocusedWindowAttribute, win.out()) == kAXErrorSuccess && win &&
        CFGetTypeID(win.get()) == AXUIElementGetTypeID())
      deliver(static_cast<AXUIElementRef>(win.get()), EventType::WindowChanged);
  }
}

// Watch thread: the app with the keyboard focus, or 0. The system-wide element answers from the
// accessibility server, within the global timeout the bridge thread keeps at 0.5 s at most.
pid_t MacBridge::watchFrontmost() {
  CF<AXUIElementRef> systemWide(AXUIElementCreateSystemWide());
  CF<CFTypeRef> focused;
  if (AXUIElementCopyAttributeValue(systemWide.get(), kAXFocusedApplicationAttribute, focused.out()) !=
          kAXErrorSuccess ||
      !focused || CFGetTypeID(focused.get()) != AXUIElementGetTypeID())
    return 0;
  pid_t pid = 0;
  AXUIElementGetPid(static_cast<AXUIElementRef>(focused.get()), &pid);
  return pid;
}

// Watch thread: registers focus and window notifications of one app; the AXError when it refused
// all three (mac::observerRetry decides when to try again).
int MacBridge::addObserver(pid_t pid) {
  AXObserverRef observer = nullptr;
  AXError created = AXObserverCreate(pid, &MacBridge::onNotification, &observer);
  if (created != kAXErrorSuccess || !observer) return created != kAXErrorSuccess ? created : kAXErrorFailure;
  CF<AXUIElementRef> appEl(AXUIElementCreateApplication(pid));
  AXUIElementSetMessagingTimeout(appEl.get(), kWatchCallSeconds);
  int added = 0;
  AXError last = kAXErrorSuccess;
  for (CFStringRef n : {kAXFocusedUIElementChangedNotification, kAXFocusedWindowChangedNotification,
                        kAXMainWindowChangedNotification}) {
    AXError e = AXObserverAddNotification(observer, appEl.get(), n, this);
    if (e == kAXErrorSuccess || e == kAXErrorNotificationAlreadyRegistered) ++added;
    else last = e;
  }
  if (added == 0) {
    CFRelease(observer);
    return last;
  }
  CFRunLoopAddSource(CFRunLoopGetCurrent(), AXObserverGetRunLoopSource(observer), kCFRunLoopDefaultMode);
  observers_[pid] = observer;
  return kAXErrorSuccess;
}

// Watch thread.
void MacBridge::removeObserver(pid_t pid) {
  auto it = observers_.find(pid);
  if (it == observers_.end()) return;
  CFRunLoopRemoveSource(CFRunLoopGetCurrent(), AXObserverGetRunLoopSource(it->second), kCFRunLoopDefaultMode);
  CFRelease(it->second);
  observers_.erase(it);
}

void MacBridge::onNotification(AXObserverRef, AXUIElementRef element, CFStringRef notification, void* info) {
  auto* self = static_cast<MacBridge*>(info);
  bool focus = CFStringCompare(notification, kAXFocusedUIElementChangedNotification, 0) == kCFCompareEqualTo;
  self->deliver(element, focus ? EventType::FocusChanged : EventType::WindowChanged);
}

// Watch thread: the event, read with the element's own timeout, to the handler.
void MacBridge::deliver(AXUIElementRef element, EventType type) {
  std::function<void(const Event&)> handler;
  {
    std::lock_guard<std::mutex> lock(handlerMutex_);
    handler = handler_;
  }
  if (!handler) return;
  AXUIElementSetMessagingTimeout(element, kWatchCallSeconds);
  Event ev{};
  ev.type = type;
  ev.pid = pidOf(element);
  ev.app = infoFor(ev.pid).name;
  ev.role = normalizeMacRole(attrString(element, kAXRoleAttribute), attrString(element, kAXSubroleAttribute));
  ev.name = attrString(element, kAXTitleAttribute);
  if (ev.name.empty()) ev.name = attrString(element, kAXDescriptionAttribute);
  handler(ev);
}

}  // namespace ax

std::unique_ptr<Bridge> createBridge() { return std::make_unique<ax::MacBridge>(); }

}  // namespace axb
